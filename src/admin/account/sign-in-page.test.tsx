import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { deferred, fakeFetch, json } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import type { InboxPage, SessionInfo } from '../contract';
import { expectAlertSaying } from '../../test/alert';

const text = adminText.signIn;
const session: SessionInfo = { email: 'owner@example.com', seenBefore: Date.UTC(2026, 10, 1) };
const emptyInbox: InboxPage = {
  items: [],
  next: null,
  counts: { new: 0, in_progress: 0, handled: 0, spam: 0 },
  needsReply: { open: 0, overdue: 0 },
};

function signedOut(setupNeeded = false, sessionEnded = false) {
  return fakeFetch({
    'GET /admin/api/session': () => json({ ok: false, error: 'x', setupNeeded, sessionEnded }, 401),
  });
}

async function renderSignIn() {
  window.location.hash = '#/';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: text.heading });
}

const emailField = () => screen.getByLabelText(text.email);
const passwordField = () => screen.getByLabelText(text.password);
const submitButton = () => screen.getByRole('button', { name: text.submit });

afterEach(() => vi.unstubAllGlobals());

describe('SignInPage', () => {
  it('says that a session ended when the page opens with one that has, and nothing otherwise', async () => {
    signedOut(false, true);
    await renderSignIn();
    expect(screen.getByRole('alert')).toHaveTextContent(text.expired);
  });

  it('opens without a message for a visitor who was not signed in', async () => {
    signedOut();
    await renderSignIn();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('on an empty submit shows what is missing under each field and focuses the e-mail', async () => {
    const api = signedOut();
    const user = userEvent.setup();
    await renderSignIn();
    await user.click(submitButton());

    const email = emailField();
    const password = passwordField();
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByText(text.emailMissing)).toBeVisible();
    expect(screen.getByText(text.passwordMissing)).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(expect.stringContaining(text.emailMissing));
    expect(password).toHaveAccessibleDescription(expect.stringContaining(text.passwordMissing));
    expect(api.calls('POST /admin/api/sign-in')).toHaveLength(0);
  });

  it('with only the password missing, says so and focuses the password', async () => {
    const api = signedOut();
    const user = userEvent.setup();
    await renderSignIn();
    await user.type(emailField(), 'owner@example.com');
    await user.click(submitButton());

    await waitFor(() => expect(passwordField()).toHaveFocus());
    expect(passwordField()).toHaveAccessibleDescription(
      expect.stringContaining(text.passwordMissing),
    );
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    expect(emailField()).not.toHaveAccessibleDescription();
    expect(screen.queryByText(text.emailMissing)).not.toBeInTheDocument();
    expect(api.calls('POST /admin/api/sign-in')).toHaveLength(0);
  });

  it('treats an e-mail of spaces as missing', async () => {
    const api = signedOut();
    const user = userEvent.setup();
    await renderSignIn();
    await user.type(emailField(), '\u00a0 \u00a0');
    await user.type(passwordField(), 'a long pass phrase');
    await user.click(submitButton());

    expect(await screen.findByText(text.emailMissing)).toBeVisible();
    expect(emailField()).toHaveFocus();
    expect(api.calls('POST /admin/api/sign-in')).toHaveLength(0);
  });

  it('on a refusal says the e-mail or password is incorrect and clears the password', async () => {
    const api = signedOut();
    api.on('POST /admin/api/sign-in', () => json({ ok: false, error: 'Unauthorized' }, 401));
    const user = userEvent.setup();
    await renderSignIn();
    await user.type(emailField(), 'owner@example.com');
    await user.type(passwordField(), 'the wrong one');
    await user.click(submitButton());

    await expectAlertSaying(text.incorrect);
    expect(passwordField()).toHaveValue('');
    expect(passwordField()).toHaveFocus();
    expect(emailField()).toHaveValue('owner@example.com');
    expect(screen.queryByRole('heading', { name: adminText.inbox.heading })).toBeNull();
  });

  it('after too many attempts says how many minutes to wait, from Retry-After', async () => {
    const api = signedOut();
    api.on('POST /admin/api/sign-in', () =>
      json({ ok: false, error: 'Too many requests' }, 429, { 'Retry-After': '600' }),
    );
    const user = userEvent.setup();
    await renderSignIn();
    await user.type(emailField(), 'owner@example.com');
    await user.type(passwordField(), 'guess number six');
    await user.click(submitButton());

    await expectAlertSaying(text.tooMany(10));
    expect(passwordField()).toHaveValue('');
  });

  it('says the server is busy, in seconds, when a crowd of sign-ins fills the check lane', async () => {
    const api = signedOut();
    api.on('POST /admin/api/sign-in', () =>
      json({ ok: false, error: 'busy', busy: true }, 429, { 'Retry-After': '3' }),
    );
    const user = userEvent.setup();
    await renderSignIn();
    await user.type(emailField(), 'owner@example.com');
    await user.type(passwordField(), 'a long pass phrase');
    await user.click(submitButton());

    await expectAlertSaying(text.busyFor(3));
  });

  it('signs out everywhere after a confirmation, disabled while pending, then says what happened', async () => {
    const everywhere = adminText.signOutEverywhere;
    const api = fakeFetch({
      'GET /admin/api/session': () => json(session),
      'GET /admin/api/submissions': () => json(emptyInbox),
    });
    const failing = deferred<Response>();
    api.on('POST /admin/api/sign-out-everywhere', () => failing.promise);
    const user = userEvent.setup();
    window.location.hash = '#/';
    render(<AdminApp />);
    // Not in the header beside Sign out: behind a disclosure of its own. The header is drawn before
    // the session is known; the account's address in it says the session has arrived.
    const header = screen.getByRole('banner');
    await within(header).findByText(session.email);
    expect(header).not.toHaveTextContent(everywhere.start);
    await user.click(screen.getByText(everywhere.summary));
    await user.click(screen.getByRole('button', { name: everywhere.start }));
    expect(api.calls('POST /admin/api/sign-out-everywhere')).toHaveLength(0);
    expect(screen.getByRole('group', { name: everywhere.confirm })).toBeVisible();
    await user.click(screen.getByRole('button', { name: everywhere.cancel }));
    await user.click(screen.getByRole('button', { name: everywhere.start }));

    await user.click(screen.getByRole('button', { name: everywhere.confirmButton }));
    const pending = screen.getByRole('button', { name: everywhere.pending });
    expect(pending).toBeDisabled();
    await user.click(pending);
    failing.reject(new TypeError('Failed to fetch'));
    await expectAlertSaying(everywhere.failed);
    expect(api.calls('POST /admin/api/sign-out-everywhere')).toHaveLength(1);

    api.on('POST /admin/api/sign-out-everywhere', () => json({ ok: true }));
    await user.click(screen.getByRole('button', { name: everywhere.confirmButton }));
    await screen.findByRole('heading', { level: 1, name: text.heading });
    expect(screen.getByRole('status')).toHaveTextContent(everywhere.done);
    expect(api.calls('POST /admin/api/sign-out-everywhere')).toHaveLength(2);
  });

  it('says so when the account was signed out everywhere while the sign-in was checked', async () => {
    const api = signedOut();
    api.on('POST /admin/api/sign-in', () =>
      json({ ok: false, error: 'x', signedOutMeanwhile: true }, 401),
    );
    const user = userEvent.setup();
    await renderSignIn();
    await user.type(emailField(), 'owner@example.com');
    await user.type(passwordField(), 'a long pass phrase');
    await user.click(submitButton());

    await expectAlertSaying(text.signedOutMeanwhile);
  });

  it('says the server could not be reached when the request fails', async () => {
    const api = signedOut();
    api.on('POST /admin/api/sign-in', () => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    await renderSignIn();
    await user.type(emailField(), 'owner@example.com');
    await user.type(passwordField(), 'a long pass phrase');
    await user.click(submitButton());

    await expectAlertSaying(text.unreachable);
    expect(submitButton()).toBeEnabled();
  });

  it('signs in with the trimmed e-mail and the password, then shows the inbox', async () => {
    const api = signedOut();
    const answer = deferred<Response>();
    api.on('POST /admin/api/sign-in', () => answer.promise);
    api.on('GET /admin/api/submissions', () => json(emptyInbox));
    const user = userEvent.setup();
    await renderSignIn();
    // Pasted with no-break spaces around it, which an e-mail input keeps (it strips only ASCII ones).
    await user.type(emailField(), '\u00a0owner@example.com\u00a0');
    await user.type(passwordField(), ' pass phrase with spaces ');
    await user.click(submitButton());

    const sending = await screen.findByRole('button', { name: text.submitting });
    expect(sending).toBeDisabled();
    answer.resolve(json(session));

    expect(
      await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading }),
    ).toBeInTheDocument();
    expect(screen.getByText(session.email)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: text.heading })).toBeNull();
    const sent = api.calls('POST /admin/api/sign-in');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toStrictEqual({
      email: 'owner@example.com',
      password: ' pass phrase with spaces ',
    });
    await waitFor(() => expect(api.calls('GET /admin/api/submissions')).toHaveLength(1));
  });

  it('asks for the code when the account signs in in two steps, then sends all three', async () => {
    const api = signedOut();
    const codeNeeded = (error: string) => json({ ok: false, error, codeNeeded: true }, 401);
    api.on('POST /admin/api/sign-in', () => codeNeeded('Enter the code'));
    api.on('GET /admin/api/submissions', () => json(emptyInbox));
    const user = userEvent.setup();
    await renderSignIn();
    expect(screen.queryByLabelText(text.code)).toBeNull();
    await user.type(emailField(), 'owner@example.com');
    await user.type(passwordField(), 'a long pass phrase');
    await user.click(submitButton());

    const code = await screen.findByLabelText(text.code);
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAccessibleDescription(text.codeHint);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(passwordField()).toHaveValue('a long pass phrase');

    // Sent empty: said under the field, nothing sent.
    await user.click(submitButton());
    expect(code).toHaveAccessibleDescription(expect.stringContaining(text.codeMissing));
    expect(api.calls('POST /admin/api/sign-in')).toHaveLength(1);

    // A wrong code: said under the field, which is emptied and keeps the focus.
    api.on('POST /admin/api/sign-in', () => codeNeeded('The code is not correct.'));
    await user.type(code, '123456{Enter}');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(expect.stringContaining(text.codeWrong)),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();

    api.on('POST /admin/api/sign-in', () => json(session));
    await user.type(code, ' 654321 {Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading }),
    ).toBeInTheDocument();
    const sent = api.calls('POST /admin/api/sign-in').map((call) => call.body);
    expect(sent).toStrictEqual([
      { email: 'owner@example.com', password: 'a long pass phrase' },
      { email: 'owner@example.com', password: 'a long pass phrase', code: '123456' },
      { email: 'owner@example.com', password: 'a long pass phrase', code: '654321' },
    ]);
  });
});
