import { company } from './company';
import type { NavItem } from './types';

export const mainNav: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '#about' },
  { label: 'Services', to: '#services' },
  { label: 'References', to: '#references' },
  { label: 'Our Team', to: '/team' },
  { label: 'Contact', to: '/contact' },
];

export const requestServiceCta: NavItem = { label: 'Request Service', to: '/request-service' };

export const footerNav = {
  quickLinks: {
    title: 'Quick Links',
    items: [
      ...mainNav,
      { label: 'Request Service', to: '/request-service' },
      { label: 'Join Our Team', to: '/join-our-team' },
    ] satisfies NavItem[],
  },
  services: { title: 'Our Services', items: company.staffTypes },
  contact: { title: 'Contact Us' },
  areas: { title: 'Service Areas', items: company.serviceAreas },
  social: { title: 'Follow us' },
};

/** Home-page sections that have their own path (/about opens the home page at #about). */
export const sectionRoutes = ['about', 'services', 'references'] as const;
export type SectionRoute = (typeof sectionRoutes)[number];
