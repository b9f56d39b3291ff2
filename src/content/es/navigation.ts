import type * as en from '../navigation';
import { routes, sectionTarget } from '../routes';
import type { NavItem, Translation } from '../types';
import { company } from './company';

export const mainNav: Translation<typeof en.mainNav> = [
  { label: 'Inicio', to: routes.home.path },
  { label: 'Nosotros', to: sectionTarget('about') },
  { label: 'Servicios', to: sectionTarget('services') },
  { label: 'Referencias', to: sectionTarget('references') },
  { label: 'Nuestro equipo', to: routes.team.path },
  { label: 'Contacto', to: routes.contact.path },
] satisfies NavItem[];

export const requestServiceCta: Translation<typeof en.requestServiceCta> = {
  label: 'Solicitar servicio',
  to: routes.quote.path,
} satisfies NavItem;

export const footerNav: Translation<typeof en.footerNav> = {
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
};
