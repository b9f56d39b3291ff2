import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteEditorText } from '../../content/admin-site';
import { LINK_RULE, PHONE_RULE, type PhotoValue } from '../../content/site-fields';
import { deferred, fakeFetch, json } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
// Loaded up front: the app loads it lazily, and a cold import is slower than findBy's wait.
import './part-page';
import { DRAFT_PATCH_BUDGET, type PatchDraftBody, type SiteOverview } from '../site-contract';
import { expectAlertSaying } from '../../test/alert';

const text = siteEditorText;
const SITE = 'GET /admin/api/site';
const SAVE = 'PATCH /admin/api/site/draft';
const PHOTOS = 'POST /admin/api/site/photos';
const owner = 'owner@example.com';

function overview(fields: Record<string, unknown> = {}): SiteOverview {
  return {
    live: { version: 0, publishedAt: null, publishedBy: null },
    published: {},
    draft: { revision: 7, fields, updatedAt: null, updatedBy: null },
    checklist: [],
  };
}

function signedIn(site = overview()) {
  return fakeFetch({
    'GET /admin/api/session': () => json({ email: owner, seenBefore: 0 }),
    [SITE]: () => json(site),
    [SAVE]: () => json({ ok: true, revision: 8, updatedAt: Date.now() }),
  });
}

async function openPart(id: string, title: string) {
  window.location.hash = `#/site/${id}`;
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: title });
  await screen.findByRole('button', { name: text.editor.save });
}

const field = (name: string) => screen.getByRole('textbox', { name });
const group = (name: string) => screen.getByRole('group', { name });

afterEach(() => vi.unstubAllGlobals());

