import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import {
  experienceOptions,
  positionOptions,
  shiftOptions,
  yearsExperienceOptions,
  applicationFormContent,
} from '../../content/application-form';
import { fakeFetch, json, type FakeHandler } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import type { ReplyInfo, SubmissionDetail, SubmissionStatus } from '../contract';
import { expectAlertSaying } from '../../test/alert';
import { NOTHING_PUBLISHED } from '../../content/published';

const { applicationForm } = applicationFormContent(NOTHING_PUBLISHED);

const text = adminText.submission;
const labels = applicationForm.fields;
const DETAIL = '/admin/api/submissions/abc';
const owner = 'owner@example.com';
const receivedAt = new Date(2026, 10, 20, 15, 30).getTime();

const detail: SubmissionDetail = {
  id: 'abc',
  form: 'application',
  receivedAt,
  status: 'in_progress',
  note: 'Call back on Monday',
  language: 'es-US',
  siteLanguage: 'es',
  fields: {
    fullName: 'Ana López',
    phone: '(202) 555-0143',
    email: 'ana@example.net',
    address: '1200 First St NE, Washington, DC 20002',
    dateOfBirth: '1990-04-02',
    positionInterest: [positionOptions[1]?.value, positionOptions[8]?.value],
    hasExperience: 'yes',
    yearsExperience: 'menos-1',
    previousExperience: '',
    availability: ['Friday', 'Saturday'],
    shiftPreference: 'noche',
  },
  attachments: [{ id: 7, name: 'Ana López CV.pdf', type: 'application/pdf', size: 123_456 }],
  events: [{ at: receivedAt + 60 * 60 * 1000, user: owner, kind: 'status', status: 'in_progress' }],
  notification: {
    state: 'retrying',
    attempts: 2,
    nextAttemptAt: new Date(2026, 10, 20, 16, 45).getTime(),
    error: 'ECONNECTION',
  },
  acknowledgement: { state: 'sent', at: receivedAt + 60_000 },
  respondBy: null,
  quoteBy: null,
  firstResponseAt: receivedAt + 60 * 60 * 1000,
  firstResponseBusinessMs: 60 * 60 * 1000,
  spam: { score: 0, reasons: [] },
  mailPaused: null,
  replies: [],
  answerWaitingSince: null,
  visit: null,
};

function optionLabel(options: readonly { value: string; label: string }[], value: string) {
  return options.find((option) => option.value === value)?.label;
}

function withStatus(status: SubmissionStatus): SubmissionDetail {
  return {
    ...detail,
    status,
    events: [...detail.events, { at: receivedAt + 7_200_000, user: owner, kind: 'status', status }],
  };
}

function signedIn(submission: FakeHandler = () => json(detail)) {
  return fakeFetch({
    'GET /admin/api/session': () => json({ email: owner, seenBefore: receivedAt }),
    [`GET ${DETAIL}`]: submission,
  });
}

async function renderSubmission() {
  window.location.hash = '#/submissions/abc';
  render(<AdminApp />);
  // The first render loads the page's modules: on a busy runner that takes more than a second.
  await screen.findByRole('heading', { level: 1, name: 'Ana López' }, { timeout: 5000 });
}

/** What the page shows for a field: the <dd> after the <dt> of its label. */
function valueOf(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling;
}

const statusRadio = (status: SubmissionStatus) =>
  within(screen.getByRole('group', { name: text.statusLegend })).getByRole('radio', {
    name: adminText.statuses[status],
  });

