import { routes } from './routes.ts';

/**
 * Spanish words on the English site (SPEC: part of the application page is in Spanish): the offer
 * of the Spanish site to a browser that prefers Spanish, and the application page's line. Marked
 * `lang="es"` where they are shown; the Spanish site does not show them.
 */
export const spanishOffer = {
  /** The small, dismissable card a Spanish-preferring browser sees on the English site. */
  banner: {
    label: 'Sitio en español',
    text: '¿Prefiere leer este sitio en español?',
    link: 'Ver en español',
    dismiss: 'No, gracias',
  },
  /** The application page's line: the job application in Spanish. */
  application: {
    text: '¿Prefiere llenar su solicitud en español?',
    link: 'Vea esta página en español',
    path: routes.application.path,
  },
};
