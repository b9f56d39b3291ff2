import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from '../../src/content/opening-hours.ts';
import { applyFields, NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { partOf, siteParts } from '../../src/content/site-parts.ts';
import { defaultStored, problems, resolve } from '../../src/content/site-values.ts';
import { parsePhone } from '../../src/content/site-fields.ts';
import {
  draftError,
  fieldLabel,
  launchChecklist,
  publishProblems,
  runtimeContent,
} from './site-content.ts';
import { describeChanges } from './describe-changes.ts';

const text = (en: string, es: string) => ({ en, es });
const messagesOf = (fields: Record<string, unknown>) =>
  publishProblems(fields).map((p) => p.message);

describe('the rules of the owner’s fields, checked before a publish', () => {
  it('takes a real North American phone in any usual form, and refuses others', () => {
    expect(parsePhone('202-555-2368')).toEqual({ display: '(202) 555-2368', e164: '+12025552368' });
    expect(parsePhone('+1 (703) 555 2368')?.e164).toBe('+17035552368');
    for (const wrong of [
      '555-2368',
      '(123) 555-2368',
      '(202) 155-2368',
      '(911) 555-2368',
      '(703) 555-0142',
    ]) {
      expect(parsePhone(wrong), wrong).toBeUndefined();
    }
    const typed = { display: '(202) 55', e164: '' };
    expect(messagesOf({ 'business/phones.office': typed })).toEqual([
      'Enter a real North American phone number: 10 digits with the area code, e.g. (703) 555-2368.',
    ]);
    expect(messagesOf({ 'business/phones.office': parsePhone('2025552368') })).toEqual([]);
  });

  it('takes links that are https, tel or mailto only', () => {
    const link = (href: string) => messagesOf({ 'business/social.0.href': href });
    expect(link('https://www.facebook.com/potomac')).toEqual([]);
    expect(link('')).toEqual([]);
    for (const wrong of [
      'javascript:alert(1)',
      'http://example.com',
      'data:text/html,hi',
      'ftp://x.y',
    ]) {
      expect(link(wrong), wrong).toEqual([expect.stringContaining('https://')]);
    }
  });

  it('keeps texts plain: markup is only text, line breaks only where the text has lines', () => {
    const intro = 'home.hero/intro';
    expect(messagesOf({ [intro]: text('<script>alert(1)</script>', 'Hola') })).toEqual([]);
    expect(messagesOf({ [intro]: text('One\nTwo', 'Uno') })).toEqual([]);
    expect(messagesOf({ 'home.hero/eyebrow': text('One\nTwo', 'Uno') })).toEqual([
      'This text is one line: take out the line break.',
    ]);
    expect(messagesOf({ 'home.hero/eyebrow': text('Bell\u0007', 'Uno') })).toEqual([
      'Take out the invisible control characters.',
    ]);
  });

  it('bounds each text so that it fits at 390 px, and names an empty Spanish text', () => {
    const [problem] = publishProblems({ 'home.hero/eyebrow': text('x'.repeat(500), 'y') });
    expect(problem?.message).toMatch(/^Keep this to \d+ characters or fewer/);
    expect(problem?.language).toBe('en');
    expect(publishProblems({ 'home.hero/eyebrow': text('Washington', '  ') })).toEqual([
      {
        key: 'home.hero/eyebrow',
        label: 'Home: hero › Small heading',
        language: 'es',
        message: 'Write this text; it cannot be empty.',
      },
    ]);
  });

  it('checks the site’s address, the e-mail, figures, hours and lists’ lengths', () => {
    expect(messagesOf({ 'business/siteUrl': 'https://www.potomacstaffing.com/' })).toHaveLength(1);
    expect(messagesOf({ 'business/siteUrl': 'https://www.potomacstaffing.com' })).toEqual([]);
    expect(messagesOf({ 'business/email': 'not an address' })).toHaveLength(1);
    expect(messagesOf({ 'business/figures.events': '5000 events' })).toHaveLength(1);
    const week = DEFAULT_OPENING_HOURS.map((day) => ({ ...day, closes: '08:00' }));
    expect(messagesOf({ 'business/openingHours': week })).toEqual([
      'Monday: the closing time must be later than the opening time.',
    ]);
    expect(messagesOf({ 'business/openingHours': DEFAULT_OPENING_HOURS })).toEqual([]);
    const thanksgiving = { date: '2026-11-26', note: 'Thanksgiving Day' };
    expect(messagesOf({ 'business/closedDays': [thanksgiving] })).toEqual([]);
    expect(messagesOf({ 'business/closedDays': [thanksgiving, thanksgiving] })).toEqual([
      '2026-11-26 is listed twice: keep one.',
    ]);
    expect(messagesOf({ 'home.clients/names': [] })).toEqual(['Keep at least 1.']);
  });

  it('refuses to save a draft with a field no part has, or a value of the wrong shape', () => {
    expect(draftError({ 'business/nope': 'x' })).toBe('There is no field business/nope');
    expect(draftError({ 'nothing/at.all': 'x' })).toMatch(/no field/);
    expect(draftError({ 'home.hero/intro': 'only one language' })).toMatch(/wrong form/);
    expect(draftError({ 'home.hero/intro': text('', '') })).toBeUndefined();
    // Hours and closed days being typed are saved (an empty date, a day closing early); not others.
    const typing = DEFAULT_OPENING_HOURS.map((day) => ({ ...day, closes: '' }));
    expect(draftError({ 'business/openingHours': typing })).toBeUndefined();
    expect(draftError({ 'business/closedDays': [{ date: '', note: '' }] })).toBeUndefined();
    expect(draftError({ 'business/openingHours': [{ day: 'Funday' }] })).toMatch(/wrong form/);
    expect(draftError({ 'business/closedDays': '2026-11-26' })).toMatch(/wrong form/);
  });

  it('refuses a photo that is not the server’s own', () => {
    const photo = {
      mediaId: '0123456789abcdef',
      image: {
        sources: { avif: 'https://evil.example/x.avif 640w' },
        img: { src: '/media/0123456789abcdef-640.webp', w: 640, h: 360 },
      },
      focus: { x: 50, y: 50 },
    };
    expect(messagesOf({ 'home-images/heroImages.0': photo })).toHaveLength(1);
  });
});

describe('the code’s content merged with the published fields', () => {
  it('reads every part of words back as the code wrote it, in both languages', () => {
    const words = siteParts.filter((part) => !part.facts);
    expect(words.length).toBeGreaterThan(15);
    for (const part of words) {
      const stored = defaultStored(part.node, part.en, part.es);
      expect(resolve(part.node, stored, 'en', part.en), part.id).toEqual(part.en);
      expect(resolve(part.node, stored, 'es', part.es), part.id).toEqual(part.es);
      // The code's own words keep the rules the owner's must keep.
      expect(problems(part.node, stored), part.id).toEqual([]);
    }
  });

  it('changes only the fields the owner changed; every other follows the code', () => {
    const part = partOf('home.references');
    const content = runtimeContent(
      {
        'business/phones.office': parsePhone('202-555-2368'),
        'home.references/testimonials.items.0.text': text('New words', 'Palabras nuevas'),
      },
      3,
    );
    expect(content.version).toBe(3);
    expect(content.facts).toEqual({ 'business/phones.office': parsePhone('202-555-2368') });
    const en = applyFields('home.references', part?.en, content.en ?? {}) as {
      testimonials: { items: { text: string; name: string }[] };
      title: string;
    };
    const es = applyFields('home.references', part?.es, content.es ?? {}) as typeof en;
    const enDefault = part?.en as typeof en;
    expect(en.testimonials.items[0]?.text).toBe('New words');
    expect(es.testimonials.items[0]?.text).toBe('Palabras nuevas');
    expect(en.testimonials.items[0]?.name).toBe(enDefault.testimonials.items[0]?.name);
    expect(en.testimonials.items[1]).toEqual(enDefault.testimonials.items[1]);
    expect(en.title).toBe(enDefault.title);
  });

  it('applies a whole rewritten list, keeping what the code owns in each item (its icon’s place)', () => {
    const part = partOf('home.services');
    const card = {
      icon: 'gem',
      title: text('Sommeliers', 'Sumilleres'),
      description: text('Wine.', 'Vino.'),
      features: [text('Pairings', 'Maridajes')],
    };
    const content = runtimeContent({ 'home.services/cards': [card] }, 1);
    const es = applyFields('home.services', part?.es, content.es ?? {}) as {
      cards: { icon: string; title: string; features: string[] }[];
      cta: unknown;
    };
    expect(es.cards).toEqual([
      { icon: 'gem', title: 'Sumilleres', description: 'Vino.', features: ['Maridajes'] },
    ]);
    expect(es.cta).toEqual((part?.es as { cta: unknown }).cta);
  });

  it("is the code's own content while nothing is published", () => {
    expect(runtimeContent({}, null)).toBe(NOTHING_PUBLISHED);
  });
});

describe('the history in words', () => {
  it('says what changed, field by field and language by language', () => {
    const before = { 'business/phones.office': parsePhone('202-555-2368') };
    const after = {
      'business/phones.office': parsePhone('703-555-2368'),
      'home.hero/eyebrow': text('Hello', 'Hola'),
    };
    expect(describeChanges(before, after)).toEqual([
      'Business facts › Phone lines › Office line: “(202) 555-2368” → “(703) 555-2368”',
      'Home: hero › Small heading (English): “Hello”',
      'Home: hero › Small heading (Spanish): “Hola”',
    ]);
    expect(describeChanges(after, {})).toEqual([
      'Business facts › Phone lines › Office line: back to the original',
      'Home: hero › Small heading: back to the original',
    ]);
  });

  it('says what changed in the hours and the closed days, not that a list is a list', () => {
    const saturday = DEFAULT_OPENING_HOURS.map((day) =>
      day.day === 'Saturday' ? { ...day, open: true, opens: '10:00', closes: '14:00' } : day,
    );
    const before = {
      'business/openingHours': DEFAULT_OPENING_HOURS,
      'business/closedDays': [
        { date: '2026-11-26', note: '' },
        { date: '2026-12-24', note: 'Staff party' },
      ],
    };
    const after = {
      'business/openingHours': saturday,
      'business/closedDays': [
        { date: '2026-11-26', note: 'Thanksgiving Day' },
        { date: '2026-12-25', note: 'Christmas Day' },
      ],
    };
    expect(describeChanges(before, after)).toEqual([
      'Business facts › Closed days: added 2026-12-25 (Christmas Day); removed 2026-12-24; renamed 2026-11-26 (Thanksgiving Day)',
      'Business facts › Opening hours: “Monday - Friday 9:00 AM - 5:00 PM” → “Monday - Friday 9:00 AM - 5:00 PM; Saturday 10:00 AM - 2:00 PM”',
    ]);
  });

  it('labels list items by their place', () => {
    expect(fieldLabel('home.references/testimonials.items.1.text')).toBe(
      'Home: clients › Testimonials › Testimonial 2 › What they said',
    );
  });
});

describe('the launch checklist', () => {
  it('names every placeholder until it is replaced', () => {
    const all = launchChecklist({}).map((item) => item.label);
    expect(all).toEqual(
      expect.arrayContaining([
        'Business facts › Business name',
        'Business facts › Phone lines › Office line',
        'Business facts › Phone lines › Direct line',
        'Business facts › E-mail',
        "Business facts › The site's address",
        'Business facts › Office address › Street and suite',
        'Business facts › Social links › Social link 1 › Link',
        'Business facts › Figures › Events',
        'Photos › Hero slides › Hero slide 1',
      ]),
    );
    const left = launchChecklist({ 'business/phones.office': parsePhone('703-555-2368') });
    expect(left.map((item) => item.key)).not.toContain('business/phones.office');
    expect(left).toHaveLength(all.length - 1);
  });
});
