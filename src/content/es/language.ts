import type * as en from '../language.ts';
import type { Translation } from '../types.ts';

export const language: Translation<typeof en.language> = {
  code: 'es',
  locale: 'es-US',
  switchLabel: 'Idioma',
  name: 'Español',
  documentPath: '/es/',
  offersSpanish: false,
  other: { name: 'English', code: 'en', documentPath: '/' },
};
