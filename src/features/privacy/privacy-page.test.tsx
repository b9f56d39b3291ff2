import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { companyContent } from '../../content/company';
import { privacyContent as esPrivacyContent } from '../../content/es/privacy';
import { pagesContent as esPagesContent } from '../../content/es/site';
import { privacyContent } from '../../content/privacy';
import {
  NOTHING_PUBLISHED,
  publishedVersion,
  type PublishedVersion,
} from '../../content/published';
import { pagesContent } from '../../content/site';
import { PublishedContext } from '../../content/use-content';
import { PrivacyPage } from './privacy-page';

/** Which language's content the page's modules give: the Spanish build swaps them the same way. */
const shown = vi.hoisted(() => ({ language: 'en' as 'en' | 'es' }));

vi.mock('../../content/privacy', async () => {
  const en = await vi.importActual<typeof import('../../content/privacy')>('../../content/privacy');
  const es = await vi.importActual<typeof import('../../content/es/privacy')>(
    '../../content/es/privacy',
  );
  return {
    ...en,
    privacyContent: (version: PublishedVersion) =>
      shown.language === 'es' ? es.privacyContent(version) : en.privacyContent(version),
  };
});

vi.mock('../../content/site', async () => {
  const en = await vi.importActual<typeof import('../../content/site')>('../../content/site');
  const es = await vi.importActual<typeof import('../../content/es/site')>('../../content/es/site');
  return {
    ...en,
    pagesContent: (version: PublishedVersion) =>
      shown.language === 'es' ? es.pagesContent(version) : en.pagesContent(version),
  };
});

function renderPage(language: 'en' | 'es', version: PublishedVersion = NOTHING_PUBLISHED) {
  shown.language = language;
  return render(
    <PublishedContext value={version}>
      <MemoryRouter initialEntries={['/privacy']}>
        <PrivacyPage />
      </MemoryRouter>
    </PublishedContext>,
  );
}

afterEach(() => {
  shown.language = 'en';
});

const languages = [
  { language: 'en', privacy: privacyContent, pages: pagesContent, kept: 'two years' },
  { language: 'es', privacy: esPrivacyContent, pages: esPagesContent, kept: 'dos años' },
] as const;

describe.each(languages)('PrivacyPage ($language)', ({ language, privacy, pages, kept }) => {
  const { privacy: note } = privacy(NOTHING_PUBLISHED);
  const { pages: titles } = pages(NOTHING_PUBLISHED);
  const { company } = companyContent(NOTHING_PUBLISHED);

  it('shows its heading and every section of the note, in order, each a landmark named by its heading', () => {
    renderPage(language);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(titles.privacy.heading);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([...note.sections.map((s) => s.title), note.contact.title]);
    for (const section of note.sections) {
      const region = screen.getByRole('region', { name: section.title });
      for (const paragraph of section.paragraphs) expect(region).toHaveTextContent(paragraph);
      for (const point of section.points ?? []) {
        expect(within(region).getByText(point).tagName).toBe('LI');
      }
    }
  });

  it('says how long the counts are kept from its content value, and what Global Privacy Control does', () => {
    renderPage(language);
    expect(note.countsKept).toBe(kept);
    const visits = screen.getByRole('region', { name: note.sections[1]?.title });
    expect(visits).toHaveTextContent(kept);
    expect(screen.getByRole('region', { name: 'Global Privacy Control' })).toHaveTextContent(
      language === 'en' ? /not count your visit at all/ : /no cuenta su visita en absoluto/,
    );
  });

  it('names everything the beacon tells of a visit: a form started (server/visits, the start beacon)', () => {
    renderPage(language);
    const visits = screen.getByRole('region', { name: note.sections[1]?.title });
    expect(visits).toHaveTextContent(
      language === 'en' ? /began to fill it in \(not what you typed\)/ : /empezó a llenarlo/,
    );
    // Under GPC a submission records no source either (server/visits/submission-source.ts).
    expect(screen.getByRole('region', { name: 'Global Privacy Control' })).toHaveTextContent(
      language === 'en'
        ? /keeps nothing of how you found us/
        : /no guarda nada de cómo nos encontró/,
    );
  });

  it("names the business's e-mail and office phone as links, from its facts", () => {
    renderPage(language);
    const contact = screen.getByRole('region', { name: note.contact.title });
    expect(within(contact).getByRole('link', { name: company.email })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    );
    expect(
      within(contact).getByRole('link', { name: company.phones.office.display }),
    ).toHaveAttribute('href', `tel:${company.phones.office.e164}`);
  });

  it('follows the e-mail and phone the owner published', () => {
    const published = publishedVersion({
      version: 3,
      facts: {
        'business/email': 'privacy@capital-shift.example',
        'business/phones.office': { display: '(301) 555-7719', e164: '+13015557719' },
      },
    });
    renderPage(language, published);
    const contact = screen.getByRole('region', { name: note.contact.title });
    expect(
      within(contact).getByRole('link', { name: 'privacy@capital-shift.example' }),
    ).toHaveAttribute('href', 'mailto:privacy@capital-shift.example');
    expect(within(contact).getByRole('link', { name: '(301) 555-7719' })).toHaveAttribute(
      'href',
      'tel:+13015557719',
    );
    expect(contact).not.toHaveTextContent(company.email);
  });
});
