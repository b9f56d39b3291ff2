import { contentOf } from '../published.ts';
import type * as en from '../navigation.ts';
import { routes, sectionTarget } from '../routes.ts';
import type { NavItem, Translation } from '../types.ts';
import { companyContent } from './company.ts';

/**
 * The menu, its request button and the footer's lists, as `published` has them.
 */
export const navigationContent = contentOf((editable, published) => {
  const { company } = companyContent(published);

  const mainNav: Translation<en.NavigationContent['mainNav']> = editable(
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

  const requestServiceCta: Translation<en.NavigationContent['requestServiceCta']> = editable(
    'navigation.cta',
    { label: 'Solicitar servicio', to: routes.quote.path } satisfies NavItem,
    'es',
  );

  const footerNav: Translation<en.NavigationContent['footerNav']> = editable(
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

  const footerSmallPrint: Translation<en.NavigationContent['footerSmallPrint']> = [
    { label: 'Privacidad', to: routes.privacy.path },
  ] satisfies NavItem[];

  return { mainNav, requestServiceCta, footerNav, footerSmallPrint };
});
