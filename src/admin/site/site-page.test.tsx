import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mailCheckText } from '../../content/admin-mail-check';
import { siteEditorText } from '../../content/admin-site';
import { deferred, fakeFetch, json } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
// Loaded up front: the app loads it lazily, and a cold import is slower than findBy's wait.
import './site-page';
import type { SiteOverview, SiteVersions } from '../site-contract';

const text = siteEditorText;
const owner = 'owner@example.com';
const PUBLISH = 'POST /admin/api/site/publish';
const PREVIEW = 'POST /admin/api/site/preview';
const RESTORE = 'POST /admin/api/site/versions/2/restore';

const site: SiteOverview = {
  live: {
    version: 3,
    publishedAt: Date.parse('2026-05-04T14:30:00-04:00'),
    publishedBy: owner,
  },
  published: { 'business/email': 'hello@potomac.example' },
  draft: {
    revision: 12,
    fields: {
      'business/email': 'hello@potomac.example',
      'business/name': 'Potomac Events',
      'home.hero/eyebrow': { en: 'Hi', es: 'Hola' },
    },
    updatedAt: Date.parse('2026-05-05T09:15:00-04:00'),
    updatedBy: 'ana@potomac.example',
  },
  checklist: [
    { key: 'business/phones.direct', label: 'Business facts › Phone lines › Direct line' },
    { key: 'home-images/heroImages.0', label: 'Photos › Hero slide 1' },
  ],
};

const versions: SiteVersions = {
  versions: [
    {
      version: 3,
      publishedAt: Date.parse('2026-05-04T14:30:00-04:00'),
      publishedBy: owner,
      changes: ['Business facts › E-mail: “bookings@example.com” → “hello@potomac.example”'],
      restoredFrom: null,
    },
    {
      version: 2,
      publishedAt: Date.parse('2026-04-20T10:00:00-04:00'),
      publishedBy: 'ana@potomac.example',
      changes: ['Home: hero › Small heading (Spanish): “Hola”'],
      restoredFrom: null,
    },
  ],
};

function signedIn() {
  return fakeFetch({
    'GET /admin/api/session': () => json({ email: owner, seenBefore: 0 }),
    'GET /admin/api/site': () => json(site),
    'GET /admin/api/site/versions': () => json(versions),
    'GET /admin/api/mail-check': () => json({ configured: false }),
  });
}

async function openSite() {
  window.location.hash = '#/site';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: text.heading });
  await screen.findByRole('region', { name: text.state.heading });
}

