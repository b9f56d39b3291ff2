import { documentHref } from '../content/routes';
import { language } from '../content/language';

/** The other language's document at the same route (`/#/team` → `/es/#/team`). */
export function otherLanguageHref(pathname: string, search = ''): string {
  return documentHref(language.other.documentPath, pathname, search);
}
