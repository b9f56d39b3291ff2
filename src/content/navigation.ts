import { contentOf } from './published.ts';
import { companyContent } from './company.ts';
import { routes, sectionTarget } from './routes.ts';
import type { NavItem } from './types.ts';

/**
 * The menu, its request button and the footer's lists, as `published` has them.
 */
export const navigationContent = contentOf((editable, published) => {
  const { company } = companyContent(published);

  const mainNav: NavItem[] = editable(
    'navigation.main',
    [
      { label: 'Home', to: routes.home.path },
      { label: 'About Us', to: sectionTarget('about') },
      { label: 'Services', to: sectionTarget('services') },
      { label: 'References', to: sectionTarget('references') },
      { label: 'Our Team', to: routes.team.path },
      { label: 'Contact', to: routes.contact.path },
    ],
    'en',
  );

  const requestServiceCta: NavItem = editable(
    'navigation.cta',
    { label: 'Request Service', to: routes.quote.path },
    'en',
  );

  const footerNav = editable(
    'navigation.footer',
    {
      quickLinks: {
        title: 'Quick Links',
        items: [
          ...mainNav,
          { label: 'Request Service', to: routes.quote.path },
          { label: 'Join Our Team', to: routes.application.path },
        ] satisfies NavItem[],
      },
      services: { title: 'Our Services', items: company.staffTypes },
      contact: { title: 'Contact Us' },
      areas: { title: 'Service Areas', items: company.serviceAreas },
      social: { title: 'Follow us' },
    },
    'en',
  );

  /** The footer's small print beside the copyright: the code's, not the owner's to edit. */
  const footerSmallPrint: NavItem[] = [{ label: 'Privacy', to: routes.privacy.path }];

  return { mainNav, requestServiceCta, footerNav, footerSmallPrint };
});

export type NavigationContent = ReturnType<typeof navigationContent>;
