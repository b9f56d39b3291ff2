/**
 * A labelled corpus of form posts, to measure the spam score on (spam-score.corpus.test.ts, the
 * confusion table in ../README.md, `npm run bench:server -- spam-score`). Test data only: every
 * person, address and site is fictional (example.com, 555 numbers); the links point at nothing.
 */

/**
 * How the proof of work came: solved a minute before the post, missing (no script), solved but
 * sent within 3 s of the challenge (an autofilled form, or a robot), forged, or replayed.
 */
export type CorpusProof = 'solved' | 'missing' | 'autofill' | 'forged' | 'replayed';

export interface CorpusPost {
  /** What the post is, in a few words (named when a test fails). */
  note: string;
  form: 'quote' | 'application';
  proof: CorpusProof;
  /** The spam trap was filled. */
  honeypot?: boolean;
  fields: Record<string, unknown>;
}

const QUOTE = {
  phone: '(202) 555-0143',
  eventDate: '2027-03-14',
  guestCount: '120',
  address: 'The Willard, 1401 Pennsylvania Ave NW, Washington, DC',
  services: 'Servers & Waitstaff, Bartenders & Mixologists',
};

const APPLICATION = {
  phone: '703-555-0188',
  address: '8230 Leesburg Pike, Vienna, VA 22182',
  dateOfBirth: '1994-03-12',
  positionInterest: ['Bartender'],
  hasExperience: 'yes',
  yearsExperience: '3-5',
  previousExperience: '',
  availability: ['Friday', 'Saturday'],
  shiftPreference: 'noche',
  skills: ['Teamwork'],
  certifications: '',
  languages: ['English'],
  otherCompanies: '',
  references: '',
};

/** A quote request: who, their address, their message; other fields as a typical one. */
export function quote(
  proof: CorpusProof,
  clientName: string,
  email: string,
  additionalInfo: string,
  more: Record<string, unknown> = {},
  note = `quote from ${clientName}`,
): CorpusPost {
  return {
    note,
    form: 'quote',
    proof,
    fields: { ...QUOTE, clientName, email, additionalInfo, ...more },
  };
}

/** A job application, in the same way. */
export function application(
  proof: CorpusProof,
  fullName: string,
  email: string,
  additionalInfo: string,
  more: Record<string, unknown> = {},
  note = `application from ${fullName}`,
): CorpusPost {
  return {
    note,
    form: 'application',
    proof,
    fields: { ...APPLICATION, fullName, email, additionalInfo, ...more },
  };
}

/** The name a post gives (the spam score reads it). */
export function nameOf(post: CorpusPost): string | undefined {
  const name = post.form === 'quote' ? post.fields.clientName : post.fields.fullName;
  return typeof name === 'string' ? name : undefined;
}
