/**
 * The whole content of one language as a published version has it: every content module's parts,
 * for the readers that are not a page of one language's build (the server's e-mails and answer
 * pages, the head tags, tests). It imports both languages, so no browser code may import it (a
 * build of one language never loads the other's words: vite.config.ts `languageTwins`); a page
 * asks for the modules it shows with useContent. The home page's photos are not in it: their
 * modules import image files, which only the site's build can load (home-images.ts).
 */
import { acknowledgementContent as enAcknowledgement } from './acknowledgement.ts';
import { applicationFormContent as enApplicationForm } from './application-form.ts';
import { businessContent } from './business.ts';
import { companyContent as enCompany } from './company.ts';
import { contactContent as enContact } from './contact.ts';
import { acknowledgementContent as esAcknowledgement } from './es/acknowledgement.ts';
import { applicationFormContent as esApplicationForm } from './es/application-form.ts';
import { companyContent as esCompany } from './es/company.ts';
import { contactContent as esContact } from './es/contact.ts';
import { formsContent as esForms } from './es/forms.ts';
import { homeContent as esHome } from './es/home.ts';
import { language as esLanguage } from './es/language.ts';
import { navigationContent as esNavigation } from './es/navigation.ts';
import { quoteFormContent as esQuoteForm } from './es/quote-form.ts';
import { pagesContent as esPages } from './es/site.ts';
import { teamContent as esTeam } from './es/team.ts';
import { formsContent as enForms } from './forms.ts';
import { homeContent as enHome } from './home.ts';
import { language as enLanguage } from './language.ts';
import { navigationContent as enNavigation } from './navigation.ts';
import type { ContentLanguage, PublishedVersion } from './published.ts';
import { quoteFormContent as enQuoteForm } from './quote-form.ts';
import { pagesContent as enPages } from './site.ts';
import { teamContent as enTeam } from './team.ts';

/** One language's content modules; the Spanish ones are typed as the English ones' translation. */
const modules = {
  en: {
    language: enLanguage,
    acknowledgement: enAcknowledgement,
    applicationForm: enApplicationForm,
    company: enCompany,
    contact: enContact,
    forms: enForms,
    home: enHome,
    navigation: enNavigation,
    quoteForm: enQuoteForm,
    pages: enPages,
    team: enTeam,
  },
  es: {
    language: esLanguage,
    acknowledgement: esAcknowledgement,
    applicationForm: esApplicationForm,
    company: esCompany,
    contact: esContact,
    forms: esForms,
    home: esHome,
    navigation: esNavigation,
    quoteForm: esQuoteForm,
    pages: esPages,
    team: esTeam,
  },
};

/** Every part of `language` in `published`: business facts, company, hours, claims, pages… */
export function siteContent(published: PublishedVersion, language: ContentLanguage = 'en') {
  const content = modules[language];
  return {
    language: content.language,
    ...businessContent(published),
    ...content.company(published),
    ...content.navigation(published),
    ...content.pages(published),
    ...content.home(published),
    ...content.team(published),
    ...content.contact(published),
    ...content.forms(published),
    ...content.quoteForm(published),
    ...content.applicationForm(published),
    ...content.acknowledgement(published),
  };
}

export type SiteContent = ReturnType<typeof siteContent>;
