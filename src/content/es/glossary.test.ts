import {
  availabilityValues,
  experienceValues,
  languageValues,
  positionValues,
  quoteServiceValues,
  shiftValues,
  skillValues,
  yearsExperienceValues,
} from '../options.ts';
import * as applicationForm from './application-form.ts';
import * as company from './company.ts';
import * as contact from './contact.ts';
import * as forms from './forms.ts';
import { glossary, informal } from './glossary.ts';
import { NOTHING_PUBLISHED, type Content } from '../published.ts';
import * as home from './home.ts';
import * as language from './language.ts';
import * as navigation from './navigation.ts';
import * as privacy from './privacy.ts';
import * as quoteForm from './quote-form.ts';
import * as site from './site.ts';
import * as team from './team.ts';

/** A module's exports, each content function (`companyContent`) as nothing published has it. */
function withCodeContent(module: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(module).map(([name, value]) =>
      name.endsWith('Content') && typeof value === 'function'
        ? [name, (value as Content<unknown>)(NOTHING_PUBLISHED)]
        : [name, value],
    ),
  );
}

const modules = Object.fromEntries(
  Object.entries({
    applicationForm,
    company,
    contact,
    forms,
    home,
    language,
    navigation,
    privacy,
    quoteForm,
    site,
    team,
  }).map(([name, module]) => [name, withCodeContent(module)]),
);

/** Arguments a content function is called with; the sets it throws on are skipped. */
const sampleArguments: unknown[][] = [
  [1, 7],
  [3, 7],
  [2.5, 7],
  ['Ejemplo', 'Ejemplo'],
  [['Ejemplo']],
  [['Ejemplo', 'Otro']],
];

/**
 * Members that are data, not words: ids, paths, links, option values sent to the server (canonical,
 * in English: ../options.ts), and the English day names of schema.org's opening hours.
 */
const dataKeys = new Set([
  'id',
  'to',
  'href',
  'value',
  'e164',
  'code',
  'locale',
  'documentPath',
  'mapsUrl',
  'whatsappUrl',
  'dayOfWeek',
  'opens',
  'closes',
]);

/** Every string reachable from `value`: its own, its members', and what its functions return. */
function stringsOf(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return [];
  if (seen.has(value)) return [];
  seen.add(value);
  if (typeof value === 'function') {
    return sampleArguments.flatMap((args) => {
      let result: unknown;
      try {
        result = (value as (...args: unknown[]) => unknown)(...args);
      } catch {
        return [];
      }
      return stringsOf(result, seen);
    });
  }
  return Object.entries(value as object).flatMap(([key, member]) =>
    dataKeys.has(key) ? [] : stringsOf(member, seen),
  );
}

const strings = [...new Set(stringsOf(modules))];

/** `term` as a whole word (or its plural), whatever the case; letters with accents count. */
function wordPattern(term: string): RegExp {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu');
}

/** E-mail addresses and links are not words either ("bookings@…" is no "booking"). */
function wordsOf(text: string): string {
  return text.replace(/\S+@\S+|\b(?:https?|mailto):\S+/g, '');
}

function stringsWith(term: string): string[] {
  const pattern = wordPattern(term);
  return strings.filter((text) => pattern.test(wordsOf(text)));
}

describe('the Spanish dictionary', () => {
  it('has strings to check, the results of its functions among them', () => {
    expect(strings.length).toBeGreaterThan(300);
    expect(strings).toContain('Mostrar diapositiva 3');
    expect(strings).toContain('1 byte');
  });

  it('uses none of the words the glossary avoids', () => {
    const found = glossary.flatMap(({ avoid = [] }) =>
      avoid.flatMap((term) => stringsWith(term).map((text) => `${term}: ${text}`)),
    );
    expect(found).toEqual([]);
  });

  it('addresses the visitor as usted, never as tú', () => {
    const found = informal.flatMap((form) => stringsWith(form).map((text) => `${form}: ${text}`));
    expect(found).toEqual([]);
  });

  it('uses every term of the glossary, so that the glossary does not drift', () => {
    const unused = glossary.filter(({ es }) => stringsWith(es).length === 0).map(({ es }) => es);
    expect(unused).toEqual([]);
  });

  it('sends the canonical option values, whatever their Spanish labels', () => {
    const valuesOf = (options: readonly { value: string }[]) =>
      options.map((option) => option.value);
    expect(valuesOf(quoteForm.quoteServiceOptions)).toEqual(quoteServiceValues);
    expect(valuesOf(applicationForm.positionOptions)).toEqual(positionValues);
    expect(valuesOf(applicationForm.experienceOptions)).toEqual(experienceValues);
    expect(valuesOf(applicationForm.yearsExperienceOptions)).toEqual(yearsExperienceValues);
    expect(valuesOf(applicationForm.availabilityOptions)).toEqual(availabilityValues);
    expect(valuesOf(applicationForm.shiftOptions)).toEqual(shiftValues);
    expect(valuesOf(applicationForm.skillOptions)).toEqual(skillValues);
    expect(valuesOf(applicationForm.languageOptions)).toEqual(languageValues);
  });
});
