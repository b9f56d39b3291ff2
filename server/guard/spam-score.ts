/**
 * How likely a submission is spam: a pure function of what the receiver knows about the post (its
 * proof of work, how soon after the challenge it came) and what it says. Each signal adds its
 * weight and names itself by a reason code; the inbox shows the codes in words
 * (src/content/admin.ts). No single weak signal is enough: a visitor without script has no proof
 * of work and must still arrive.
 */

/** The proof of work as the receiver found it (server/guard/proof-of-work.ts). */
export type ProofOfWork =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'replayed' }
  | { kind: 'valid'; issuedAt: number };

export const spamReasons = [
  'pow-missing',
  'pow-invalid',
  'pow-replayed',
  'too-fast',
  'links',
  'many-links',
  'random-name',
  'foreign-script',
] as const;
export type SpamReason = (typeof spamReasons)[number];

const WEIGHTS: Record<SpamReason, number> = {
  // Small: a visitor without script, or whose phone could not solve it in time, still arrives.
  'pow-missing': 1,
  // A forged or reused proof is a robot's.
  'pow-invalid': 5,
  'pow-replayed': 5,
  'too-fast': 2,
  links: 2,
  'many-links': 5,
  'random-name': 2,
  'foreign-script': 3,
};

/** At or above this score a submission goes to Spam. */
export const SPAM_THRESHOLD = 5;
/** Sent sooner than this after the challenge was issued: no person fills a form so fast. */
export const TOO_FAST_MS = 3_000;
const SOME_LINKS = 3;
const MANY_LINKS = 5;
/** Letters of another script than Latin, in all the text, before they count. */
const FOREIGN_LETTERS = 3;

export interface SpamInput {
  proofOfWork: ProofOfWork;
  /** When the post arrived (ms since the epoch). */
  at: number;
  /** The submission's fields as stored. */
  fields: Record<string, unknown>;
  /** The sender's name as typed. */
  name?: string | undefined;
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

export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/**
 * A name that no parent gave: a word of letters with no vowel at all, a run of six consonants, or
 * capitals scattered inside a word ('xJkqPzvRt'). Accents count as their letter (José Ñúñez is a
 * name); McDonald's one inner capital is fine.
 */
export function isRandomName(name: string): boolean {
  const words =
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .match(/\p{L}+/gu) ?? [];
  return words.some((word) => {
    if (!/^[A-Za-z]+$/.test(word) || word.length < 4) return false;
    if (!/[aeiouy]/i.test(word)) return true;
    if (/[b-df-hj-np-tv-xz]{6,}/i.test(word)) return true;
    const innerCapitals = word.slice(1).match(/[A-Z]/g)?.length ?? 0;
    return innerCapitals >= 2 && /[a-z]/.test(word);
  });
}

/** Letters of scripts the forms never see (Cyrillic, CJK, Arabic…): English and Spanish are Latin. */
export function foreignLetters(text: string): number {
  return text.match(/(?!\p{Script=Latin})\p{L}/gu)?.length ?? 0;
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

/** The submission's score, its reasons (in the order of `spamReasons`), and whether it is spam. */
export function spamScore(input: SpamInput): SpamScore {
  const all = texts(input.fields);
  const links = all.reduce((sum, text) => sum + countLinks(text), 0);
  const found = new Set<SpamReason>(proofReasons(input.proofOfWork, input.at));
  if (links >= MANY_LINKS) found.add('many-links');
  else if (links >= SOME_LINKS) found.add('links');
  if (input.name !== undefined && isRandomName(input.name)) found.add('random-name');
  if (all.reduce((sum, text) => sum + foreignLetters(text), 0) >= FOREIGN_LETTERS) {
    found.add('foreign-script');
  }
  const reasons = spamReasons.filter((reason) => found.has(reason));
  const score = reasons.reduce((sum, reason) => sum + WEIGHTS[reason], 0);
  return { score, reasons, spam: score >= SPAM_THRESHOLD };
}
