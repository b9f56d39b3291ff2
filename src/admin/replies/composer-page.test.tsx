import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { expectAlertSaying } from '../../test/alert';
import { deferred, fakeFetch, json, type FakeHandler } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import type { ReplyComposer, SubmissionDetail } from '../contract';

const text = adminText.composer;
const DETAIL = '/admin/api/submissions/abc';
const COMPOSER = `${DETAIL}/reply`;
const SEND = `${DETAIL}/replies`;
const owner = 'owner@example.com';
const receivedAt = new Date(2026, 10, 20, 15, 30).getTime();

const detail: SubmissionDetail = {
  id: 'abc',
  form: 'quote',
  receivedAt,
  status: 'new',
  note: '',
  language: 'es-US',
  siteLanguage: 'es',
  fields: { clientName: 'Ana López', email: 'ana@example.net', eventDate: '2026-12-12' },
  attachments: [],
  events: [],
  notification: { state: 'sent', at: receivedAt },
  acknowledgement: { state: 'sent', at: receivedAt },
  respondBy: null,
  quoteBy: null,
  firstResponseAt: null,
  firstResponseBusinessMs: null,
  spam: null,
  mailPaused: null,
  replies: [],
  answerWaitingSince: null,
  visit: null,
};

const quoteOnItsWay = {
  id: 1,
  name: 'Quote on its way',
  en: 'Hello Ana, your quote is on its way.',
  es: 'Hola Ana, su cotización está en camino.',
};
const questions = {
  id: 2,
  name: 'A few questions',
  en: 'Hello Ana, a few questions about your event.',
  es: null,
};

const composer: ReplyComposer = {
  to: 'ana@example.net',
  subject: 'Re: Your quote request to Potomac Staffing',
  language: 'es',
  templates: [quoteOnItsWay, questions],
  suggested: 1,
  refused: null,
};

function signedIn(answer: FakeHandler = () => json(composer)) {
  return fakeFetch({
    'GET /admin/api/session': () => json({ email: owner, seenBefore: receivedAt }),
    [`GET ${DETAIL}`]: () => json(detail),
    [`GET ${COMPOSER}`]: answer,
  });
}

async function renderComposer() {
  window.location.hash = '#/submissions/abc/reply';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: text.heading('Ana López') });
}

const body = () => screen.getByRole('textbox', { name: text.body });
const subject = () => screen.getByRole('textbox', { name: text.subject });
const template = () => screen.getByRole('combobox', { name: text.template });
const language = (name: string) =>
  within(screen.getByRole('group', { name: text.language })).getByRole('radio', { name });
