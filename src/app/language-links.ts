import { language } from '../content/language';

/** The other language's document at the same hash route (`/#/team` → `/es/#/team`). */
export function otherLanguageHref(pathname: string, search = ''): string {
  const { documentPath } = language.other;
  return pathname === '/' && !search ? documentPath : `${documentPath}#${pathname}${search}`;
}
