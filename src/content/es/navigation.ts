import { editable } from '../published.ts';
import type * as en from '../navigation';
import { routes, sectionTarget } from '../routes';
import type { NavItem, Translation } from '../types';
import { company } from './company';

export const mainNav: Translation<typeof en.mainNav> = editable(
  'navigation.main',
  [
    { label: 'Inicio', to: routes.home.path },
    { label: 'Nosotros', to: sectionTarget('about') },
    { label: 'Servicios', to: sectionTarget('services') },
    { label: 'Referencias', to: sectionTarget('references') },
    { label: 'Nuestro equipo', to: routes.team.path },
    { label: 'Contacto', to: routes.contact.path },
  ] satisfies NavItem[],
  'es',
);

export const requestServiceCta: Translation<typeof en.requestServiceCta> = editable(
  'navigation.cta',
  { label: 'Solicitar servicio', to: routes.quote.path } satisfies NavItem,
  'es',
);

export const footerNav: Translation<typeof en.footerNav> = editable(
  'navigation.footer',
  {
    quickLinks: {
      title: 'Enlaces rápidos',
      items: [
        ...mainNav,
        { label: 'Solicitar servicio', to: routes.quote.path },
        { label: 'Únase a nuestro equipo', to: routes.application.path },
      ] satisfies NavItem[],
    },
    services: { title: 'Nuestros servicios', items: company.staffTypes },
    contact: { title: 'Contáctenos' },
    areas: { title: 'Áreas de servicio', items: company.serviceAreas },
    social: { title: 'Síganos' },
  },
  'es',
);