describe('PartEditor: texts in both languages', () => {
  it('shows each text in English and Spanish, each with its label and count', async () => {
    signedIn();
    await openPart('home.services', 'Home: services');

    const english = field(text.editor.english('Small heading'));
    const spanish = field(text.editor.spanish('Small heading'));
    expect(english).toHaveAttribute('lang', 'en');
    expect(spanish).toHaveAttribute('lang', 'es');
    expect((english as HTMLInputElement).value).not.toBe('');
    expect((spanish as HTMLInputElement).value).not.toBe('');
    // The declared hint, said with each language's box, then the count against the limit.
    expect(english).toHaveAccessibleDescription(
      `The short line above the Services section's title. ${text.editor.characters((english as HTMLInputElement).value.length, 60)}`,
    );
    expect(spanish).toHaveAccessibleDescription(
      expect.stringMatching(/^The short line above the Services section's title\. /),
    );
  });

  it('reads the declared hint with both boxes, and a Spanish note with the Spanish box only', async () => {
    signedIn();
    await openPart('quote.messages', 'Quote form: messages');

    const english = field(text.editor.english('Phone not valid'));
    const spanish = field(text.editor.spanish('Phone not valid'));
    const hint = /^Shown under the box for the phone when it is not a phone number\. /;
    expect(english).toHaveAccessibleDescription(hint);
    expect(spanish).toHaveAccessibleDescription(hint);
    expect(english).not.toHaveAccessibleDescription(/usted/);
    expect(spanish).toHaveAccessibleDescription(/address the visitor as usted/);
  });

  it('marks the Spanish as needing an update once the English changes, until it is edited', async () => {
    signedIn();
    const user = userEvent.setup();
    await openPart('home.services', 'Home: services');
    const spanish = field(text.editor.spanish('Small heading'));
    expect(screen.queryByText(text.editor.needsTranslation)).toBeNull();

    await user.type(field(text.editor.english('Small heading')), ' today');

    expect(screen.getByText(text.editor.needsTranslation)).toBeVisible();
    expect(spanish).toHaveAccessibleDescription(new RegExp(text.editor.needsTranslation));

    await user.type(spanish, ' hoy');

    expect(screen.queryByText(text.editor.needsTranslation)).toBeNull();
    expect(spanish).not.toHaveAccessibleDescription(new RegExp(text.editor.needsTranslation));
  });

  it('says the rule a text breaks as it is typed', async () => {
    signedIn();
    const user = userEvent.setup();
    await openPart('home.services', 'Home: services');
    const english = field(text.editor.english('Small heading'));

    await user.clear(english);

    expect(english).toHaveAttribute('aria-invalid', 'true');
    expect(english).toHaveAccessibleDescription(/Write this text; it cannot be empty\./);
  });
});

describe('PartEditor: facts', () => {
  it('ties the phone rule to an invalid number, and writes a valid one the US way', async () => {
    signedIn();
    const user = userEvent.setup();
    await openPart('business', 'Business facts');
    const phone = field('Direct line');
    expect(phone).toHaveAttribute('type', 'tel');
    // The code's number is a fictional 555-01xx one: a placeholder, flagged until replaced.
    expect(phone).toHaveAttribute('aria-invalid', 'true');

    await user.clear(phone);
    await user.type(phone, '555');

    expect(phone).toHaveValue('555');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(new RegExp(PHONE_RULE.replace(/[().]/g, '\\$&')));

    await user.clear(phone);
    await user.type(phone, '703 555 2368');
    await user.tab();

    expect(phone).toHaveValue('(703) 555-2368');
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(phone).not.toHaveAccessibleDescription(/real North American/);
  });

  it('refuses a javascript: link with the link rule', async () => {
    signedIn();
    const user = userEvent.setup();
    await openPart('business', 'Business facts');
    const link = within(group('Social link 1')).getByRole('textbox', { name: 'Link' });

    await user.type(link, 'javascript:alert(1)');

    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(new RegExp(LINK_RULE.replace(/[().]/g, '\\$&')));
    await user.clear(link);
    await user.type(link, 'https://www.instagram.com/potomac');
    expect(link).not.toHaveAttribute('aria-invalid');
  });
});

describe('PartEditor: lists, by keyboard', () => {
  const titleOf = (card: string) =>
    (
      within(group(card)).getByRole('textbox', {
        name: text.editor.english('Name'),
      }) as HTMLInputElement
    ).value;

  it('moves an item up and keeps focus on its button, and announces it', async () => {
    signedIn();
    const user = userEvent.setup();
    await openPart('home.services', 'Home: services');
    const [first, second] = [titleOf('Service 1'), titleOf('Service 2')];

    screen.getByRole('button', { name: text.list.moveUp('Service 2') }).focus();
    await user.keyboard('{Enter}');

    expect([titleOf('Service 1'), titleOf('Service 2')]).toStrictEqual([second, first]);
    expect(screen.getByRole('button', { name: text.list.moveUp('Service 1') })).toHaveFocus();
    expect(screen.getByRole('button', { name: text.list.moveUp('Service 1') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText(text.list.moved('Service 2', 1, 4))).toHaveAttribute('role', 'status');

    await user.keyboard('{Enter}');
    expect(titleOf('Service 1')).toBe(second);
  });

  it('removes an item (focus to the next one) and adds one, then saves the whole list', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await openPart('home.services', 'Home: services');
    const third = titleOf('Service 3');

    screen.getByRole('button', { name: text.list.remove('Service 2') }).focus();
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('group', { name: 'Service 4' })).toBeNull();
    expect(titleOf('Service 2')).toBe(third);
    expect(group('Service 2')).toHaveFocus();

    screen.getByRole('button', { name: text.list.add('Service') }).focus();
    await user.keyboard('{Enter}');

    expect(group('Service 4')).toHaveFocus();
    expect(titleOf('Service 4')).toBe('');
    expect(screen.getByText(text.list.added('Service 4'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: text.editor.save }));

    expect(await screen.findByText(text.editor.saved)).toHaveAttribute('role', 'status');
    const [sent] = api.calls(SAVE);
    const body = sent?.body as { revision: number; set: Record<string, unknown> };
    expect(body.revision).toBe(7);
    expect(Object.keys(body.set)).toStrictEqual(['home.services/cards']);
    expect(body.set['home.services/cards']).toHaveLength(4);
  });

  it('keeps at least the fewest items: Remove says why it does nothing', async () => {
    signedIn();
    const user = userEvent.setup();
    await openPart('home.about', 'Home: about');
    // The founder's credentials: at least one.
    const list = group('Credentials');
    let removes = within(list).getAllByRole('button', { name: /^Remove Credential/ });
    while (removes.length > 1) {
      removes[0]?.focus();
      await user.keyboard('{Enter}');
      removes = within(list).getAllByRole('button', { name: /^Remove Credential/ });
    }
    const last = screen.getByRole('button', { name: text.list.remove('Credential 1') });
    expect(last).toHaveAttribute('aria-disabled', 'true');
    expect(last).toHaveAccessibleDescription(text.list.atLeast(1, 'Credential'));
    await user.click(last);
    expect(group('Credential 1')).toBeInTheDocument();
  });
});

describe('PartEditor: photos', () => {
  const photo: PhotoValue = {
    mediaId: '0123456789abcdef',
    image: {
      sources: { webp: '/media/0123456789abcdef-640.webp 640w' },
      img: { src: '/media/0123456789abcdef-1920.jpg', w: 1920, h: 1080 },
    },
    focus: { x: 50, y: 50 },
  };

  it('uploads a photo with its place, says it is working, and shows it', async () => {
    const api = signedIn();
    const answer = deferred<Response>();
    api.on(PHOTOS, () => answer.promise);
    const user = userEvent.setup();
    await openPart('home-images', 'Photos');
    const input = screen.getByLabelText(text.photo.fileLabel('Hero slide 1'));
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');

    await user.upload(input, new File(['jpeg'], 'gala.jpg', { type: 'image/jpeg' }));

    expect(await screen.findByText(text.photo.processing)).toHaveAttribute('role', 'status');
    const call = api.mock.mock.calls.find(([url]) => String(url).endsWith('/site/photos'));
    const form = call?.[1]?.body as FormData;
    expect([...form.keys()]).toStrictEqual(['place', 'file']);
    expect(form.get('place')).toBe('hero');

    answer.resolve(json({ ok: true, photo }));

    expect(await screen.findByText(text.photo.uploaded)).toBeVisible();
    expect(screen.getByRole('img', { name: text.photo.current('Hero slide 1') })).toHaveAttribute(
      'src',
      photo.image.img.src,
    );
  });

  it("shows the server's refusal in an alert tied to the file input", async () => {
    const api = signedIn();
    const refusal = 'This is an SVG drawing, not a photo: upload a JPEG, PNG or WebP.';
    api.on(PHOTOS, () => json({ ok: false, error: refusal }, 422));
    const user = userEvent.setup();
    await openPart('home-images', 'Photos');
    const input = screen.getByLabelText(text.photo.fileLabel("Founder's portrait"));

    await user.upload(input, new File(['<svg/>'], 'me.png', { type: 'image/png' }));

    await expectAlertSaying(refusal);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(new RegExp(refusal.replace(/[.:]/g, '\\$&')));
  });

  it('sets the focal point from the two number boxes, and edits the alt text of the hero', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await openPart('home-images', 'Photos');
    const slide = group('Hero slide 2');
    const across = within(slide).getByRole('spinbutton', { name: text.photo.focusAcross });

    await user.clear(across);
    await user.type(across, '20');
    const alt = within(slide).getByRole('textbox', {
      name: text.editor.english(text.photo.altLabel('Hero slide 2')),
    });
    await user.clear(alt);
    await user.type(alt, 'Two bartenders at a gala.');
    await user.click(screen.getByRole('button', { name: text.editor.save }));

    await screen.findByText(text.editor.saved);
    const fields = (api.calls(SAVE)[0]?.body as { set: Record<string, unknown> }).set;
    expect(fields['home-images/heroImages.1']).toMatchObject({ focus: { x: 20, y: 50 } });
    expect(fields['home.hero/carousel.slideAlts.1']).toMatchObject({
      en: 'Two bartenders at a gala.',
    });
  });
});

