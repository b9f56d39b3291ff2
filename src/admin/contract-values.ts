/**
 * The contract's plain values, without zod: the limits, the statuses, the setup code's shape, the
 * roster's filters. The inbox's first script (the sign-in, the list) imports them from here, so
 * that zod's schemas load with the screens that use them; contract.ts re-exports them all.
 */
import {
  availabilityValues,
  experienceValues,
  languageValues,
  positionValues,
  shiftValues,
} from '../content/options.ts';

export const submissionStatuses = ['new', 'in_progress', 'handled', 'spam'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any pass phrase; short enough that hashing it costs nothing extra. */
export const PASSWORD_MAX_LENGTH = 1024;
export const NOTE_MAX_LENGTH = 5000;
export const SEARCH_MAX_LENGTH = 200;
export const PAGE_SIZE = 50;

export const SETUP_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SETUP_CODE_GROUP_LENGTH = 4;
export const SETUP_CODE_LENGTH = 3 * SETUP_CODE_GROUP_LENGTH;
/** What a person may mistype for a symbol of the alphabet (Crockford's decoding). */
const LOOK_ALIKES: Record<string, string> = { I: '1', L: '1', O: '0' };

/** Symbols in groups of four joined by hyphens. */
export function groupSetupCode(symbols: string): string {
  return (symbols.match(new RegExp(`.{1,${SETUP_CODE_GROUP_LENGTH}}`, 'g')) ?? []).join('-');
}

/**
 * A typed code as the server stores it, or undefined when it cannot be one: any case, spaces and
 * hyphens anywhere, I and L read as 1, O as 0.
 */
export function normaliseSetupCode(typed: string): string | undefined {
  const symbols = [...typed.toUpperCase().replace(/[\s-]/g, '')]
    .map((symbol) => LOOK_ALIKES[symbol] ?? symbol)
    .join('');
  const valid = [...symbols].every((symbol) => SETUP_CODE_ALPHABET.includes(symbol));
  return symbols.length === SETUP_CODE_LENGTH && valid ? groupSetupCode(symbols) : undefined;
}

/**
 * The applicant roster's filters: each the application field it reads and the values it may take.
 * Several values of one filter: any of them (OR); several filters: all of them (AND).
 */
export const rosterFilters = {
  position: { field: 'positionInterest', values: positionValues },
  language: { field: 'languages', values: languageValues },
  day: { field: 'availability', values: availabilityValues },
  shift: { field: 'shiftPreference', values: shiftValues },
  experience: { field: 'hasExperience', values: experienceValues },
} as const;
export type RosterFilterName = keyof typeof rosterFilters;
export const rosterFilterNames = Object.keys(rosterFilters) as RosterFilterName[];

/** The one view that is not a filter: open quotes, the oldest (the most overdue) first. */
export const NEEDS_REPLY = 'needs-reply';

/** Mail that has waited longer than this is told to the owner (the inbox's notice). */
export const MAIL_LATE_MS = 15 * 60_000;

/**
 * How long an e-mail waits for a relay that cannot be reached or refuses the sign-in before it is
 * given up (its submission's page then has Send again): such failures use up none of its tries.
 */
export const MAIL_MAX_WAIT_DAYS = 7;

/**
 * How many tries a failure of the message (a 4xx, a connection lost while sending) may use before
 * the e-mail is given up: server/mail/outbox.ts's maxAttempts unless told.
 */
export const MAIL_MAX_TRIES = 30;

/** The forms a retention period can be set for (RETAIN_<FORM>S_DAYS). */
export const retentionForms = ['application', 'quote'] as const;
export type RetentionForm = (typeof retentionForms)[number];