const region = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('SitePage', () => {
  it('is linked from the header, and says what is live and what the draft holds', async () => {
    signedIn();
    window.location.hash = '#/';
    render(<AdminApp />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: text.headerLink }));
    await screen.findByRole('heading', { level: 1, name: text.heading });

    const state = await screen.findByRole('region', { name: text.state.heading });
    expect(state).toHaveTextContent(text.state.liveVersion(3, 'May 4, 2026, 2:30 PM', owner));
    expect(state).toHaveTextContent(
      text.state.draftSaved('May 5, 2026, 9:15 AM', 'ana@potomac.example'),
    );
    expect(state).toHaveTextContent(text.state.unpublished(2));
  });

  it('lists the placeholders still live, each a link to its field', async () => {
    signedIn();
    await openSite();
    const checklist = region(text.checklist.heading);

    expect(checklist).toHaveTextContent(text.checklist.intro);
    const links = within(checklist).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toStrictEqual([
      'Business facts › Phone lines › Direct line',
      'Photos › Hero slide 1',
    ]);
    expect(links[0]).toHaveAttribute('href', '#/site/business?field=phones.direct');
    expect(links[1]).toHaveAttribute('href', '#/site/home-images?field=heroImages.0');
  });

  it('has the mail section in the launch checklist, under its own heading', async () => {
    const fetches = signedIn();
    await openSite();
    const checklist = region(text.checklist.heading);
    const mail = await within(checklist).findByRole('region', { name: mailCheckText.heading });
    expect(within(mail).getByRole('heading', { level: 3 })).toHaveTextContent(
      mailCheckText.heading,
    );
    await within(mail).findByRole('list');
    expect(fetches.calls('GET /admin/api/mail-check')).toHaveLength(1);
  });

  it('lists every part, with its unpublished changes', async () => {
    signedIn();
    await openSite();
    const parts = region(text.parts.heading);

    const business = within(parts).getByRole('link', { name: 'Business facts' });
    expect(business).toHaveAttribute('href', '#/site/business');
    expect(business.closest('li')).toHaveTextContent(text.parts.changed(1));
    expect(within(parts).getByRole('link', { name: 'Home: hero' }).closest('li')).toHaveTextContent(
      text.parts.changed(1),
    );
  });

  it('counts the Spanish texts older than their English, in the parts list and the Publish step, each a link; publishing stays allowed', async () => {
    const api = fakeFetch({
      'GET /admin/api/session': () => json({ email: owner, seenBefore: 0 }),
      'GET /admin/api/site': () =>
        json({
          ...site,
          draft: {
            ...site.draft,
            fields: {
              'home.hero/eyebrow': { en: 'Hi', es: 'Hola', enAt: 2_000, esAt: 1_000 },
              // Translated after the English changed: up to date.
              'home.hero/intro': { en: 'We staff', es: 'Atendemos', enAt: 1_000, esAt: 2_000 },
              'home.references/testimonials.items': [
                { text: { en: 'Great', es: 'Genial', enAt: 1_000, esAt: 1_000 } },
                { text: { en: 'Flawless', es: 'Bien', enAt: 5_000 } },
              ],
            },
          },
        }),
      'GET /admin/api/site/versions': () => json(versions),
      'GET /admin/api/mail-check': () => json({ configured: false }),
      [PUBLISH]: () => json({ ok: true, version: 4, tookMs: 1_000 }),
    });
    const user = userEvent.setup();
    await openSite();

    const parts = region(text.parts.heading);
    const hero = within(parts).getByRole('link', { name: 'Home: hero' }).closest('li');
    const clients = within(parts).getByRole('link', { name: 'Home: clients' }).closest('li');
    expect(hero).toHaveTextContent(text.translations.count(1));
    expect(clients).toHaveTextContent(text.translations.count(1));
    expect(within(parts).getAllByText(/older than the English/)).toHaveLength(2);
    await user.click(within(hero as HTMLElement).getByText(text.translations.count(1)));
    const heroLink = within(hero as HTMLElement).getByRole('link', { name: /\(Spanish\)$/ });
    expect(heroLink).toHaveAttribute('href', '#/site/home.hero?field=eyebrow&lang=es');

    const publish = region(text.publish.heading);
    expect(publish).toHaveTextContent(text.translations.publishIntro(2));
    const links = within(publish).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toStrictEqual([
      '#/site/home.hero?field=eyebrow&lang=es',
      '#/site/home.references?field=testimonials.items.1.text&lang=es',
    ]);
    expect(links[1]).toHaveAccessibleName(/^Home: clients › .*Testimonial 2 › .* \(Spanish\)$/);

    await user.click(within(publish).getByRole('button', { name: text.publish.button }));
    await waitFor(() =>
      expect(within(publish).getByRole('status')).toHaveTextContent(text.publish.live(4)),
    );
    expect(api.calls(PUBLISH)).toHaveLength(1);
  });

  it('shows the steps while publishing, then the version now live', async () => {
    const api = signedIn();
    const answer = deferred<Response>();
    api.on(PUBLISH, () => answer.promise);
    const user = userEvent.setup();
    await openSite();
    const publish = region(text.publish.heading);

    await user.click(within(publish).getByRole('button', { name: text.publish.button }));

    expect(within(publish).getByRole('status')).toHaveTextContent(`${text.publish.steps[0]}…`);
    expect(api.calls(PUBLISH)[0]?.body).toStrictEqual({ revision: 12 });

    answer.resolve(json({ ok: true, version: 4, tookMs: 3_240 }));

    await waitFor(() =>
      expect(within(publish).getByRole('status')).toHaveTextContent(text.publish.live(4)),
    );
    expect(within(publish).getByRole('status')).toHaveTextContent(text.publish.took('3.2'));
    // The overview and the history are asked again.
    await waitFor(() => expect(api.calls('GET /admin/api/site').length).toBeGreaterThan(1));
    expect(api.calls('GET /admin/api/site/versions').length).toBeGreaterThan(1);
  });

  it('says the live site is unchanged when publishing fails', async () => {
    const api = signedIn();
    api.on(PUBLISH, () => json({ ok: false, error: 'The pages could not be made.' }, 503));
    const user = userEvent.setup();
    await openSite();
    const publish = region(text.publish.heading);

    await user.click(within(publish).getByRole('button', { name: text.publish.button }));

    expect(await within(publish).findByRole('alert')).toHaveTextContent(
      'Not published: The pages could not be made. The live site is unchanged.',
    );
    expect(within(publish).getByRole('status')).not.toHaveTextContent(/Live/);
  });

  it('lists the rules a publish broke, each a link to its field and language', async () => {
    const api = signedIn();
    api.on(PUBLISH, () =>
      json(
        {
          ok: false,
          error: 'Fix these first',
          problems: [
            {
              key: 'home.hero/eyebrow',
              label: 'Home: hero › Small heading',
              message: 'Write this text; it cannot be empty.',
              language: 'es',
            },
          ],
        },
        422,
      ),
    );
    const user = userEvent.setup();
    await openSite();
    const publish = region(text.publish.heading);

    await user.click(within(publish).getByRole('button', { name: text.publish.button }));

    const alert = await within(publish).findByRole('alert');
    expect(alert).toHaveTextContent(text.publish.problemsIntro);
    expect(
      within(alert).getByRole('link', {
        name: 'Home: hero › Small heading (Spanish): Write this text; it cannot be empty.',
      }),
    ).toHaveAttribute('href', '#/site/home.hero?field=eyebrow&lang=es');
  });

  it('previews the draft in a frame, in either language and width', async () => {
    const api = signedIn();
    api.on(PREVIEW, () =>
      json({ ok: true, documents: { en: '/admin/preview/t1/', es: '/admin/preview/t1/es/' } }),
    );
    const user = userEvent.setup();
    await openSite();
    const preview = region(text.preview.heading);

    await user.click(within(preview).getByRole('button', { name: text.preview.button }));

    const frame = await within(preview).findByTitle('Preview: English, phone width');
    expect(frame).toHaveAttribute('src', '/admin/preview/t1/');
    expect(api.calls(PREVIEW)[0]?.body).toStrictEqual({ revision: 12 });
    await user.click(within(preview).getByRole('radio', { name: 'Spanish' }));
    await user.click(within(preview).getByRole('radio', { name: text.preview.desktop }));
    expect(within(preview).getByTitle('Preview: Spanish, desktop width')).toHaveAttribute(
      'src',
      '/admin/preview/t1/es/',
    );
    expect(
      within(preview).getByRole('link', { name: text.preview.openInTab('Spanish') }),
    ).toHaveAttribute('target', '_blank');
  });
});

