/**
 * An answer's own words apart from what it quotes: the lines quoted with '>', and the quoted
 * message itself from its attribution on ("On … wrote:", "El … escribió:", Outlook's
 * "-----Original Message-----" or its From:/Sent: block) to the end. Plain text only: an HTML
 * answer is read as the text mailparser makes of it, never kept as HTML.
 */

export interface AnswerText {
  /** The visitor's own words. */
  body: string;
  /** What they quoted (our reply, usually); null when nothing was. */
  quoted: string | null;
}

/** "On Mon, … wrote:" / "El lun, … escribió:", on one line. */
const ATTRIBUTION = /^\s*(on|el)\s.*\s(wrote|escribi[óo])\s*:\s*$/i;
const ATTRIBUTION_START = /^\s*(on|el)\s/i;
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*(original message|mensaje original)\s*-{2,}\s*$/i;
const HEADER_FROM = /^\s*\*?(from|de)\s*:/i;
const HEADER_NEXT = /^\s*\*?(sent|enviado|date|fecha|to|para|subject|asunto|cc)\s*:/i;
const HEADER_SENT = /^\s*\*?(sent|enviado|date|fecha)\s*:/i;
/** Outlook's line above the block: underscores in its text part, its <hr> as dashes in HTML's text. */
const SEPARATOR = /^\s*[-_]{10,}\s*$/;

/** Whether the quoted message starts at line `index` (a mail client's attribution or header block). */
function quoteStartsAt(lines: readonly string[], index: number): boolean {
  const line = lines[index] ?? '';
  if (ATTRIBUTION.test(line) || ORIGINAL_MESSAGE.test(line)) return true;
  // Gmail wraps a long attribution ("On …, Name <address>\nwrote:").
  if (ATTRIBUTION_START.test(line)) {
    const joined = [line, lines[index + 1] ?? '', lines[index + 2] ?? ''];
    if (ATTRIBUTION.test(joined.slice(0, 2).join(' ')) || ATTRIBUTION.test(joined.join(' '))) {
      return true;
    }
  }
  const next = lines.slice(index + 1, index + 4);
  // Outlook's block: From: with Sent:/Date: right after, or an address and other headers near;
  // never the visitor's own "From: 6 pm / To: 11 pm".
  if (HEADER_FROM.test(line)) {
    if (HEADER_SENT.test(next[0] ?? '')) return true;
    return line.includes('@') && next.some((candidate) => HEADER_NEXT.test(candidate));
  }
  if (SEPARATOR.test(line)) return HEADER_FROM.test(lines[index + 1] ?? '');
  return false;
}

/** Lines without trailing blank lines at either end. */
function trimLines(lines: readonly string[]): string {
  return lines
    .join('\n')
    .replace(/^\s*\n/, '')
    .trimEnd();
}

/** Splits an answer's text into the visitor's own words and the text they quoted. */
export function splitAnswer(text: string): AnswerText {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const own: string[] = [];
  const quoted: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (quoteStartsAt(lines, index)) {
      quoted.push(...lines.slice(index));
      break;
    }
    if (/^\s*>/.test(line)) quoted.push(line);
    else own.push(line);
  }
  const quotedText = trimLines(quoted);
  return { body: trimLines(own).trim(), quoted: quotedText === '' ? null : quotedText };
}
