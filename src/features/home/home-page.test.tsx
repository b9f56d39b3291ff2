import { act, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { companyContent } from '../../content/company';
import { homeContent } from '../../content/home';
import { FIRST_SCREEN_IMAGE_ATTRIBUTE } from '../../content/routes';
import { pagesContent } from '../../content/site';
import { renderAt } from '../../test/render';
import { HomePage } from './home-page';
import { NOTHING_PUBLISHED } from '../../content/published';

const { claims, company } = companyContent(NOTHING_PUBLISHED);
const { about, clients, hero, references, services, venues } = homeContent(NOTHING_PUBLISHED);
const { pages } = pagesContent(NOTHING_PUBLISHED);

function section(id: string) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no section #${id}`);
  return element;
}

describe('HomePage', () => {
  it('has one h1, the hero headline, and an h2 per section, in order', () => {
    renderAt(<HomePage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Elite Staffing for Unforgettable Events',
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      about.title,
      services.title,
      references.title,
      venues.title,
      clients.title,
    ]);
    for (const id of ['about', 'services', 'references', 'venues', 'clients']) {
      expect(section(id)).toHaveAccessibleName();
    }
  });

  it('hero: three statistics, Request Service and a WhatsApp chat link', () => {
    renderAt(<HomePage />);
    const heroSection = screen.getByRole('region', { name: pages.home.heading });
    for (const stat of [claims.stats.events, claims.stats.staff, claims.stats.years]) {
      expect(within(heroSection).getByText(stat.value)).toBeInTheDocument();
      expect(within(heroSection).getByText(stat.label)).toBeInTheDocument();
    }
    expect(within(heroSection).getAllByRole('definition')).toHaveLength(3);
    expect(within(heroSection).getByRole('link', { name: /request service/i })).toHaveAttribute(
      'href',
      '/request-service',
    );
    const whatsapp = within(heroSection).getByRole('link', { name: /whatsapp/i });
    expect(whatsapp).toHaveAttribute('href', company.whatsappUrl);
    expect(whatsapp).toHaveAttribute('target', '_blank');
  });

  it('hero carousel: 7 slides, the first image high priority and marked for the first script, the next one lazy', () => {
    renderAt(<HomePage />);
    const carousel = screen.getByRole('region', { name: hero.carousel.label });
    expect(within(carousel).getAllByRole('group', { hidden: true })).toHaveLength(7);
    expect(within(carousel).getAllByRole('button', { name: /^Show slide \d$/ })).toHaveLength(7);

    const first = within(carousel).getByRole('img', { name: hero.carousel.slideAlts[0] });
    // Lazy in the HTML, so that a link to another page never fetches it; the script in <head>
    // makes it eager when the home page is shown (src/first-screen-image.test.ts).
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute(FIRST_SCREEN_IMAGE_ATTRIBUTE, '');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('width');
    expect(first).toHaveAttribute('height');
    expect(first.parentElement?.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      expect.stringMatching(/640w.*1920w/),
    );
    // Every slide has its image, lazy after the first. The stylesheet displays only the slide on
    // show and the next one (`data-state`), so a lazy image loads only when its slide is next:
    // the second once the page has loaded (at once here, in a loaded test page).
    const images = [...carousel.querySelectorAll('img')];
    expect(images).toHaveLength(7);
    images.slice(1).forEach((image) => expect(image).toHaveAttribute('loading', 'lazy'));
    expect(images[1]).toHaveAttribute('alt', hero.carousel.slideAlts[1]);
    const slides = within(carousel).getAllByRole('group', { hidden: true });
    expect(slides.map((slide) => slide.dataset.state)).toEqual([
      'active',
      'next',
      ...Array<string>(5).fill('idle'),
    ]);
  });

  it('hero carousel advances every 4000 ms', () => {
    vi.useFakeTimers();
    try {
      renderAt(<HomePage />);
      const carousel = screen.getByRole('region', { name: hero.carousel.label });
      expect(within(carousel).getByRole('group')).toHaveAccessibleName('1 of 7');
      act(() => {
        vi.advanceTimersByTime(3999);
      });
      expect(within(carousel).getByRole('group')).toHaveAccessibleName('1 of 7');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(within(carousel).getByRole('group')).toHaveAccessibleName('2 of 7');
      expect(within(carousel).getByRole('img')).toHaveAccessibleName(hero.carousel.slideAlts[1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('about: mission, three core values and the founder with TIPS and ServSafe credentials', () => {
    renderAt(<HomePage />);
    const aboutSection = section('about');
    expect(aboutSection).toHaveTextContent(about.mission.text);
    for (const value of ['Professionalism', 'Passion for Service', 'Teamwork']) {
      expect(within(aboutSection).getByRole('heading', { name: value })).toBeInTheDocument();
    }
    const founder = within(aboutSection).getByRole('article', { name: about.founder.title });
    expect(founder).toHaveTextContent(about.founder.name);
    const credentials = within(founder).getByRole('list', { name: about.founder.credentialsLabel });
    expect(credentials).toHaveTextContent(/TIPS/);
    expect(credentials).toHaveTextContent(/ServSafe/);
    const portrait = within(founder).getByRole('img', { name: about.founder.portraitAlt });
    expect(portrait).toHaveAttribute('loading', 'lazy');
  });

  it('services: the four cards of the specification, each with a quote link', () => {
    renderAt(<HomePage />);
    const servicesSection = section('services');
    const expected: Record<string, string[]> = {
      'Servers & Waitstaff': [
        'Fine dining service',
        'Buffet service',
        'Corporate events',
        'Private parties',
      ],
      'Bartenders & Mixologists': ['TIPS 360 certified', 'Full bar service', 'Custom drink menus'],
      'Event Captains & Supervisors': [
        'On-site management',
        'Staff supervision',
        'Vendor coordination',
        'Timeline management',
      ],
      'Chefs & Kitchen Staff': ['Prep cooks', 'Line cooks', 'Dishwashers', 'Stewards'],
    };
    const headings = within(servicesSection).getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(Object.keys(expected));
    for (const [title, features] of Object.entries(expected)) {
      const list = within(servicesSection).getByRole('list', {
        name: services.featuresLabel(title),
      });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(features);
      expect(
        within(servicesSection).getByRole('link', { name: `Request a Quote for ${title}` }),
      ).toHaveAttribute('href', '/request-service');
    }
  });

  it('references: four client categories with their clients and four five-star testimonials', () => {
    renderAt(<HomePage />);
    const referencesSection = section('references');
    for (const category of [
      'Fortune 500',
      'Government institutions',
      'Non-profits',
      'VIP private clients',
    ]) {
      const list = within(referencesSection).getByRole('list', { name: category });
      expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
    }
    const carousel = within(referencesSection).getByRole('region', {
      name: references.testimonials.label,
    });
    expect(within(carousel).getAllByRole('group', { hidden: true })).toHaveLength(4);
    const shown = within(carousel).getByRole('group');
    const [firstTestimonial] = references.testimonials.items;
    expect(shown).toHaveAccessibleName('1 of 4');
    expect(shown).toHaveTextContent(firstTestimonial?.text ?? '');
    expect(shown).toHaveTextContent(firstTestimonial?.name ?? '');
    expect(within(shown).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(references.testimonials.items.every((item) => item.rating === 5)).toBe(true);
    for (const name of ['Previous testimonial', 'Next testimonial']) {
      expect(within(carousel).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('venues: areas, credentials, event types, coverage and both buttons; no empty category box', () => {
    renderAt(<HomePage />);
    const venuesSection = section('venues');
    for (const area of ['Washington, D.C.', 'Northern Virginia', 'Maryland']) {
      const list = within(venuesSection).getByRole('list', { name: area });
      expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
    }
    for (const credential of ['Security clearance', 'VIP protocol', 'Exclusive venues']) {
      expect(within(venuesSection).getByRole('heading', { name: credential })).toBeInTheDocument();
    }
    for (const eventType of venues.eventTypes) {
      expect(within(venuesSection).getByText(eventType)).toBeInTheDocument();
    }
    for (const [value, label] of [
      ['25+', 'Mile Radius'],
      ['150+', 'Authorized Venues'],
      ['3', 'States'],
    ]) {
      expect(within(venuesSection).getByText(value as string)).toBeInTheDocument();
      expect(within(venuesSection).getByText(label as string)).toBeInTheDocument();
    }
    expect(
      within(venuesSection).getByRole('link', { name: 'Inquire About Venue' }),
    ).toHaveAttribute('href', '/request-service');
    expect(within(venuesSection).getByRole('link', { name: /^Call Now/ })).toHaveAttribute(
      'href',
      `tel:${company.phones.direct.e164}`,
    );
    // The seed has no venue categories: no list of the section may be empty.
    expect(venues.categories).toHaveLength(0);
    for (const list of within(venuesSection).getAllByRole('list')) {
      expect(within(list).queryAllByRole('listitem').length).toBeGreaterThan(0);
    }
  });

  it('clients strip: six names', () => {
    renderAt(<HomePage />);
    const strip = section('clients');
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(clients.names);
    expect(clients.names).toHaveLength(6);
  });
});