const sendButton = () => screen.getByRole('button', { name: text.send });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('ComposerPage', () => {
  it('starts from the composer: the address, the subject, the language and the suggested template', async () => {
    signedIn();
    await renderComposer();

    expect(screen.getByRole('textbox', { name: text.to })).toHaveValue('ana@example.net');
    expect(screen.getByRole('textbox', { name: text.to })).toHaveAttribute('readonly');
    expect(subject()).toHaveValue('Re: Your quote request to Potomac Staffing');
    expect(language('Español')).toBeChecked();
    expect(template()).toHaveValue('1');
    expect(body()).toHaveValue('Hola Ana, su cotización está en camino.');
    expect(body()).toHaveAttribute('lang', 'es');
    expect(screen.queryByText(text.noSpanish)).toBeNull();
  });

  it('fills the body from the template chosen, and from the same template in the language chosen', async () => {
    signedIn();
    const user = userEvent.setup();
    await renderComposer();

    await user.click(language('English'));
    expect(body()).toHaveValue('Hello Ana, your quote is on its way.');

    await user.selectOptions(template(), 'A few questions');
    expect(body()).toHaveValue('Hello Ana, a few questions about your event.');
  });

  it('says a template has no Spanish before sending, tied to the text, with the English filled in', async () => {
    signedIn();
    const user = userEvent.setup();
    await renderComposer();

    await user.selectOptions(template(), 'A few questions');

    expect(body()).toHaveValue('Hello Ana, a few questions about your event.');
    expect(body()).toHaveAccessibleDescription(expect.stringContaining(text.noSpanish));
    expect(screen.getByText(text.noSpanish)).toBeVisible();
    expect(sendButton()).toBeEnabled();
  });

  it('says at Send itself that the English goes out, until the owner writes their own text', async () => {
    signedIn();
    const user = userEvent.setup();
    await renderComposer();
    expect(sendButton()).not.toHaveAccessibleDescription(text.sendInEnglish);

    await user.selectOptions(template(), 'A few questions');
    expect(sendButton()).toHaveAccessibleDescription(text.sendInEnglish);
    expect(screen.getByText(text.sendInEnglish)).toBeVisible();

    await user.type(body(), ' Hasta pronto.');
    expect(sendButton()).not.toHaveAccessibleDescription(text.sendInEnglish);
  });

  it('keeps an unsent reply when the owner leaves the composer and comes back, and says so', async () => {
    signedIn();
    const user = userEvent.setup();
    await renderComposer();
    await user.clear(subject());
    await user.type(subject(), 'Re: Su fiesta');
    await user.type(body(), ' Saludos.');

    await user.click(screen.getByRole('link', { name: text.back }));
    await user.click(await screen.findByRole('link', { name: adminText.submission.replyHere }));

    await screen.findByRole('heading', { level: 1, name: text.heading('Ana López') });
    expect(body()).toHaveValue('Hola Ana, su cotización está en camino. Saludos.');
    expect(subject()).toHaveValue('Re: Su fiesta');
    expect(screen.getByRole('status')).toHaveTextContent(text.restored);
  });

  it("keeps the owner's own text when another template is chosen, and replaces it only when asked", async () => {
    signedIn();
    const user = userEvent.setup();
    await renderComposer();
    await user.type(body(), ' Saludos.');

    await user.selectOptions(template(), 'A few questions');

    expect(body()).toHaveValue('Hola Ana, su cotización está en camino. Saludos.');
    expect(body()).toHaveAccessibleDescription(expect.stringContaining(text.kept));
    await user.click(
      screen.getByRole('button', { name: text.replace('A few questions', 'Español') }),
    );
    expect(body()).toHaveValue('Hello Ana, a few questions about your event.');
    expect(screen.getByText(text.noSpanish)).toBeVisible();
  });

  it('sends the reply and goes back to the submission, saying it leaves with the outbox', async () => {
    const api = signedIn();
    api.on(`POST ${SEND}`, () => json(detail));
    const user = userEvent.setup();
    await renderComposer();
    await user.clear(subject());
    await user.type(subject(), 'Re: Su cotización');
    await user.type(body(), ' Saludos.');
    const entries = window.history.length;

    await user.click(sendButton());

    await screen.findByRole('heading', { level: 1, name: 'Ana López' });
    expect(window.location.hash).toBe('#/submissions/abc');
    // The submission takes the composer's place: Back does not open a composer to send again.
    expect(window.history.length).toBe(entries);
    await waitFor(() =>
      expect(
        screen.getByText(adminText.submission.replySent('ana@example.net'), {
          selector: '[role="status"]',
        }),
      ).toBeVisible(),
    );
    expect(api.calls(`POST ${SEND}`).map((call) => call.body)).toStrictEqual([
      {
        language: 'es',
        subject: 'Re: Su cotización',
        body: 'Hola Ana, su cotización está en camino. Saludos.',
        templateId: 1,
      },
    ]);
    // Sent: the composer opens on the template again, not on the reply that left.
    expect(sessionStorage.length).toBe(0);
  });

  it('says what is missing, tied to its field, and sends nothing', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    await renderComposer();
    await user.clear(subject());
    await user.clear(body());

    await user.click(sendButton());

    expect(subject()).toHaveAttribute('aria-invalid', 'true');
    expect(subject()).toHaveAccessibleDescription(expect.stringContaining(text.subjectMissing));
    expect(body()).toHaveAccessibleDescription(expect.stringContaining(text.bodyMissing));
    expect(subject()).toHaveFocus();
    expect(api.calls(`POST ${SEND}`)).toHaveLength(0);
  });

  it.each([
    [429, { 'Retry-After': '120' }, text.failed.tooMany(120)],
    [409, {}, text.failed.refused],
    [503, {}, text.failed.mailOff],
    [500, {}, text.failed.other],
  ] as const)(
    'keeps every typed character when Send gets %i, and says why',
    async (status, headers, words) => {
      const api = signedIn();
      api.on(`POST ${SEND}`, () => json({ ok: false, error: 'No' }, status, headers));
      const user = userEvent.setup();
      await renderComposer();
      await user.clear(subject());
      await user.type(subject(), 'Re: Lunes');
      await user.type(body(), ' Hasta pronto.');

      await user.click(sendButton());

      await expectAlertSaying(words);
      expect(subject()).toHaveValue('Re: Lunes');
      expect(body()).toHaveValue('Hola Ana, su cotización está en camino. Hasta pronto.');
      expect(sendButton()).toBeEnabled();
      expect(window.location.hash).toBe('#/submissions/abc/reply');
    },
  );

  it('says to wait on a 429, that e-mail is off on a 503', () => {
    expect(text.failed.tooMany(120)).toMatch(/Wait 2 minutes/);
    expect(text.failed.mailOff).toMatch(/e-mail is not set up/);
  });

  it('offers no Send for a submission in Spam, and says to mark it Not spam first', async () => {
    signedIn(() => json({ ...composer, refused: 'spam' }));
    await renderComposer();

    expect(screen.getByText(text.refused.spam)).toBeVisible();
    expect(text.refused.spam).toContain(adminText.submission.spam.notSpam);
    expect(screen.queryByRole('button', { name: text.send })).toBeNull();
    expect(screen.queryByRole('textbox', { name: text.body })).toBeNull();
    expect(screen.getByRole('link', { name: text.toSubmission })).toHaveAttribute(
      'href',
      '#/submissions/abc',
    );
  });

  it('offers no Send without an address', async () => {
    signedIn(() => json({ ...composer, to: null, refused: 'no-address' }));
    await renderComposer();
    expect(screen.getByText(text.refused['no-address'])).toBeVisible();
    expect(screen.queryByRole('button', { name: text.send })).toBeNull();
  });

  it('shows the sending state and no alert while the reply is on its way', async () => {
    const api = signedIn();
    const answer = deferred<Response>();
    api.on(`POST ${SEND}`, () => answer.promise);
    const user = userEvent.setup();
    await renderComposer();

    await user.click(sendButton());

    expect(await screen.findByRole('button', { name: text.sending })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
    answer.resolve(json(detail));
    await screen.findByRole('heading', { level: 1, name: 'Ana López' });
  });
});
