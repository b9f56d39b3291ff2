/**
 * The Spanish dictionary is this folder: one module per English content module, with the same
 * exports, each annotated with `Translation<typeof English>` (src/content/types.ts). This file
 * fails tsc when a Spanish module lacks an export of its English twin or has one more. It is not
 * imported by the app; the Spanish build swaps each English module for its twin (vite.config.ts).
 */
import type * as EnApplicationForm from '../application-form.ts';
import type * as EnCompany from '../company.ts';
import type * as EnContact from '../contact.ts';
import type * as EnForms from '../forms.ts';
import type * as EnHome from '../home.ts';
import type * as EnLanguage from '../language.ts';
import type * as EnNavigation from '../navigation.ts';
import type * as EnPrivacy from '../privacy.ts';
import type * as EnQuoteForm from '../quote-form.ts';
import type * as EnSite from '../site.ts';
import type * as EnTeam from '../team.ts';
import type { Translation } from '../types.ts';
import type * as EsApplicationForm from './application-form.ts';
import type * as EsCompany from './company.ts';
import type * as EsContact from './contact.ts';
import type * as EsForms from './forms.ts';
import type * as EsHome from './home.ts';
import type * as EsLanguage from './language.ts';
import type * as EsNavigation from './navigation.ts';
import type * as EsPrivacy from './privacy.ts';
import type * as EsQuoteForm from './quote-form.ts';
import type * as EsSite from './site.ts';
import type * as EsTeam from './team.ts';

/** `true` when `Es` exports exactly the names of `En`, each a translation of the English value. */
type Twin<En, Es> = [Exclude<keyof En, keyof Es>, Exclude<keyof Es, keyof En>] extends [
  never,
  never,
]
  ? Es extends { [K in keyof En]: Translation<En[K]> }
    ? true
    : false
  : false;

type Assert<T extends true> = T;

export type SpanishDictionaryMatchesEnglish = [
  Assert<Twin<typeof EnApplicationForm, typeof EsApplicationForm>>,
  Assert<Twin<typeof EnCompany, typeof EsCompany>>,
  Assert<Twin<typeof EnContact, typeof EsContact>>,
  Assert<Twin<typeof EnForms, typeof EsForms>>,
  Assert<Twin<typeof EnHome, typeof EsHome>>,
  Assert<Twin<typeof EnLanguage, typeof EsLanguage>>,
  Assert<Twin<typeof EnNavigation, typeof EsNavigation>>,
  Assert<Twin<typeof EnPrivacy, typeof EsPrivacy>>,
  Assert<Twin<typeof EnQuoteForm, typeof EsQuoteForm>>,
  Assert<Twin<typeof EnSite, typeof EsSite>>,
  Assert<Twin<typeof EnTeam, typeof EsTeam>>,
];
