import type { ContentLanguage, PublishedVersion } from '../../src/content/published.ts';
import {
  openingHoursSpecification,
  specialOpeningHoursSpecification,
} from '../../src/content/opening-hours.ts';
import { FIRST_SCREEN_END_ID, pageDocumentDir, routes } from '../../src/content/routes.ts';
import { siteContent } from '../../src/content/site-content.ts';
import { escapeHtml } from '../../src/escape-html.ts';
import {
  PREVIEW_HEIGHT,
  PREVIEW_WIDTH,
  previewFileName,
  UNHASHED_PREVIEW_FILE,
  type PreviewText,
} from './link-preview.ts';

/** What the head of one language's document is written from: its content as `published` has it. */
type DocumentContent = ReturnType<typeof siteContent>;

/** The site's documents: English at `/`, Spanish at `/es/` (see vite.config.ts). */
const LANGUAGES: readonly ContentLanguage[] = ['en', 'es'];

function isLanguage(language: string): language is ContentLanguage {
  return (LANGUAGES as readonly string[]).includes(language);
}

export function contentOf(published: PublishedVersion, language: string): DocumentContent {
  if (!isLanguage(language)) throw new Error(`No document for the language '${language}'`);
  return siteContent(published, language);
}

/** Every document's content, English first. */
const documentsOf = (published: PublishedVersion) =>
  LANGUAGES.map((language) => siteContent(published, language));

/** A page's document on the published site (business.siteUrl): `/es/` + `/team` → `…/es/team/`. */
function documentUrl(content: DocumentContent, path: string = routes.home.path): string {
  return `${content.business.siteUrl}${content.language.documentPath}${pageDocumentDir(path)}`;
}

/** The page a head is written for: its path (`/team`) and its <title> text (HTML, as React wrote it). */
export interface HeadPage {
  path: string;
  title: string;
}

/** The link preview's first file name, beside its document (`og-image.jpg`, `es/og-image.jpg`). */
export const PREVIEW_FILE = UNHASHED_PREVIEW_FILE;

/** The words of a document's link preview (scripts/build/link-preview.ts), from its content. */
export function previewText(published: PublishedVersion, language = 'en'): PreviewText {
  const { company, claims, pages } = contentOf(published, language);
  const { events, staff } = claims.stats;
  return {
    eyebrow: company.serviceAreas.join(' · '),
    headline: pages.home.heading,
    detail: `${events.value} ${events.label} · ${staff.value} ${staff.label} · ${claims.since}`,
    signature: `${company.name} · ${company.phones.office.display}`,
  };
}

/** The meta tags of a shared link's preview: the page's words and its picture. */
function previewTags(
  published: PublishedVersion,
  content: DocumentContent,
  title: string,
  path: string,
): string[] {
  const { company } = content;
  const text = previewText(published, content.language.code);
  // Named by what it shows, so that a published change is a new address (link-preview.ts).
  const image = `${documentUrl(content)}${previewFileName(text)}`;
  const alt = `${text.headline}. ${text.detail}. ${text.signature}`;
  const openGraph: [property: string, value: string | number][] = [
    ['type', 'website'],
    ['site_name', company.name],
    ['title', title],
    ['description', company.description],
    ['url', documentUrl(content, path)],
    ['locale', content.language.locale.replace('-', '_')],
    ['image', image],
    ['image:type', 'image/jpeg'],
    ['image:width', PREVIEW_WIDTH],
    ['image:height', PREVIEW_HEIGHT],
    ['image:alt', alt],
  ];
  return [
    ...openGraph.map(
      ([property, value]) =>
        `<meta property="og:${property}" content="${escapeHtml(String(value))}" />`,
    ),
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
}

function unescapeHtml(html: string): string {
  return html
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
}

/**
 * schema.org structured data for the business, built from src/content so search engines read the
 * same facts the site shows. No `url`: the site does not know the origin it is deployed on.
 */
export function localBusinessJsonLd(published: PublishedVersion, language = 'en') {
  const content = contentOf(published, language);
  const { company, business } = content;
  const { phones, address } = company;
  return {
    '@context': 'https://schema.org',
    '@type': 'EmploymentAgency',
    name: company.name,
    url: documentUrl(content),
    inLanguage: content.language.code,
    legalName: company.legalName,
    description: company.description,
    slogan: company.tagline,
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
    openingHoursSpecification: openingHoursSpecification(business.openingHours),
    ...(business.closedDays.length > 0 && {
      specialOpeningHoursSpecification: specialOpeningHoursSpecification(business.closedDays),
    }),
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

/** `<link rel="alternate" hreflang>` to the page in every language, in each of its documents' heads. */
function alternateLinks(published: PublishedVersion, path: string): string[] {
  const documents = documentsOf(published);
  const links = documents.map(
    (content) =>
      `<link rel="alternate" hreflang="${content.language.code}" href="${documentUrl(content, path)}" />`,
  );
  return [
    ...links,
    `<link rel="alternate" hreflang="x-default" href="${documentUrl(contentOf(published, 'en'), path)}" />`,
  ];
}

/**
 * The static <head> tags, written from src/content as `published` has it, so index.html holds no
 * business fact;
 * `routeMarker` is the text of the script that runs before the first paint (src/route-marker.ts).
 */
export function siteHeadTags(
  published: PublishedVersion,
  language = 'en',
  routeMarker = '',
  page?: HeadPage,
): string {
  const content = contentOf(published, language);
  const { company, pages } = content;
  const path = page?.path ?? routes.home.path;
  // React's <title> text is HTML already (entry-server.tsx); the home page's is written here.
  const title = page ? unescapeHtml(page.title) : `${pages.home.title} | ${company.name}`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(company.description)}" />`,
    // How a shared link previews (messaging apps, social sites): the same words as the page.
    ...previewTags(published, content, title, path),
    `<link rel="canonical" href="${documentUrl(content, path)}" />`,
    ...alternateLinks(published, path),
    ...(routeMarker ? [`<script>${routeMarker}</script>`] : []),
    // The first paint waits for the first screen's whole HTML, never a half-parsed page.
    `<link rel="expect" href="#${FIRST_SCREEN_END_ID}" blocking="render" />`,
    `<script type="application/ld+json">${jsonForScript(localBusinessJsonLd(published, language))}</script>`,
  ].join('\n    ');
}

/** The pages with a document of their own (src/entry-server.tsx renders them): their main paths. */
export const pageDocumentPaths: readonly string[] = Object.values(routes).map(
  (route) => route.path,
);

/** sitemap.xml: every page's document in both languages, each naming the others as its alternates. */
export function sitemapXml(published: PublishedVersion): string {
  const documents = documentsOf(published);
  const urls = pageDocumentPaths.flatMap((path) => {
    const alternates = documents
      .map(
        (content) =>
          `    <xhtml:link rel="alternate" hreflang="${content.language.code}" href="${documentUrl(content, path)}"/>`,
      )
      .join('\n');
    return documents.map(
      (content) => `  <url>\n    <loc>${documentUrl(content, path)}</loc>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything but the owner's inbox and the pages' pieces, and where the sitemap is. */
export function robotsTxt(published: PublishedVersion): string {
  const documents = documentsOf(published);
  // The pages' prerendered HTML (pages/*.html) is a part of its document, not a page of its own.
  const pieces = documents.map((content) => `Disallow: ${content.language.documentPath}pages/`);
  return [
    'User-agent: *',
    'Disallow: /admin/',
    ...pieces,
    '',
    `Sitemap: ${documents[0]?.business.siteUrl ?? ''}/sitemap.xml`,
    '',
  ].join('\n');
}
