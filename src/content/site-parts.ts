import { applicationFormContent as enApplicationContent } from './application-form.ts';
import { businessContent } from './business.ts';
import { companyContent as enCompanyContent } from './company.ts';
import { contactContent as enContactContent } from './contact.ts';
import { applicationFormContent as esApplicationContent } from './es/application-form.ts';
import { companyContent as esCompanyContent } from './es/company.ts';
import { contactContent as esContactContent } from './es/contact.ts';
import { formsContent as esFormsContent } from './es/forms.ts';
import { homeContent as esHomeContent } from './es/home.ts';
import { navigationContent as esNavigationContent } from './es/navigation.ts';
import { quoteFormContent as esQuoteContent } from './es/quote-form.ts';
import { pagesContent as esSiteContent } from './es/site.ts';
import { teamContent as esTeamContent } from './es/team.ts';
import { formsContent as enFormsContent } from './forms.ts';
import { homeContent as enHomeContent } from './home.ts';
import { navigationContent as enNavigationContent } from './navigation.ts';
import { homeIcons } from './home-icons.ts';
import { NOTHING_PUBLISHED } from './published.ts';
import { quoteFormContent as enQuoteContent } from './quote-form.ts';
import {
  email,
  figure,
  group,
  icon,
  link,
  list,
  name,
  phone,
  photo,
  rating,
  siteUrl,
  text,
  time,
  type FieldNode,
  year,
} from './site-fields.ts';
import { pagesContent as enSiteContent } from './site.ts';
import { teamContent as enTeamContent } from './team.ts';

/** The code's content of each part: what the editor starts from and bounds its fields by. */
const { business } = businessContent(NOTHING_PUBLISHED);
const enApplication = enApplicationContent(NOTHING_PUBLISHED);
const esApplication = esApplicationContent(NOTHING_PUBLISHED);
const enCompany = enCompanyContent(NOTHING_PUBLISHED);
const esCompany = esCompanyContent(NOTHING_PUBLISHED);
const enContact = enContactContent(NOTHING_PUBLISHED);
const esContact = esContactContent(NOTHING_PUBLISHED);
const enForms = enFormsContent(NOTHING_PUBLISHED);
const esForms = esFormsContent(NOTHING_PUBLISHED);
const enHome = enHomeContent(NOTHING_PUBLISHED);
const esHome = esHomeContent(NOTHING_PUBLISHED);
const enNavigation = enNavigationContent(NOTHING_PUBLISHED);
const esNavigation = esNavigationContent(NOTHING_PUBLISHED);
const enQuote = enQuoteContent(NOTHING_PUBLISHED);
const esQuote = esQuoteContent(NOTHING_PUBLISHED);
const enSite = enSiteContent(NOTHING_PUBLISHED);
const esSite = esSiteContent(NOTHING_PUBLISHED);
const enTeam = enTeamContent(NOTHING_PUBLISHED);
const esTeam = esTeamContent(NOTHING_PUBLISHED);

/**
 * Every content part the owner can change at /admin/#/site, in the editor's order: its key (as the
 * content module names it in `editable(…)`, published.ts), its title, its fields and the code's content of each
 * language. A part of facts is the same in both languages; a part of words is drawn from its
 * English and Spanish modules, whose every text becomes a field, bounded from its code length.
 */
export interface SitePart {
  id: string;
  title: string;
  /** Facts: one value for both languages (business.ts, home-images.ts). */
  facts: boolean;
  node: FieldNode;
  en: unknown;
  es: unknown;
}

/** How a part of words becomes fields: which paths are facts, fixed lists, or not the owner's. */
interface WordsSpec {
  /** Top-level keys that are the owner's (the others are code: routes, timings). */
  keys: readonly string[];
  /** Paths (`*` for any list index) of names entered once for both languages. */
  facts?: readonly string[];
  /** Paths of lists whose items are tied to the code (an image each, an id each). */
  fixed?: readonly string[];
  /** Paths that follow other facts and are not the owner's (a phone copied in, a link). */
  skip?: readonly string[];
}

/** Keys that are never words: routes, ids, addresses, timings. */
const CODE_KEYS = new Set(['id', 'to', 'href', 'intervalMs', 'ratingScale', 'e164', 'tag']);

const LABELS: Record<string, string> = {
  eyebrow: 'Small heading',
  intro: 'Introduction',
  cta: 'Button',
  items: 'Items',
  text: 'Text',
};

