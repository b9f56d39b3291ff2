/**
 * How likely a submission is spam: a pure function of what the receiver knows about the post (its
 * proof of work, how soon after the challenge it came, the spam trap) and what it says. Each
 * signal adds its weight and names itself by a reason code; the inbox shows the codes in words
 * (src/content/admin.ts). Measured on a labelled corpus (spam-corpus/, server/guard/README.md).
 *
 * Two kinds of signal. What a real client may show (no script, an autofilled form, a name with
 * inner capitals, a few links to the venue) is weak: all of them together stay under the
 * threshold. What marks spam is what robots and spammers do and clients do not: a forged or
 * reused proof, the filled trap, a farm of links or link markup, an SEO, crypto or pharmacy
 * pitch, the same text again and again, gibberish.
 */

/** The proof of work as the receiver found it (server/guard/proof-of-work.ts). */
export type ProofOfWork =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'replayed' }
  | { kind: 'valid'; issuedAt: number };

/**
 * Every code a stored row may carry, in the order scores list them. 'foreign-script' is no longer
 * given (a Cyrillic or Chinese name is a customer) but rows scored before keep it.
 */
export const spamReasons = [
  'honeypot',
  'pow-missing',
  'pow-invalid',
  'pow-replayed',
  'too-fast',
  'links',
  'many-links',
  'link-markup',
  'random-name',
  'gibberish',
  'repeated-text',
  'spam-words',
  'foreign-script',
] as const;
export type SpamReason = (typeof spamReasons)[number];

/** At or above this score a submission goes to Spam. */
export const SPAM_THRESHOLD = 5;

const WEIGHTS: Record<SpamReason, number> = {
  // A robot's, each enough on its own.
  honeypot: SPAM_THRESHOLD,
  'pow-invalid': SPAM_THRESHOLD,
  'pow-replayed': SPAM_THRESHOLD,
  // What a real client may show: together at most 1 + 2 + 1 = 4, under the threshold.
  'pow-missing': 1,
  'too-fast': 1,
  'random-name': 2,
  links: 1,
  // What spammers write and clients do not: each enough on its own.
  'many-links': SPAM_THRESHOLD,
  'link-markup': SPAM_THRESHOLD,
  'repeated-text': SPAM_THRESHOLD,
  'spam-words': SPAM_THRESHOLD,
  // Gibberish with a random name, or with any other sign.
  gibberish: 3,
  'foreign-script': 0,
};

/** The signals a real client may show at once; their sum must stay under the threshold. */
export const CLIENT_SIGNALS = [
  ['pow-missing', 'too-fast'],
  ['random-name'],
  ['links'],
] as const satisfies readonly (readonly SpamReason[])[];

export function weightOf(reason: SpamReason): number {
  return WEIGHTS[reason];
}

/** Sent sooner than this after the challenge was issued: an autofilled form, or a robot. */
export const TOO_FAST_MS = 3_000;
/** A venue, its map, its parking page: a client's links. */
const SOME_LINKS = 3;
/** A farm: more than any client's message about one event holds. */
const MANY_LINKS = 8;

export interface SpamInput {
  proofOfWork: ProofOfWork;
  /** When the post arrived (ms since the epoch). */
  at: number;
  /** The submission's fields as stored. */
  fields: Record<string, unknown>;
  /** The sender's name as typed. */
  name?: string | undefined;
  /** The spam trap (`_gotcha`) was filled: no person sees it. */
  honeypot?: boolean | undefined;
}

export interface SpamScore {
  score: number;
  reasons: SpamReason[];
  spam: boolean;
}

/** Every text of the fields, lists included. */
function texts(fields: Record<string, unknown>): string[] {
  return Object.values(fields).flatMap((value) =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.filter((item): item is string => typeof item === 'string')
        : [],
  );
}

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+|\[url[=\]]|<a\s+href/giu;
/** BBCode and HTML links: pasted by link-farm robots, never typed in a plain text box. */
const LINK_MARKUP = /\[url[=\]]|\[link[=\]]|<a\s+href|\]\(https?:\/\//iu;

export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** Words without accents: 'Nguyễn' is 'Nguyen'. */
function plainWords(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .match(/\p{L}+/gu) ?? []
  );
}