describe('SitePage: history', () => {
  it('lists each version: when, who, and what changed', async () => {
    signedIn();
    await openSite();
    const history = region(text.history.heading);

    const version = await within(history).findByRole('heading', { name: 'Version 2' });
    const item = version.closest('li');
    expect(item).toHaveTextContent(
      text.history.by('Apr 20, 2026, 10:00 AM', 'ana@potomac.example'),
    );
    expect(item).toHaveTextContent('Home: hero › Small heading (Spanish): “Hola”');
  });

  it('shows a long version’s first lines, the rest behind how many more there are', async () => {
    const api = signedIn();
    const changes = Array.from({ length: 11 }, (_, index) => `Change ${index + 1}`);
    api.on('GET /admin/api/site/versions', () =>
      json({ versions: [{ ...versions.versions[0], changes }] }),
    );
    const user = userEvent.setup();
    await openSite();
    const history = region(text.history.heading);

    await within(history).findByText('Change 1');
    expect(within(history).getByText('Change 8')).toBeVisible();
    expect(within(history).getByText('Change 9')).not.toBeVisible();
    await user.click(within(history).getByText(text.history.moreChanges(3)));
    expect(within(history).getByText('Change 11')).toBeVisible();
  });

  it('asks in the page before restoring, and restores only once confirmed', async () => {
    const api = signedIn();
    api.on(RESTORE, () => json({ ok: true, version: 4, tookMs: 2_000 }));
    const user = userEvent.setup();
    await openSite();
    const history = region(text.history.heading);

    await user.click(await within(history).findByRole('button', { name: text.history.restore(2) }));

    const question = within(history).getByRole('group', { name: text.history.confirm(2) });
    expect(question).toHaveTextContent(/published again as a new version/);
    expect(
      within(question).getByRole('button', { name: text.history.confirmYes(2) }),
    ).toHaveFocus();
    expect(api.calls(RESTORE)).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: text.history.cancel }));
    expect(within(history).queryByRole('group', { name: text.history.confirm(2) })).toBeNull();
    expect(within(history).getByRole('button', { name: text.history.restore(2) })).toHaveFocus();
    expect(api.calls(RESTORE)).toHaveLength(0);

    await user.click(within(history).getByRole('button', { name: text.history.restore(2) }));
    await user.click(within(history).getByRole('button', { name: text.history.confirmYes(2) }));

    expect(await within(history).findByText(text.history.restored(4, 2))).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.calls(RESTORE)).toHaveLength(1);
  });

  it('previews a version', async () => {
    const api = signedIn();
    api.on('POST /admin/api/site/versions/3/preview', () =>
      json({ ok: true, documents: { en: '/admin/preview/v3/', es: '/admin/preview/v3/es/' } }),
    );
    const user = userEvent.setup();
    await openSite();
    const history = region(text.history.heading);

    await user.click(await within(history).findByRole('button', { name: text.history.preview(3) }));

    expect(await within(history).findByTitle('Preview: English, phone width')).toHaveAttribute(
      'src',
      '/admin/preview/v3/',
    );
  });
});