/** jsdom has no modal dialogs: they open and close as the browser's do, attribute and event. */
function stubModalDialogs() {
  const dialog = HTMLDialogElement.prototype;
  const had = { showModal: dialog.showModal, close: dialog.close };
  dialog.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  onTestFinished(() => {
    dialog.showModal = had.showModal;
    dialog.close = had.close;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('SubmissionPage', () => {
  it('shows what was sent, with the labels and options of the form', async () => {
    signedIn();
    await renderSubmission();

    expect(screen.getByText(adminText.forms.application ?? 'application')).toBeVisible();
    expect(screen.getByRole('link', { name: text.back })).toHaveAttribute('href', '#/');
    expect(valueOf(labels.fullName.label)).toHaveTextContent('Ana López');
    expect(valueOf(labels.email.label)).toHaveTextContent('ana@example.net');
    expect(valueOf(labels.dateOfBirth.label)).toHaveTextContent('Apr 2, 1990');
    expect(valueOf(labels.positionInterest.legend)).toHaveTextContent(
      `${positionOptions[1]?.label}, ${positionOptions[8]?.label}`,
    );
    expect(valueOf(labels.hasExperience.legend)).toHaveTextContent(
      optionLabel(experienceOptions, 'yes') ?? 'yes',
    );
    expect(valueOf(labels.yearsExperience.label)).toHaveTextContent(
      optionLabel(yearsExperienceOptions, 'menos-1') ?? 'menos-1',
    );
    expect(valueOf(labels.shiftPreference.legend)).toHaveTextContent(
      optionLabel(shiftOptions, 'noche') ?? 'noche',
    );
    expect(valueOf(labels.availability.legend)).toHaveTextContent('Friday, Saturday');
    expect(valueOf(labels.previousExperience.label)).toHaveTextContent('—');
    expect(valueOf(text.language)).toHaveTextContent('es-US');
    expect(valueOf(text.siteLanguage)).toHaveTextContent(text.siteLanguages.es ?? 'es');
    expect(screen.queryByText(labels.references.label)).toBeNull();
  });

  it('says nothing of how the visit began when that is not known', async () => {
    signedIn();
    await renderSubmission();
    expect(screen.queryByText(adminText.visitSource.term)).toBeNull();
  });

  it("says a campaign's visit and its first page", async () => {
    const visit = {
      kind: 'campaign',
      name: 'flyer',
      campaign: 'spring',
      firstPage: '/request-service',
    } as const;
    signedIn(() => json({ ...detail, visit }));
    await renderSubmission();
    expect(valueOf(adminText.visitSource.term)).toHaveTextContent(
      'Campaign "flyer" (campaign: spring) · First page: Quote request',
    );
  });

  it('names a search engine as people know it', async () => {
    signedIn(() =>
      json({
        ...detail,
        visit: { kind: 'search', name: 'google', campaign: '', firstPage: '/team' },
      }),
    );
    await renderSubmission();
    expect(valueOf(adminText.visitSource.term)).toHaveTextContent(
      'Search (Google) · First page: Our team',
    );
  });

  it('offers to reply by e-mail, call and WhatsApp', async () => {
    signedIn();
    await renderSubmission();
    const contact = screen.getByRole('region', { name: text.contact });

    expect(within(contact).getByRole('link', { name: text.replyHere })).toHaveAttribute(
      'href',
      '#/submissions/abc/reply',
    );
    expect(within(contact).getByRole('link', { name: text.reply })).toHaveAttribute(
      'href',
      `mailto:ana@example.net?subject=${encodeURIComponent(text.replySubject('application'))}`,
    );
    expect(
      within(contact).getByRole('link', { name: `${text.call} (202) 555-0143` }),
    ).toHaveAttribute('href', 'tel:+12025550143');
    // The number among the fields: written the US way, a call link in E.164.
    expect(screen.getByRole('link', { name: '(202) 555-0143' })).toHaveAttribute(
      'href',
      'tel:+12025550143',
    );
    expect(within(contact).getByRole('link', { name: text.whatsApp })).toHaveAttribute(
      'href',
      'https://wa.me/12025550143',
    );
  });

  it('offers the résumé with its name, type and size to download', async () => {
    signedIn();
    await renderSubmission();
    const files = screen.getByRole('region', { name: text.files });

    expect(files).toHaveTextContent('Ana López CV.pdf');
    expect(files).toHaveTextContent('PDF · 121 KB');
    const download = within(files).getByRole('link', { name: `${text.download} Ana López CV.pdf` });
    expect(download).toHaveAttribute('href', '/admin/api/submissions/abc/attachments/7');
    expect(download).toHaveAttribute('download');
  });

  it('shows no résumé section when none was sent', async () => {
    signedIn(() => json({ ...detail, attachments: [] }));
    await renderSubmission();
    expect(screen.queryByRole('region', { name: text.files })).toBeNull();
  });

  it('offers no call without a usable phone number', async () => {
    signedIn(() => json({ ...detail, fields: { ...detail.fields, phone: 'ask by mail' } }));
    await renderSubmission();
    const contact = screen.getByRole('region', { name: text.contact });

    expect(within(contact).getByRole('link', { name: text.reply })).toBeVisible();
    expect(within(contact).queryByRole('link', { name: new RegExp(text.call) })).toBeNull();
    expect(within(contact).queryByRole('link', { name: text.whatsApp })).toBeNull();
  });

  it('saves a status as soon as it is chosen', async () => {
    const api = signedIn();
    api.on(`PATCH ${DETAIL}`, () => json(withStatus('handled')));
    const user = userEvent.setup();
    await renderSubmission();
    expect(statusRadio('in_progress')).toBeChecked();

    await user.click(statusRadio('handled'));

    expect(
      await screen.findByText(text.statusSaved(adminText.statuses.handled), {
        selector: '[role="status"]',
      }),
    ).toBeVisible();
    expect(statusRadio('handled')).toBeChecked();
    expect(statusRadio('in_progress')).not.toBeChecked();
    const sent = api.calls(`PATCH ${DETAIL}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toStrictEqual({ status: 'handled' });
    expect(
      within(screen.getByRole('region', { name: text.history })).getByText(
        text.statusEvent(adminText.statuses.handled, owner),
      ),
    ).toBeVisible();
  });

  it('says why a submission is in Spam, and takes it back to New with one tap', async () => {
    const spam: SubmissionDetail = {
      ...detail,
      status: 'spam',
      events: [],
      acknowledgement: { state: 'off' },
      spam: { score: 6, reasons: ['pow-missing', 'link-farm'] },
    };
    const api = signedIn(() => json(spam));
    api.on(`PATCH ${DETAIL}`, () => json({ ...withStatus('new'), spam: spam.spam }));
    const user = userEvent.setup();
    await renderSubmission();
    const notice = screen.getByRole('region', { name: text.spam.heading });
    expect(within(notice).getByText(text.spam.reasons['link-farm'] ?? '')).toBeVisible();
    expect(within(notice).getByText(text.spam.intro)).toBeVisible();
    expect(within(notice).getByText(text.spam.reasons['pow-missing'] ?? '')).toBeVisible();
    expect(statusRadio('spam')).toBeChecked();

    await user.click(within(notice).getByRole('button', { name: text.spam.notSpam }));

    expect(await screen.findByText(text.spam.movedToNew)).toBeVisible();
    expect(api.calls(`PATCH ${DETAIL}`).map((call) => call.body)).toStrictEqual([
      { status: 'new' },
    ]);
    expect(statusRadio('new')).toBeChecked();
    expect(screen.queryByRole('region', { name: text.spam.heading })).toBeNull();
  });

  it.each([
    [
      { sent: true, to: 'maria@example.com' },
      `Moved to New. ${text.spam.acknowledgementSent('maria@example.com')}`,
    ],
    [
      { sent: false, why: 'too-old' },
      'Moved to New. Acknowledgement not sent: older than 7 days. Write to them yourself.',
    ],
  ] as const)('says what became of the missed acknowledgement (%o)', async (missed, words) => {
    const spam: SubmissionDetail = {
      ...detail,
      status: 'spam',
      events: [],
      spam: { score: 6, reasons: ['link-farm'] },
    };
    const api = signedIn(() => json(spam));
    api.on(`PATCH ${DETAIL}`, () => json({ ...withStatus('new'), missedAcknowledgement: missed }));
    const user = userEvent.setup();
    await renderSubmission();
    const notice = screen.getByRole('region', { name: text.spam.heading });
    await user.click(within(notice).getByRole('button', { name: text.spam.notSpam }));
    expect(await screen.findByText(words)).toBeVisible();
  });

  it('says so when a status chosen for a spam submission sent its missed acknowledgement', async () => {
    const spam: SubmissionDetail = { ...detail, status: 'spam', events: [] };
    const api = signedIn(() => json(spam));
    api.on(`PATCH ${DETAIL}`, () =>
      json({
        ...withStatus('in_progress'),
        missedAcknowledgement: { sent: true, to: 'ana@example.com' },
      }),
    );
    const user = userEvent.setup();
    await renderSubmission();
    await user.click(statusRadio('in_progress'));
    expect(
      await screen.findByText(
        `${text.statusSaved(adminText.statuses.in_progress)} ${text.spam.acknowledgementSent('ana@example.com')}`,
      ),
    ).toBeVisible();
  });

  it('says the words of a queued acknowledgement: on its way, not sent', () => {
    expect(text.spam.acknowledgementSent('ana@example.com')).toContain('on its way to');
    expect(text.spam.acknowledgementSent('ana@example.com')).not.toMatch(/\bsent\b/u);
  });

  it('does not say the sender got no acknowledgement when one was queued before', async () => {
    const spam: SubmissionDetail = {
      ...detail,
      status: 'spam',
      events: [],
      acknowledgement: { state: 'sent', at: detail.receivedAt },
      spam: { score: 6, reasons: ['link-farm'] },
    };
    signedIn(() => json(spam));
    await renderSubmission();
    const notice = screen.getByRole('region', { name: text.spam.heading });
    expect(within(notice).getByText(text.spam.introAcknowledged)).toBeVisible();
    expect(within(notice).queryByText(text.spam.intro)).toBeNull();
  });

  it('shows no Spam notice for a submission that is not spam', async () => {
    signedIn();
    await renderSubmission();
    expect(screen.queryByRole('region', { name: text.spam.heading })).toBeNull();
    expect(screen.queryByRole('button', { name: text.spam.notSpam })).toBeNull();
  });

  it('says when a status was not saved, and shows the stored one again', async () => {
    const api = signedIn();
    api.on(`PATCH ${DETAIL}`, () => json({ ok: false, error: 'Internal' }, 500));
    const user = userEvent.setup();
    await renderSubmission();

    await user.click(statusRadio('handled'));

    expect(await screen.findByText(text.saveFailed, { selector: '[role="status"]' })).toBeVisible();
    await waitFor(() => expect(statusRadio('in_progress')).toBeChecked());
    expect(statusRadio('handled')).not.toBeChecked();
    expect(statusRadio('handled')).toBeEnabled();
    expect(api.calls(`PATCH ${DETAIL}`)).toHaveLength(1);
  });

  it('saves the private note', async () => {
    const api = signedIn();
    api.on(`PATCH ${DETAIL}`, (request) => {
      const { note } = request.body as { note: string };
      return json({ ...detail, note, events: [...detail.events] });
    });
    const user = userEvent.setup();
    await renderSubmission();
    const note = screen.getByRole('textbox', { name: text.note });
    const save = screen.getByRole('button', { name: text.saveNote });
    expect(note).toHaveValue('Call back on Monday');

    await user.clear(note);
    await user.type(note, 'Called; starts Friday');
    await user.click(save);

    expect(await screen.findByText(text.noteSaved, { selector: '[role="status"]' })).toBeVisible();
    expect(api.calls(`PATCH ${DETAIL}`).map((call) => call.body)).toStrictEqual([
      { note: 'Called; starts Friday' },
    ]);
    expect(note).toHaveValue('Called; starts Friday');
  });

  it('lists what happened to the submission and how the notification went', async () => {
    signedIn();
    await renderSubmission();
    const history = screen.getByRole('region', { name: text.history });

    const events = within(history).getAllByRole('listitem');
    expect(events).toHaveLength(2);
    expect(events[0]).toHaveTextContent(text.receivedEvent);
    expect(events[0]).toHaveTextContent('Nov 20, 2026, 3:30 PM');
    expect(events[1]).toHaveTextContent(text.statusEvent(adminText.statuses.in_progress, owner));
    expect(events[1]).toHaveTextContent('Marked In progress by hand by owner@example.com');
    expect(history).toHaveTextContent(text.notificationStates.retrying(2, 'Nov 20, 2026, 4:45 PM'));
  });

  // A relay not reached or refusing the sign-in uses up no try (server/mail/outbox.ts).
  it('never says "failed 0 times" of an e-mail that only waited for the relay', () => {
    expect(text.notificationStates.retrying(0, 'Nov 20, 2026, 4:45 PM')).toBe(
      'Waiting for the mail relay; next try Nov 20, 2026, 4:45 PM.',
    );
    expect(text.notificationStates.failed(0, 'EAUTH 535')).toBe(
      'Given up after days of waiting for the mail relay (EAUTH 535).',
    );
  });

  // The server gives an e-mail given up after a week of waiting for the relay attempts 0
  // (server/mail/outbox-policy.test.ts): the page says it waited, not that one try failed.
  it('shows an e-mail given up after waiting for the relay as such', async () => {
    signedIn(() =>
      json({
        ...detail,
        notification: { state: 'failed', attempts: 0, at: receivedAt, error: 'ECONNREFUSED' },
      }),
    );
    await renderSubmission();
    const history = screen.getByRole('region', { name: text.history });
    expect(history).toHaveTextContent(
      'Given up after days of waiting for the mail relay (ECONNREFUSED).',
    );
    expect(history).not.toHaveTextContent('failed attempt');
  });

  it('sends a given-up e-mail again, and says so', async () => {
    const givenUp: SubmissionDetail = {
      ...detail,
      notification: {
        state: 'failed',
        attempts: 1,
        at: receivedAt + 60_000,
        error: 'EENVELOPE 550',
      },
    };
    const api = signedIn(() => json(givenUp));
    api.on(`POST ${DETAIL}/send-again`, () =>
      json({ ...detail, notification: { state: 'pending' } }),
    );
    const user = userEvent.setup();
    await renderSubmission();
    const history = screen.getByRole('region', { name: text.history });
    expect(history).toHaveTextContent(text.notificationStates.failed(1, 'EENVELOPE 550'));
    expect(history).toHaveTextContent('Given up after 1 failed attempt (EENVELOPE 550).');
    // Only the given-up e-mail has the button (the acknowledgement was sent).
    const again = within(history).getByRole('button', { name: text.sendAgain });
    // Told apart from the other e-mails' Send again by the e-mail it is about.
    expect(again).toHaveAccessibleDescription(
      `${text.notification} ${text.notificationStates.failed(1, 'EENVELOPE 550')}`,
    );

    await user.click(again);

    expect(await within(history).findByText(text.sentAgain)).toHaveAttribute('role', 'status');
    expect(history).toHaveTextContent(text.notificationStates.pending);
    expect(within(history).queryByRole('button', { name: text.sendAgain })).toBeNull();
    expect(api.calls(`POST ${DETAIL}/send-again`).map((call) => call.body)).toStrictEqual([
      { kind: 'notify' },
    ]);
  });

  // While the outbox is paused no e-mail has a next try of its own (server/mail/outbox.ts).
  it('says a waiting e-mail waits for the mail server to accept our sign-in while paused, and so does Send again', async () => {
    const paused = { since: new Date(2026, 10, 20, 16, 0).getTime(), code: 'EAUTH 535' };
    const api = signedIn(() =>
      json({
        ...detail,
        mailPaused: paused,
        notification: {
          state: 'retrying',
          attempts: 0,
          nextAttemptAt: receivedAt,
          error: 'EAUTH 535',
        },
        acknowledgement: { state: 'failed', attempts: 1, at: receivedAt, error: 'EENVELOPE 550' },
      }),
    );
    api.on(`POST ${DETAIL}/send-again`, () =>
      json({ ...detail, mailPaused: paused, acknowledgement: { state: 'pending' } }),
    );
    const user = userEvent.setup();
    await renderSubmission();
    const history = screen.getByRole('region', { name: text.history });
    expect(history).toHaveTextContent(
      'Waiting: the mail server refuses our sign-in (since Nov 20, 2026, 4:00 PM, EAUTH 535).',
    );
    expect(history).not.toHaveTextContent('next try');

    await user.click(within(history).getByRole('button', { name: text.sendAgain }));

    expect(await within(history).findByText(text.sentAgainPaused)).toHaveAttribute(
      'role',
      'status',
    );
    expect(history).not.toHaveTextContent(text.sentAgain);
    expect(history).not.toHaveTextContent(text.notificationStates.pending);
  });

  it('keeps Send again when the server cannot be reached, and says so', async () => {
    const givenUp: SubmissionDetail = {
      ...detail,
      acknowledgement: { state: 'failed', attempts: 30, at: receivedAt, error: 'ETIMEDOUT' },
    };
    const api = signedIn(() => json(givenUp));
    api.on(`POST ${DETAIL}/send-again`, () => json({ ok: false, error: 'Internal' }, 500));
    const user = userEvent.setup();
    await renderSubmission();
    const history = screen.getByRole('region', { name: text.history });

    await user.click(within(history).getByRole('button', { name: text.sendAgain }));

    expect(await within(history).findByText(text.sendAgainFailed)).toHaveAttribute(
      'role',
      'status',
    );
    expect(within(history).getByRole('button', { name: text.sendAgain })).toBeEnabled();
    expect(api.calls(`POST ${DETAIL}/send-again`).map((call) => call.body)).toStrictEqual([
      { kind: 'acknowledge' },
    ]);
  });

  it('says when the submission does not exist', async () => {
    signedIn(() => json({ ok: false, error: 'Not found' }, 404));
    window.location.hash = '#/submissions/abc';
    render(<AdminApp />);

    await expectAlertSaying(text.notFound);
    expect(screen.queryByRole('group', { name: text.statusLegend })).toBeNull();
    expect(screen.getByRole('link', { name: text.back })).toBeVisible();
  });

  it('says when the submission could not be loaded, and Try again shows it once it comes', async () => {
    let calls = 0;
    signedIn(() => {
      calls += 1;
      return calls === 1 ? json({ ok: false, error: 'Internal' }, 500) : json(detail);
    });
    window.location.hash = '#/submissions/abc';
    render(<AdminApp />);

    await expectAlertSaying(text.loadFailed);
    await userEvent.setup().click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana López' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moving to another submission shows neither the last one nor its answer, and drops that load', async () => {
    const api = signedIn();
    api.on('GET /admin/api/submissions/def', () => new Promise<Response>(() => {}));
    await renderSubmission();

    window.location.hash = '#/submissions/def';
    expect(await screen.findByRole('heading', { level: 1, name: adminText.loading })).toBeVisible();
    expect(screen.queryByText('Ana López')).toBeNull();
    window.location.hash = '#/submissions/abc';
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana López' })).toBeVisible();
    expect(api.calls('GET /admin/api/submissions/def')[0]?.signal?.aborted).toBe(true);
  });

  it('a status saved on one submission that answers after the page moved to another leaves the other shown', async () => {
    const api = signedIn();
    let answer: (response: Response) => void = () => {};
    api.on(`PATCH ${DETAIL}`, () => new Promise<Response>((resolve) => (answer = resolve)));
    const other = { ...detail, id: 'def', fields: { ...detail.fields, clientName: 'Bea Ruiz' } };
    api.on('GET /admin/api/submissions/def', () => json(other));
    const user = userEvent.setup();
    await renderSubmission();
    await user.click(statusRadio('handled'));
    await waitFor(() => expect(api.calls(`PATCH ${DETAIL}`)).toHaveLength(1));

    window.location.hash = '#/submissions/def';
    expect(await screen.findByRole('heading', { level: 1, name: 'Bea Ruiz' })).toBeVisible();
    answer(json(withStatus('handled')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { level: 1, name: 'Bea Ruiz' })).toBeVisible();
  });

  it("shows a quote's deadlines, marks it overdue while New, and when it was first answered", async () => {
    // Friday 20 November 2026, 3:00 PM in New York: due Monday 11:00 AM, long past.
    const friday = Date.parse('2026-11-20T15:00:00-05:00');
    const quote: SubmissionDetail = {
      ...detail,
      form: 'quote',
      status: 'new',
      receivedAt: friday,
      respondBy: Date.parse('2026-11-23T11:00:00-05:00'),
      quoteBy: friday + 24 * 60 * 60 * 1000,
      firstResponseAt: null,
      firstResponseBusinessMs: null,
    };
    signedIn(() => json(quote));
    await renderSubmission();
    const promise = screen.getByRole('region', { name: text.promise });
    expect(promise).toHaveTextContent(`Mon, Nov 23, 11:00 AM EST · ${adminText.inbox.overdue}`);
    expect(promise).toHaveTextContent('Sat, Nov 21, 3:00 PM EST');
    expect(promise).toHaveTextContent(text.notYet);
  });

  it('says after how many business hours a quote was first answered', async () => {
    const friday = Date.parse('2026-11-20T15:00:00-05:00');
    signedIn(() =>
      json({
        ...detail,
        form: 'quote',
        status: 'handled',
        receivedAt: friday,
        respondBy: Date.parse('2026-11-23T11:00:00-05:00'),
        quoteBy: friday + 24 * 60 * 60 * 1000,
        // Monday 9:30 AM: the server counts the business time in the published hours (here a
        // Saturday open too); the page shows its count, never one of its own on the code's hours.
        firstResponseAt: Date.parse('2026-11-23T09:30:00-05:00'),
        firstResponseBusinessMs: 10.5 * 60 * 60 * 1000,
      }),
    );
    await renderSubmission();
    const promise = screen.getByRole('region', { name: text.promise });
    expect(promise).toHaveTextContent(/after 10\.5 business hours/);
    expect(promise).not.toHaveTextContent(adminText.inbox.overdue);
  });

  it('says a reply sent within minutes was, not "after 0 business hours"', async () => {
    const at = Date.parse('2026-11-20T15:02:00-05:00');
    signedIn(() =>
      json({
        ...detail,
        form: 'quote',
        status: 'in_progress',
        respondBy: at + 4 * 3_600_000,
        quoteBy: at + 24 * 3_600_000,
        firstResponseAt: at,
        firstResponseBusinessMs: 2 * 60_000,
      }),
    );
    await renderSubmission();
    const promise = screen.getByRole('region', { name: text.promise });
    expect(promise).toHaveTextContent(/within minutes \(business time\)/);
    expect(promise).not.toHaveTextContent(/after 0 business hours/);
  });

  it('erases the submissions the dialog listed, by id, and says when a newer one was kept', async () => {
    const api = signedIn();
    const listed = [
      {
        id: 'abc',
        form: 'application',
        receivedAt,
        status: 'in_progress',
        name: 'Ana López',
        files: 1,
      },
      {
        id: 'def',
        form: 'quote',
        receivedAt: receivedAt + 1,
        status: 'new',
        name: 'Ana López',
        files: 0,
      },
    ];
    api.on(`GET ${DETAIL}/person`, () => json({ submissions: listed }));
    api.on(`POST ${DETAIL}/person/erase`, () =>
      json({ ok: true, submissions: 2, files: 1, rows: 9, left: 1 }),
    );
    stubModalDialogs();
    const user = userEvent.setup();
    await renderSubmission();

    await user.click(screen.getByRole('button', { name: adminText.person.erase }));
    await user.click(await screen.findByRole('button', { name: adminText.person.confirm(2) }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      `${adminText.person.erased(2, 1)} ${adminText.person.left(1)}`,
    );
    expect(adminText.person.left(1)).toBe(
      '1 newer submission from this person was not erased: it arrived after you opened this.',
    );
    expect(api.calls(`POST ${DETAIL}/person/erase`).map((call) => call.body)).toStrictEqual([
      { ids: ['abc', 'def'] },
    ]);
  });
  describe('its conversation', () => {
    const sentAt = receivedAt + 2 * 3_600_000;
    const reply: ReplyInfo = {
      id: 41,
      direction: 'out',
      at: sentAt,
      user: owner,
      from: 'hello@potomac.example',
      to: 'ana@example.net',
      subject: 'Re: Your application',
      body: 'Hola Ana,\n¿Puede venir el lunes?',
      quoted: null,
      language: 'es',
      mail: { state: 'sent', at: sentAt + 60_000 },
    };
    const answer: ReplyInfo = {
      id: 42,
      direction: 'in',
      at: sentAt + 3_600_000,
      user: null,
      from: 'ana@example.net',
      to: 'reply+token@potomac.example',
      subject: 'Re: Re: Your application',
      body: 'Sí, el lunes a las 10.',
      quoted: '> Hola Ana,\n> ¿Puede venir el lunes?',
      language: null,
      mail: null,
    };
    const withConversation: SubmissionDetail = {
      ...detail,
      events: [
        { at: sentAt, user: owner, kind: 'reply', status: 'in_progress' },
        { at: sentAt + 3_600_000, user: '', kind: 'answer', status: null },
        { at: sentAt + 7_200_000, user: owner, kind: 'reply', status: null },
      ],
      replies: [reply, answer],
      answerWaitingSince: sentAt + 3_600_000,
    };

    it('lists replies with who sent them, when, and how their e-mail went; answers with their quote folded', async () => {
      signedIn(() => json(withConversation));
      await renderSubmission();
      const conversation = screen.getByRole('region', { name: text.conversation });

      const items = within(conversation).getAllByRole('article');
      expect(items).toHaveLength(2);
      expect(
        within(items[0] as HTMLElement).getByRole('heading', { name: text.replyBy(owner) }),
      ).toBeVisible();
      expect(items[0]).toHaveTextContent('Nov 20, 2026, 5:30 PM');
      expect(items[0]).toHaveTextContent('Re: Your application');
      expect(items[0]).toHaveTextContent('¿Puede venir el lunes?');
      expect(items[0]).toHaveTextContent(text.notificationStates.sent('Nov 20, 2026, 5:31 PM'));
      expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();

      expect(
        within(items[1] as HTMLElement).getByRole('heading', {
          name: text.answerFrom('ana@example.net'),
        }),
      ).toBeVisible();
      expect(items[1]).toHaveTextContent('Sí, el lunes a las 10.');
      const quoted = within(items[1] as HTMLElement)
        .getByText(text.quoted)
        .closest('details');
      expect(quoted).not.toBeNull();
      expect(quoted).not.toHaveAttribute('open');
      expect(quoted).toHaveTextContent('> ¿Puede venir el lunes?');
    });

    it('tells a reply that met the promise, an answer, and a status marked by hand apart', async () => {
      signedIn(() =>
        json({
          ...withConversation,
          events: [...withConversation.events, ...detail.events],
        }),
      );
      await renderSubmission();
      const history = screen.getByRole('region', { name: text.history });
      expect(history).toHaveTextContent(`Replied by ${owner} — the first reply met the promise`);
      expect(history).toHaveTextContent('Answer from the visitor — needs a reply again');
      expect(within(history).getByText(`Replied by ${owner}`)).toBeVisible();
      expect(history).toHaveTextContent(`Marked In progress by hand by ${owner}`);
      expect(screen.getByText(text.answerWaiting('Nov 20, 2026, 6:30 PM'))).toBeVisible();
    });

    it('tells only the first response as the promise met, not a reply to an answer that reopened it', async () => {
      signedIn(() =>
        json({
          ...withConversation,
          events: [
            { at: sentAt, user: owner, kind: 'reply', status: 'in_progress' },
            { at: sentAt + 3_600_000, user: '', kind: 'answer', status: 'new' },
            { at: sentAt + 7_200_000, user: owner, kind: 'reply', status: 'in_progress' },
          ],
        }),
      );
      await renderSubmission();
      const history = screen.getByRole('region', { name: text.history });
      const met = within(history).getAllByText(/the first reply met the promise/);
      expect(met).toHaveLength(1);
      expect(within(history).getByText(`Replied by ${owner}`)).toBeVisible();
    });

    it("shows when a reply to an application's waiting answer is due, with no quote deadline", async () => {
      const due = Date.parse('2026-11-23T11:00:00-05:00');
      signedIn(() =>
        json({
          ...withConversation,
          status: 'new',
          respondBy: due,
          quoteBy: null,
        }),
      );
      await renderSubmission();
      const promise = screen.getByRole('region', { name: text.promise });
      expect(promise).toHaveTextContent(text.respondBy);
      expect(promise).toHaveTextContent('Mon, Nov 23, 11:00 AM EST');
      expect(promise).not.toHaveTextContent(text.quoteBy);
    });

    it("sends a reply's given-up e-mail again by the reply's own address", async () => {
      const failed: SubmissionDetail = {
        ...withConversation,
        replies: [
          { ...reply, mail: { state: 'failed', attempts: 3, at: sentAt, error: 'EENVELOPE 550' } },
        ],
      };
      const api = signedIn(() => json(failed));
      api.on(`POST ${DETAIL}/replies/41/send-again`, () =>
        json({ ...failed, replies: [{ ...reply, mail: { state: 'pending' } }] }),
      );
      const user = userEvent.setup();
      await renderSubmission();
      const conversation = screen.getByRole('region', { name: text.conversation });
      expect(conversation).toHaveTextContent(text.notificationStates.failed(3, 'EENVELOPE 550'));

      const again = within(conversation).getByRole('button', { name: text.sendAgain });
      expect(again).toHaveAccessibleDescription(
        `${text.replyBy(owner)} ${text.notificationStates.failed(3, 'EENVELOPE 550')}`,
      );
      await user.click(again);

      expect(await within(conversation).findByText(text.sentAgain)).toHaveAttribute(
        'role',
        'status',
      );
      expect(conversation).toHaveTextContent(text.notificationStates.pending);
      expect(api.calls(`POST ${DETAIL}/replies/41/send-again`)).toHaveLength(1);
      expect(api.calls(`POST ${DETAIL}/send-again`)).toHaveLength(0);
    });

    it('shows no conversation and no waiting answer before the first reply', async () => {
      signedIn();
      await renderSubmission();
      expect(screen.queryByRole('region', { name: text.conversation })).toBeNull();
      expect(screen.queryByText(/waiting for your reply/)).toBeNull();
    });
  });
});