const KEYBOARD_RUN = /qwert|asdfg|zxcvb|hjkl|yxcv|poiuy|lkjh|mnbv/i;

/** 'DeLaCruz', 'McDonald', 'MacArthur': capitalised parts, each a syllable or more. */
function isCapitalisedParts(word: string): boolean {
  const parts = word.match(/[A-Z][a-z]*/g) ?? [];
  return (
    parts.join('') === word &&
    parts.every((part) => part.length >= 2 && /[aeiouy]/i.test(part.slice(part === 'Mc' ? 0 : 1)))
  );
}

/** One Latin word that no parent (nor dictionary) gave. */
function isRandomWord(word: string): boolean {
  if (!/^[A-Za-z]+$/.test(word) || word.length < 4) return false;
  if (!/[aeiouy]/i.test(word)) return true;
  if (/[b-df-hj-np-tv-xz]{6,}/i.test(word)) return true;
  if (KEYBOARD_RUN.test(word)) return true;
  const innerCapitals = word.slice(1).match(/[A-Z]/g)?.length ?? 0;
  return innerCapitals >= 2 && /[a-z]/.test(word) && !isCapitalisedParts(word);
}

/**
 * A name that no parent gave: a word of letters with no vowel at all, a run of six consonants, a
 * run of keys, or capitals scattered inside a word ('xJkqPzvRt'). Accents count as their letter
 * (José Ñúñez is a name); McDonald, DeLaCruz and MacArthur are names; other scripts are not read.
 */
export function isRandomName(name: string): boolean {
  return plainWords(name).some(isRandomWord);
}

/** Letters of scripts other than Latin (Cyrillic, CJK, Arabic…). Kept for the inbox's old rows. */
export function foreignLetters(text: string): number {
  return text.match(/(?!\p{Script=Latin})\p{L}/gu)?.length ?? 0;
}

/** Text of random letters: at least three such words of five letters or more, a third of them. */
export function isGibberish(text: string): boolean {
  const words = plainWords(text.replace(LINK, ' ')).filter((word) => word.length >= 5);
  const random = words.filter(isRandomWord).length;
  return random >= 3 && random * 3 >= words.length;
}

/** Words too common to count as repeated text. */
const COMMON = new Set([
  'the',
  'and',
  'for',
  'you',
  'our',
  'que',
  'los',
  'las',
  'del',
  'con',
  'una',
]);

/** How many times each key came, counted as they come. */
function counter() {
  const counts = new Map<string, number>();
  return (key: string) => {
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count;
  };
}

/** One text saying the same again: a sentence three times, or one word as a third of it. */
function repeatsItself(text: string): boolean {
  const more = counter();
  const sentences = text.split(/[\n.!?]+/u).map((line) => line.trim().toLowerCase());
  if (sentences.some((line) => line.length >= 8 && more(`line:${line}`) >= 3)) return true;
  const words = plainWords(text.toLowerCase());
  if (words.length < 10) return false;
  return words.some((word) => {
    if (word.length < 3 || COMMON.has(word)) return false;
    const count = more(`word:${word}`);
    return count >= 4 && count * 3 >= words.length;
  });
}

/**
 * The same text again and again: in one field (a sentence of 8 characters or more three times,
 * one word of three letters or more four times and a third of 10 or more), or one value of 8
 * characters or more in three fields.
 */
export function isRepeated(values: readonly string[]): boolean {
  const more = counter();
  const same = values.map((value) => value.trim().toLowerCase()).filter((v) => v.length >= 8);
  return same.some((value) => more(value) >= 3) || values.some(repeatsItself);
}

