import { language } from '../content/language';

/** A hash route in a language's document (`/es/`, '/team' → `/es/#/team`; its home is the document). */
export function documentHref(documentPath: string, pathname: string, search = ''): string {
  return pathname === '/' && !search ? documentPath : `${documentPath}#${pathname}${search}`;
}

/** The other language's document at the same hash route (`/#/team` → `/es/#/team`). */
export function otherLanguageHref(pathname: string, search = ''): string {
  return documentHref(language.other.documentPath, pathname, search);
}
