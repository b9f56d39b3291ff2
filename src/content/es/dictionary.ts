/**
 * The Spanish dictionary is this folder: one module per English content module, with the same
 * exports, each annotated with `Translation<typeof English>` (src/content/types.ts). This file
 * fails tsc when a Spanish module lacks an export of its English twin or has one more. It is not
 * imported by the app; the Spanish build swaps each English module for its twin (vite.config.ts).
 */
import type * as EnApplicationForm from '../application-form';
import type * as EnCompany from '../company';
import type * as EnContact from '../contact';
import type * as EnForms from '../forms';
import type * as EnHome from '../home';
import type * as EnLanguage from '../language';
import type * as EnNavigation from '../navigation';
import type * as EnQuoteForm from '../quote-form';
import type * as EnSite from '../site';
import type * as EnTeam from '../team';
import type { Translation } from '../types';
import type * as EsApplicationForm from './application-form';
import type * as EsCompany from './company';
import type * as EsContact from './contact';
import type * as EsForms from './forms';
import type * as EsHome from './home';
import type * as EsLanguage from './language';
import type * as EsNavigation from './navigation';
import type * as EsQuoteForm from './quote-form';
import type * as EsSite from './site';
import type * as EsTeam from './team';

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
  Assert<Twin<typeof EnQuoteForm, typeof EsQuoteForm>>,
  Assert<Twin<typeof EnSite, typeof EsSite>>,
  Assert<Twin<typeof EnTeam, typeof EsTeam>>,
];
