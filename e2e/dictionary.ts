// The words of both languages' content modules (src/content and src/content/es), for the browser
// tests that check no English is left on the Spanish site, and no Spanish is downloaded by the
// English one.
import * as facts from '../src/content/business';
import * as enApplication from '../src/content/application-form';
import * as enCompany from '../src/content/company';
import * as enContact from '../src/content/contact';
import * as enForms from '../src/content/forms';
import * as enHome from '../src/content/home';
import * as enNavigation from '../src/content/navigation';
import * as enPrivacy from '../src/content/privacy';
import * as enQuote from '../src/content/quote-form';
import * as enSite from '../src/content/site';
import * as enTeam from '../src/content/team';
import * as esApplication from '../src/content/es/application-form';
import * as esCompany from '../src/content/es/company';
import * as esContact from '../src/content/es/contact';
import * as esForms from '../src/content/es/forms';
import * as esHome from '../src/content/es/home';
import * as esNavigation from '../src/content/es/navigation';
import * as esPrivacy from '../src/content/es/privacy';
import * as esQuote from '../src/content/es/quote-form';
import * as esSite from '../src/content/es/site';
import * as esTeam from '../src/content/es/team';
import * as options from '../src/content/options';
import { NOTHING_PUBLISHED, type Content } from '../src/content/published';

const SAMPLE_ARGUMENTS = [3, 7];

/** A module's exports, each content function (`companyContent`) as nothing published has it. */
function withCodeContent(module: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(module).map(([name, value]: [string, unknown]) =>
      name.endsWith('Content') && typeof value === 'function'
        ? [name, (value as Content<unknown>)(NOTHING_PUBLISHED)]
        : [name, value],
    ),
  );
}

function collect(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    const text = value.replace(/\s+/g, ' ').trim();
    if (text) into.add(text);
  } else if (typeof value === 'function') {
    try {
      collect((value as (...args: unknown[]) => unknown)(...SAMPLE_ARGUMENTS), into);
    } catch {
      // A function that wants other arguments (a list of names): its words are elsewhere too.
    }
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collect(item, into);
  }
  return into;
}

const english = [
  enApplication,
  enCompany,
  enContact,
  enForms,
  enHome,
  enNavigation,
  enPrivacy,
  enQuote,
  enSite,
  enTeam,
].map(withCodeContent);
const spanish = [
  esApplication,
  esCompany,
  esContact,
  esForms,
  esHome,
  esNavigation,
  esPrivacy,
  esQuote,
  esSite,
  esTeam,
].map(withCodeContent);

/** Names, numbers, addresses and links (business.ts), and the values the forms send. */
const shared = collect([withCodeContent(facts), options], new Set());

const englishStrings = collect(english, new Set());
const spanishStrings = collect(spanish, new Set());

/**
 * Strings the two dictionaries write the same on purpose, besides the facts: words Spanish
 * borrows, figures and tags. Anything else the same in both is a string left untranslated.
 */
export const SAME_IN_BOTH = new Set<string>([
  'No',
  'Error:',
  'WhatsApp',
  'Fortune 500',
  'Bartender',
  'Supervisor',
  'Maryland',
  'Washington, D.C.',
  'Washington D.C. · Maryland · Virginia',
  // The name of a browser signal (the privacy note).
  'Global Privacy Control',
  // How a range of times is written ('9:00 AM - 5:00 PM'): the same pattern in both.
  '{from} - {to}',
  // A file's size (the résumé field), with the sample argument 3.
  '3 bytes',
  '3 KB',
  '3 MB',
]);

/** Data in the content that no one reads: ids, icon names ('chef-hat'), paths, '(3)'. */
function isData(text: string): boolean {
  return /^[a-z0-9-]+$/.test(text) || /^[/#]/.test(text) || !/\p{L}{2}/u.test(text);
}

/** The strings of one dictionary that are words of its own language (not shared, not allowed). */
function words(set: Set<string>): string[] {
  return [...set].filter((text) => !shared.has(text) && !SAME_IN_BOTH.has(text) && !isData(text));
}

/** Every English string of the dictionary that the Spanish site must not show. */
export const englishWords = words(englishStrings);
/** Every Spanish string of the dictionary that the English site must not download. */
export const spanishWords = words(spanishStrings);
/** Strings written the same in both dictionaries that are not known to be shared. */
export const untranslated = words(englishStrings).filter((text) => spanishStrings.has(text));