describe('PartEditor: saving the shared draft', () => {
  const theirs = {
    revision: 9,
    fields: { 'business/email': 'theirs@potomac.example' },
    updatedAt: Date.parse('2026-05-04T14:05:00-04:00'),
    updatedBy: 'ana@potomac.example',
  };

  it('warns when someone else saved meanwhile, and keeps the edits unsaved', async () => {
    const api = signedIn();
    api.on(SAVE, () => json({ ok: false, error: 'Someone else saved', current: theirs }, 409));
    const user = userEvent.setup();
    await openPart('business', 'Business facts');
    await user.clear(field('Business name'));
    await user.type(field('Business name'), 'Potomac Events');

    await user.click(screen.getByRole('button', { name: text.editor.save }));

    await expectAlertSaying(text.editor.conflict('ana@potomac.example', 'May 4, 2026, 2:05 PM'));
    expect(field('Business name')).toHaveValue('Potomac Events');
    expect(api.calls(SAVE)).toHaveLength(1);
    expect(screen.queryByText(text.editor.saved)).toBeNull();

    api.on(SAVE, () => json({ ok: true, revision: 10, updatedAt: Date.now() }));
    await user.click(screen.getByRole('button', { name: text.editor.saveMine }));

    expect(await screen.findByText(text.editor.saved)).toBeVisible();
    // Only what is mine goes, over their revision: their e-mail stays as they saved it.
    expect(api.calls(SAVE)[1]?.body).toStrictEqual({
      revision: 9,
      set: { 'business/name': 'Potomac Events' },
      drop: [],
    });
  });

  it('loads their draft instead, dropping the edits', async () => {
    const api = signedIn();
    api.on(SAVE, () => json({ ok: false, error: 'Someone else saved', current: theirs }, 409));
    const user = userEvent.setup();
    await openPart('business', 'Business facts');
    await user.type(field('Business name'), ' Events');
    await user.click(screen.getByRole('button', { name: text.editor.save }));

    await user.click(await screen.findByRole('button', { name: text.editor.loadTheirs }));

    expect(field('E-mail')).toHaveValue('theirs@potomac.example');
    expect(field('Business name')).toHaveValue('Potomac Staffing');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls(SAVE)).toHaveLength(1);
  });

  it('saves with Ctrl+S, then previews the saved revision', async () => {
    const api = signedIn();
    api.on('POST /admin/api/site/preview', () =>
      json({ ok: true, documents: { en: '/admin/preview/p/', es: '/admin/preview/p/es/' } }),
    );
    const user = userEvent.setup();
    await openPart('business', 'Business facts');
    await user.type(field('Business name'), ' Events');

    await user.keyboard('{Control>}s{/Control}');

    expect(await screen.findByText(text.editor.saved)).toBeVisible();
    expect(api.calls(SAVE)[0]?.body).toStrictEqual({
      revision: 7,
      set: { 'business/name': 'Potomac Staffing Events' },
      drop: [],
    });
    await user.type(field('Business name'), '!');
    await user.click(screen.getByRole('button', { name: text.preview.button }));

    expect(await screen.findByTitle('Preview: English, phone width')).toHaveAttribute(
      'src',
      '/admin/preview/p/',
    );
    // The new edit was saved first (over revision 8), and that revision previewed.
    expect(api.calls(SAVE)[1]?.body).toStrictEqual({
      revision: 8,
      set: { 'business/name': 'Potomac Staffing Events!' },
      drop: [],
    });
    expect(api.calls('POST /admin/api/site/preview')[0]?.body).toStrictEqual({ revision: 8 });
  });

  it('sends only what changed: a field set back to the code’s is dropped, the others untouched', async () => {
    const api = signedIn(
      overview({
        'business/name': 'Potomac Events',
        'business/email': 'hello@potomac.example',
      }),
    );
    const user = userEvent.setup();
    await openPart('business', 'Business facts');
    await user.clear(field('Business name'));
    await user.type(field('Business name'), 'Potomac Staffing');

    await user.click(screen.getByRole('button', { name: text.editor.save }));

    expect(await screen.findByText(text.editor.saved)).toBeVisible();
    expect(api.calls(SAVE)[0]?.body).toStrictEqual({
      revision: 7,
      set: {},
      drop: ['business/name'],
    });
  });

  it('saves a large part in patches, each over the revision the one before made', async () => {
    const api = signedIn();
    let revision = 7;
    api.on(SAVE, () => json({ ok: true, revision: ++revision, updatedAt: Date.now() }));
    const user = userEvent.setup();
    await openPart('home.references', 'Home: clients');
    // Long texts pasted into 14 English fields: more than one patch's budget in all.
    const boxes = screen
      .getAllByRole('textbox')
      .filter((box) => box.getAttribute('lang') === 'en')
      .slice(0, 14);
    // One change event each, as a paste over the whole text makes (typing it would take minutes).
    boxes.forEach((box, index) =>
      fireEvent.change(box, {
        target: { value: `${index} ${'Écrit de nouveau, mot à mot. '.repeat(165)}` },
      }),
    );

    await user.click(screen.getByRole('button', { name: text.editor.save }));

    expect(await screen.findByText(text.editor.saved)).toBeVisible();
    const bodies = api.calls(SAVE).map((call) => call.body as PatchDraftBody);
    expect(bodies.length).toBeGreaterThan(1);
    expect(bodies.map((body) => body.revision)).toStrictEqual(bodies.map((_, index) => 7 + index));
    for (const body of bodies) {
      expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeLessThan(
        DRAFT_PATCH_BUDGET + 200,
      );
    }
    const keys = bodies.flatMap((body) => Object.keys(body.set));
    expect(new Set(keys).size).toBe(boxes.length);
  }, 60_000);

  it('keeps what a cut-off save did save, and sends only the rest the next time', async () => {
    const api = signedIn();
    let revision = 7;
    api.on(SAVE, () =>
      api.calls(SAVE).length === 2
        ? json({ ok: false, error: 'The server stopped' }, 500)
        : json({ ok: true, revision: ++revision, updatedAt: Date.now() }),
    );
    const user = userEvent.setup();
    await openPart('home.references', 'Home: clients');
    const boxes = screen
      .getAllByRole('textbox')
      .filter((box) => box.getAttribute('lang') === 'en')
      .slice(0, 14);
    boxes.forEach((box, index) =>
      fireEvent.change(box, {
        target: { value: `${index} ${'Écrit de nouveau, mot à mot. '.repeat(165)}` },
      }),
    );

    await user.click(screen.getByRole('button', { name: text.editor.save }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: text.editor.save }));

    expect(await screen.findByText(text.editor.saved)).toBeVisible();
    const [first, cut, again] = api.calls(SAVE).map((call) => call.body as PatchDraftBody);
    expect(cut?.revision).toBe(8);
    // Over the revision the first patch made, with what the cut-off one carried, and no more.
    expect(again?.revision).toBe(8);
    expect(again?.set).toStrictEqual(cut?.set);
    expect(Object.keys(first?.set ?? {})).not.toContain(Object.keys(again?.set ?? {})[0]);
  }, 60_000);

  it('asks before leaving the part with unsaved edits', async () => {
    signedIn();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const user = userEvent.setup();
    await openPart('business', 'Business facts');
    await user.type(field('Business name'), ' Events');

    await user.click(screen.getByRole('link', { name: text.backToSite }));

    expect(confirm).toHaveBeenCalledWith(text.editor.leaveConfirm);
    expect(window.location.hash).toBe('#/site/business');
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: text.backToSite }));
    await waitFor(() => expect(window.location.hash).toBe('#/site'));
  });
});
