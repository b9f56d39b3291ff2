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
import { NOTHING_PUBLISHED } from './published.ts';
import { quoteFormContent as enQuoteContent } from './quote-form.ts';
import type { FieldNode } from './site-fields.ts';
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

import { applicationFormFields, applicationMessagesFields } from './fields/application-form.ts';
import { businessFields, homeImagesFields, type HomeImages } from './fields/business.ts';
import { claimsFields, companyFields, hoursFields } from './fields/company.ts';
import { contactFields } from './fields/contact.ts';
import { partNode, type PartFields, type RootDecl } from './fields/declare.ts';
import { formTextFields } from './fields/forms.ts';
import {
  aboutFields,
  clientsFields,
  heroFields,
  referencesFields,
  servicesFields,
  venuesFields,
} from './fields/home.ts';
import { footerNavFields, mainNavFields, requestServiceCtaFields } from './fields/navigation.ts';
import { quoteFormFields, quoteMessagesFields } from './fields/quote-form.ts';
import { pagesFields } from './fields/site.ts';
import { teamFields } from './fields/team.ts';
import type { Translation } from './types.ts';

/**
 * Every content part the owner can change at /admin/#/site, in the editor's order: its key (as the
 * content module names it in `editable(…)`), its title, its fields and the code's content of each
 * language. Each part's fields are declared in src/content/fields/, typed against its content.
 */
export interface SitePart {
  id: string;
  title: string;
  /** Facts: one value for both languages (business.ts, home-images.ts). */
  facts: boolean;
  node: FieldNode;
  /** The declaration the node is made from (src/content/fields/). */
  fields: RootDecl;
  en: unknown;
  es: unknown;
}

/** A part of words: its English content, the Spanish that translates it, its declared fields. */
function words<T>(
  id: string,
  title: string,
  en: T,
  es: Translation<T>,
  fields: NoInfer<PartFields<T>>,
): SitePart {
  const declared = fields as RootDecl;
  return { id, title, facts: false, node: partNode(title, declared), fields: declared, en, es };
}

/** A part of facts, one value for both languages. */
function facts<T>(
  id: string,
  title: string,
  content: T | undefined,
  fields: NoInfer<PartFields<T>>,
): SitePart {
  const declared = fields as RootDecl;
  const node = partNode(title, declared);
  return { id, title, facts: true, node, fields: declared, en: content, es: content };
}

/** Every part, in the editor's order. Their ids are the `editable(…)` keys of src/content. */
export const siteParts: readonly SitePart[] = [
  facts('business', 'Business facts', business, businessFields),
  // The code's photos are set by the admin bundle (it can import images; the server cannot).
  facts<HomeImages>('home-images', 'Photos', undefined, homeImagesFields),
  words('home.hero', 'Home: hero', enHome.hero, esHome.hero, heroFields),
  words('home.about', 'Home: about', enHome.about, esHome.about, aboutFields),
  words('home.services', 'Home: services', enHome.services, esHome.services, servicesFields),
  words('home.references', 'Home: clients', enHome.references, esHome.references, referencesFields),
  words('home.venues', 'Home: venues', enHome.venues, esHome.venues, venuesFields),
  words('home.clients', 'Home: partners', enHome.clients, esHome.clients, clientsFields),
  words('navigation.main', 'Menu', enNavigation.mainNav, esNavigation.mainNav, mainNavFields),
  words(
    'navigation.cta',
    'Menu: request button',
    enNavigation.requestServiceCta,
    esNavigation.requestServiceCta,
    requestServiceCtaFields,
  ),
  words(
    'navigation.footer',
    'Footer',
    enNavigation.footerNav,
    esNavigation.footerNav,
    footerNavFields,
  ),
  words('company', 'Company', enCompany.company, esCompany.company, companyFields),
  words('company.hours', 'Business hours', enCompany.hours, esCompany.hours, hoursFields),
  words('company.claims', 'Figures’ words', enCompany.claims, esCompany.claims, claimsFields),
  words('site.pages', 'Page titles', enSite.pages, esSite.pages, pagesFields),
  words('team', 'Team page', enTeam.team, esTeam.team, teamFields),
  words('contact', 'Contact page', enContact.contact, esContact.contact, contactFields),
  words('quote.form', 'Quote form', enQuote.quoteForm, esQuote.quoteForm, quoteFormFields),
  words(
    'quote.messages',
    'Quote form: messages',
    enQuote.quoteMessages,
    esQuote.quoteMessages,
    quoteMessagesFields,
  ),
  words(
    'application.form',
    'Application form',
    enApplication.applicationForm,
    esApplication.applicationForm,
    applicationFormFields,
  ),
  words(
    'application.messages',
    'Application form: messages',
    enApplication.applicationMessages,
    esApplication.applicationMessages,
    applicationMessagesFields,
  ),
  words('forms', 'Both forms', enForms.formText, esForms.formText, formTextFields),
];

export function partOf(id: string): SitePart | undefined {
  return siteParts.find((part) => part.id === id);
}
