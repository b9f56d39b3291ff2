import { contentOf } from '../published.ts';
import type * as en from '../site.ts';
import type { Translation } from '../types.ts';
import { companyContent } from './company.ts';

/** Interface text that is not a business fact: page titles, headings, labels of shared controls. */

export const ui: Translation<typeof en.ui> = {
  skipLink: 'Saltar al contenido principal',
  newTab: '(se abre en una pestaña nueva)',
  backToHome: 'Volver al inicio',
  pageElsewhere: 'La página que buscaba está aquí:',
  pageLoading: 'Abriendo la página…',
  phoneTag: (tag) => `(${tag})`,
  quoted: (text) => `“${text}”`,
  header: {
    topBarLabel: 'Contacto rápido',
    topBarLinksLabel: 'Teléfono y correo electrónico',
    mainNavLabel: 'Principal',
    homeLinkLabel: (companyName) => `${companyName}, inicio`,
    menu: 'Menú',
  },
  footer: {
    credentialsLabel: 'Credenciales',
    copyright: (year, holder) => `© ${year} ${holder}. Todos los derechos reservados.`,
  },
};

/**
 * The pages' titles, headings and introductions, as `published` has them.
 */
export const pagesContent = contentOf((editable, published) => {
  const { claims } = companyContent(published);

  const pages: Translation<en.PagesContent['pages']> = editable(
    'site.pages',
    {
      home: {
        title: 'Personal para eventos en D.C., Maryland y Virginia',
        heading: 'Personal de élite para eventos inolvidables',
      },
      team: {
        title: 'Nuestro equipo',
        heading: 'Nuestro equipo',
        intro:
          'Profesionales capacitados, certificados y seleccionados con esmero para cada puesto que su evento necesite.',
      },
      contact: {
        title: 'Contacto',
        heading: 'Contáctenos',
        intro: `Llámenos, escríbanos o visítenos: respondemos en un plazo de ${claims.responseTime}.`,
      },
      quote: {
        title: 'Solicitar servicio',
        heading: 'Solicitar servicio',
        intro: `Cuéntenos sobre su evento y le enviaremos una cotización personalizada en un plazo de ${claims.quoteTurnaround}.`,
      },
      application: {
        title: 'Únase a nuestro equipo',
        heading: 'Únase a nuestro equipo',
        intro: 'Trabaje en los eventos más memorables del DMV con un equipo que valora su trabajo.',
      },
      privacy: {
        title: 'Privacidad',
        heading: 'Su privacidad',
        intro:
          'Lo que guardamos de sus formularios y lo que contamos cuando nos visita, en palabras sencillas.',
      },
      notFound: {
        title: 'Página no encontrada',
        heading: 'Página no encontrada',
        intro: 'La página que busca no existe o ha cambiado de dirección.',
      },
      error: {
        title: 'Algo salió mal',
        heading: 'Algo salió mal.',
        intro: 'Vuelva a intentarlo o regrese a la página de inicio.',
      },
    } satisfies Record<string, en.PageText>,
    'es',
  );

  return { pages };
});
