/**
 * This document's language, and the link to the same page in the other one. The Spanish site has
 * its own language.ts (src/content/es); a build of one language never loads the other's.
 */
export const language = {
  /** For `<html lang>`, `hreflang` and the forms' Content-Language header. */
  code: 'en',
  /** Dates and numbers: `toLocaleString(language.locale)`. */
  locale: 'en-US',
  /** The name of the header's list of the two languages. */
  switchLabel: 'Language',
  /** This language's own name, as the switch shows it. */
  name: 'English',
  /** The document of this language (the hash routes follow it: `/#/team`). */
  documentPath: '/',
  /** Whether this site offers the Spanish one to Spanish speakers (in Spanish: spanish-offer.ts). */
  offersSpanish: true,
  /** The other language: its name in itself, its code, and the document that has it. */
  other: { name: 'Español', code: 'es', documentPath: '/es/' },
};