/** 'requirementsHeading' → 'Requirements heading'. */
function labelOf(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'Categories' → 'Category', 'Cards' → 'Card': the name of one item of a list. */
const singular = (label: string) => label.replace(/ies$/, 'y').replace(/s$/, '');

const pattern = (path: readonly string[]) =>
  path.map((key) => (/^\d+$/.test(key) ? '*' : key)).join('.');

/** A text's bound: room to rewrite it, never so much that it breaks the layout at 390 px. */
const boundOf = (value: string) => Math.min(1200, Math.max(24, Math.ceil(value.length * 1.6) + 10));

function wordsNode(
  value: unknown,
  twin: unknown,
  path: string[],
  spec: WordsSpec,
): FieldNode | undefined {
  const at = pattern(path);
  const key = path.at(-1) ?? '';
  if (spec.skip?.includes(at) || CODE_KEYS.has(key)) return undefined;
  if (typeof value === 'string') {
    const longest = typeof twin === 'string' && twin.length > value.length ? twin : value;
    if (spec.facts?.includes(at)) return name(labelOf(key), boundOf(longest));
    return text(labelOf(key), boundOf(longest), longest.length > 100);
  }
  if (typeof value === 'number') return key === 'rating' ? rating('Stars') : undefined;
  if (Array.isArray(value)) return wordsList(value, twin, path, spec);
  if (typeof value !== 'object' || value === null) return undefined;
  const children: Record<string, FieldNode> = {};
  for (const [childKey, child] of Object.entries(value)) {
    if (path.length === 0 && !spec.keys.includes(childKey)) continue;
    const node =
      childKey === 'icon'
        ? icon('Icon', homeIcons)
        : wordsNode(child, fieldOf(twin, childKey), [...path, childKey], spec);
    if (node) children[childKey] = node;
  }
  return Object.keys(children).length > 0 ? group(labelOf(key), children) : undefined;
}

/** A list's item: drawn from its longest entries in either language, so that every one fits. */
function wordsList(
  value: readonly unknown[],
  twin: unknown,
  path: string[],
  spec: WordsSpec,
): FieldNode | undefined {
  const first: unknown = value[0];
  if (first === undefined) return undefined;
  const entries = [...value, ...(Array.isArray(twin) ? (twin as unknown[]) : [])];
  const item = wordsNode(longestOf(entries), undefined, [...path, '0'], spec);
  if (!item) return undefined;
  // A list called `items` is named by what holds it: testimonials.items → 'Testimonial 2'.
  const key = (path.at(-1) === 'items' ? path.at(-2) : path.at(-1)) ?? '';
  const tiedToCode =
    typeof first === 'object' && first !== null && ('id' in first || 'to' in first);
  const fixed = tiedToCode || (spec.fixed?.includes(pattern(path)) ?? false);
  const label = labelOf(key);
  return list(label, singular(label), item, {
    min: fixed ? value.length : 1,
    max: fixed ? value.length : value.length + 8,
    fixed,
  });
}

const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** Of a list's entries, the longest (a string) or a copy of the first with each text its longest. */
function longestOf(entries: readonly unknown[]): unknown {
  const [first] = entries;
  if (typeof first === 'string') {
    return entries.reduce<string>(
      (longest, entry) =>
        typeof entry === 'string' && entry.length > longest.length ? entry : longest,
      first,
    );
  }
  if (typeof first !== 'object' || first === null || Array.isArray(first)) return first;
  return Object.fromEntries(
    Object.keys(first).map((key) => {
      const values = entries.map((entry) => fieldOf(entry, key));
      return [key, Array.isArray(values[0]) ? values.flat() : longestOf(values)];
    }),
  );
}

function words(id: string, title: string, en: unknown, es: unknown, spec: WordsSpec): SitePart {
  let node = wordsNode(en, es, [], spec);
  if (!node) throw new Error(`The part ${id} has no field`);
  // A part that is a list (the menu) is named by its title, each item a link.
  if (node.type === 'list' && !node.label) node = { ...node, label: title, itemLabel: 'Link' };
  return { id, title, facts: false, node, en, es };
}

const businessNode = group('Business facts', {
  name: name('Business name', 60, true),
  legalName: name('Legal name', 80, true),
  foundedYear: year('Year founded'),
  phones: group('Phone lines', { direct: phone('Direct line'), office: phone('Office line') }),
  email: email('E-mail'),
  siteUrl: siteUrl("The site's address"),
  address: group('Office address', {
    street: name('Street and suite', 80, true),
    city: name('City', 40, true),
    region: name('State (two letters)', 2, true),
    regionName: name('State', 40),
    postalCode: name('ZIP code', 10, true),
  }),
  social: list('Social links', 'Social link', group('Social link', { href: link('Link', true) }), {
    min: 3,
    max: 3,
    fixed: true,
  }),
  figures: group('Figures', {
    events: figure('Events'),
    staff: figure('Staff'),
    years: figure('Years of experience'),
    satisfaction: figure('Client satisfaction'),
    radiusMiles: figure('Miles around the office'),
    venues: figure('Venues'),
    states: figure('States'),
  }),
  openingHours: group('Opening hours', { opens: time('Opens'), closes: time('Closes') }),
});

const photosNode = group('Photos', {
  heroImages: list(
    'Hero slides',
    'Hero slide',
    photo('Photo', 'hero', 'home.hero/carousel.slideAlts.{n}'),
    {
      min: 7,
      max: 7,
      fixed: true,
    },
  ),
  founderPortrait: photo("Founder's portrait", 'portrait', 'home.about/founder.portraitAlt'),
});

/** Every part, in the editor's order. Their ids are the `editable(…)` keys of src/content. */
export const siteParts: readonly SitePart[] = [
  {
    id: 'business',
    title: 'Business facts',
    facts: true,
    node: businessNode,
    en: business,
    es: business,
  },
  {
    id: 'home-images',
    title: 'Photos',
    facts: true,
    node: photosNode,
    // The code's photos are set by the admin bundle (it can import images; the server cannot).
    en: undefined,
    es: undefined,
  },
  words('home.hero', 'Home: hero', enHome.hero, esHome.hero, {
    keys: ['eyebrow', 'intro', 'whatsapp', 'carousel'],
    fixed: ['carousel.slideAlts'],
  }),
  words('home.about', 'Home: about', enHome.about, esHome.about, {
    keys: ['eyebrow', 'title', 'intro', 'mission', 'valuesTitle', 'values', 'founder'],
    facts: ['founder.name'],
    fixed: ['values'],
  }),
  words('home.services', 'Home: services', enHome.services, esHome.services, {
    keys: ['eyebrow', 'title', 'intro', 'cta', 'cards'],
  }),
  words('home.references', 'Home: clients', enHome.references, esHome.references, {
    keys: ['eyebrow', 'title', 'intro', 'categories', 'testimonialsTitle', 'testimonials'],
    facts: ['testimonials.items.*.name', 'testimonials.items.*.company'],
  }),
  words('home.venues', 'Home: venues', enHome.venues, esHome.venues, {
    keys: ['eyebrow', 'title', 'intro', 'areasTitle', 'areas', 'credentialsTitle', 'credentials'],
    facts: ['areas.*.highlights.*'],
    fixed: ['areas'],
  }),
  words('home.clients', 'Home: partners', enHome.clients, esHome.clients, {
    keys: ['eyebrow', 'title', 'names'],
    facts: ['names.*'],
  }),
  words('navigation.main', 'Menu', enNavigation.mainNav, esNavigation.mainNav, { keys: [] }),
  words(
    'navigation.cta',
    'Menu: request button',
    enNavigation.requestServiceCta,
    esNavigation.requestServiceCta,
    {
      keys: ['label'],
    },
  ),
  words('navigation.footer', 'Footer', enNavigation.footerNav, esNavigation.footerNav, {
    keys: ['quickLinks', 'services', 'contact', 'areas', 'social'],
    // The footer's lists follow the menu, the staff types and the service areas.
    skip: ['quickLinks.items', 'services.items', 'areas.items'],
  }),
  words('company', 'Company', enCompany.company, esCompany.company, {
    keys: ['tagline', 'description', 'serviceAreas'],
    // The home page's venue areas and the structured data name the areas by their place.
    fixed: ['serviceAreas'],
  }),
  words('company.hours', 'Business hours', enCompany.hours, esCompany.hours, {
    keys: ['weekdays', 'weekend', 'events'],
    skip: ['weekdays.opens', 'weekdays.closes', 'weekdays.dayOfWeek'],
  }),
  words('company.claims', 'Figures’ words', enCompany.claims, esCompany.claims, {
    keys: ['stats', 'coverage', 'applicationReview', 'freeConsultation'],
    skip: [...valuesOf(['events', 'staff', 'years', 'satisfaction', 'radius', 'venues', 'states'])],
  }),
  words('site.pages', 'Page titles', enSite.pages, esSite.pages, {
    keys: ['home', 'team', 'contact', 'quote', 'application'],
  }),
  words('team', 'Team page', enTeam.team, esTeam.team, {
    keys: ['roles', 'pillars', 'stats', 'join'],
    skip: ['join.sendResume.hint'],
  }),
  words('contact', 'Contact page', enContact.contact, esContact.contact, {
    keys: ['reach', 'phone', 'email', 'whatsapp', 'visit', 'hours', 'shortcuts'],
    skip: ['whatsapp.hint.phone'],
  }),
  words('quote.form', 'Quote form', enQuote.quoteForm, esQuote.quoteForm, {
    keys: ['sections', 'fields', 'submit', 'sendError', 'confirmation'],
    skip: ['confirmation.phone.label', 'confirmation.phone.display'],
  }),
  words('quote.messages', 'Quote form: messages', enQuote.quoteMessages, esQuote.quoteMessages, {
    keys: Object.keys(enQuote.quoteMessages),
  }),
  words(
    'application.form',
    'Application form',
    enApplication.applicationForm,
    esApplication.applicationForm,
    {
      keys: Object.keys(enApplication.applicationForm),
    },
  ),
  words(
    'application.messages',
    'Application form: messages',
    enApplication.applicationMessages,
    esApplication.applicationMessages,
    {
      keys: Object.keys(enApplication.applicationMessages),
    },
  ),
  words('forms', 'Both forms', enForms.formText, esForms.formText, {
    keys: [
      'requiredNote',
      'optional',
      'errorSummaryTitle',
      'errorSummaryIntro',
      'submitting',
      'selectPlaceholder',
    ],
  }),
];

function valuesOf(keys: readonly string[]): string[] {
  return keys.map((key) => `stats.${key}.value`).concat(keys.map((key) => `coverage.${key}.value`));
}

export function partOf(id: string): SitePart | undefined {
  return siteParts.find((part) => part.id === id);
}