/**
 * What SEO sellers, crypto schemes, pharmacies, casinos and lenders write, and an event's client
 * does not: two different ones make a pitch (one alone is a client's word, a crypto conference).
 */
const SPAM_TERMS: readonly RegExp[] = [
  /\bseo\b/,
  /\bback-?links?\b/,
  /first page of google|google'?s? first page|page one of google/,
  /\brank(?:ing|s)? (?:higher|on google|your (?:site|website))/,
  /\bsearch engine/,
  /\bdomain authority\b|\bda\/?pa\b/,
  /\bguest posts?\b/,
  /\b(?:website|organic|web) traffic\b/,
  /\b(?:digital )?marketing (?:services|agency|team|experts?)\b/,
  /\bweb ?(?:design|development) services\b/,
  /\bbitcoin\b|\bbtc\b|\bcrypto(?:currency|currencies)?\b|\busdt\b|\bethereum\b/,
  /\b(?:investment|trading) platform\b|\bforex\b|\bbinary options?\b/,
  /\bdouble your\b|\bguaranteed (?:returns?|profits?)\b|\bpassive income\b/,
  /\bwallet\b.*\b(?:airdrop|withdraw)|\bairdrop\b|\bwithdraw(?:al)?\b/,
  /\bviagra\b|\bcialis\b|\bpharmacy\b|\bpills?\b/,
  /\bcasino\b|\bbetting\b|\bslots?\b.*\bbonus\b/,
  /\bpayday loans?\b|\bloan offer\b|\bcredit repair\b/,
  /\bclick here\b|\bact now\b|\blimited (?:time )?offer\b/,
  /\bunsubscribe\b|\bopt[- ]out\b/,
  /\bwhatsapp\b|\btelegram\b/,
  /\b(?:earn|make) \$?\d[\d,]*|\b\d+% (?:profit|returns?|roi)\b/,
  /\bcheap\b.*\b(?:buy|order)\b|\bbuy (?:now|cheap)\b/,
  /\blead generation\b|\bleads list\b|\bemail list\b/,
];

export function spamTerms(text: string): number {
  const lower = text.toLowerCase();
  return SPAM_TERMS.filter((term) => term.test(lower)).length;
}

function proofReasons(proof: ProofOfWork, at: number): SpamReason[] {
  switch (proof.kind) {
    case 'missing':
      return ['pow-missing'];
    case 'invalid':
      return ['pow-invalid'];
    case 'replayed':
      return ['pow-replayed'];
    case 'valid':
      return at - proof.issuedAt < TOO_FAST_MS ? ['too-fast'] : [];
  }
}

/** What the text says: its links, its words, its repeats. */
function contentReasons(all: readonly string[]): SpamReason[] {
  const text = all.join('\n');
  const links = countLinks(text);
  const found: SpamReason[] = [];
  if (links >= MANY_LINKS) found.push('many-links');
  else if (links >= SOME_LINKS) found.push('links');
  if (LINK_MARKUP.test(text)) found.push('link-markup');
  if (all.some(isGibberish)) found.push('gibberish');
  if (isRepeated(all)) found.push('repeated-text');
  if (spamTerms(text) >= 2) found.push('spam-words');
  return found;
}

/** The submission's score, its reasons (in the order of `spamReasons`), and whether it is spam. */
export function spamScore(input: SpamInput): SpamScore {
  const all = texts(input.fields);
  const found = new Set<SpamReason>([
    ...proofReasons(input.proofOfWork, input.at),
    ...contentReasons(all),
  ]);
  if (input.honeypot) found.add('honeypot');
  if (input.name !== undefined && isRandomName(input.name)) found.add('random-name');
  const reasons = spamReasons.filter((reason) => found.has(reason));
  const score = reasons.reduce((sum, reason) => sum + WEIGHTS[reason], 0);
  return { score, reasons, spam: score >= SPAM_THRESHOLD };
}
