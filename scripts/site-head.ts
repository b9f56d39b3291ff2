import type { Plugin } from 'vite';
import { company, hours } from '../src/content/company.ts';
import { pages } from '../src/content/site.ts';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * schema.org structured data for the business, built from src/content so search engines read the
 * same facts the site shows. No `url`: the site does not know the origin it is deployed on.
 */
export function localBusinessJsonLd() {
  const { phones, address } = company;
  return {
    '@context': 'https://schema.org',
    '@type': 'EmploymentAgency',
    name: company.name,
    legalName: company.legalName,
    description: company.description,
    foundingDate: String(company.foundedYear),
    telephone: phones.office.e164,
    email: company.email,
    contactPoint: [phones.direct, phones.office].map((phone) => ({
      '@type': 'ContactPoint',
      contactType: phone.label,
      telephone: phone.e164,
      email: company.email,
    })),
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    hasMap: company.mapsUrl,
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [...hours.weekdays.dayOfWeek],
        opens: hours.weekdays.opens,
        closes: hours.weekdays.closes,
      },
    ],
    areaServed: company.serviceAreas.map((name) => ({ '@type': 'AdministrativeArea', name })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">` block. `<`, `>` and `&` become \u escapes, which
 * JSON parsers read back unchanged, so no value can close the script element or open a comment.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
}

/**
 * Runs in <head> before the first paint. On a link to any page but home (`#/team`, `#about`…) it
 * marks the document, so that the prerendered home page stays hidden (src/index.css) until
 * src/main.tsx has rendered the page asked for. The same route test as `hashRoute` in src/app.
 * Inline (no request before the first paint); the server's CSP allows it by its hash.
 */
export const routeMarkerScript =
  "var r=location.hash.replace(/^#/,'').split('?')[0];" +
  "if(r&&r!=='/')document.documentElement.setAttribute('data-route','other')";

/** The static <head> tags, written from src/content so index.html holds no business fact. */
export function siteHeadTags(): string {
  const title = `${pages.home.title} | ${company.name}`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(company.description)}" />`,
    // How a shared link previews (messaging apps, social sites): the same words as the page.
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(company.description)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<script>${routeMarkerScript}</script>`,
    `<script type="application/ld+json">${jsonForScript(localBusinessJsonLd())}</script>`,
  ].join('\n    ');
}

export function siteHead(): Plugin {
  return {
    name: 'site-head',
    transformIndexHtml(html) {
      return html.replace('<!-- site-head -->', siteHeadTags());
    },
  };
}
