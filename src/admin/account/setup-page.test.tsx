import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { adminText } from '../../content/admin';
import { deferred, fakeFetch, json } from '../../test/fake-fetch';
import { AdminApp } from '../admin-app';
import { PASSWORD_MIN_LENGTH, type InboxPage, type SessionInfo } from '../contract';
import { expectAlertSaying } from '../../test/alert';

const text = adminText.setup;
const CODE = '7KQ4-M2XD-9HRT';
const EMAIL = 'owner@example.com';
const PASSWORD = 'a long enough pass phrase';
const session: SessionInfo = { email: EMAIL, seenBefore: Date.UTC(2026, 10, 1) };
const emptyInbox: InboxPage = {
  items: [],
  next: null,
  counts: { new: 0, in_progress: 0, handled: 0, spam: 0 },
  needsReply: { open: 0, overdue: 0 },
};

/** The inbox with no account yet: every session check answers 401 with setupNeeded. */
function noAccountYet() {
  return fakeFetch({
    'GET /admin/api/session': () =>
      json({ ok: false, error: 'x', setupNeeded: true, sessionEnded: false }, 401),
  });
}

async function renderSetup() {
  window.location.hash = '#/';
  render(<AdminApp />);
  await screen.findByRole('heading', { level: 1, name: text.heading });
}

const codeField = () => screen.getByLabelText(text.code);
const emailField = () => screen.getByLabelText(text.email);
const passwordField = () => screen.getByLabelText(text.password);
const repeatField = () => screen.getByLabelText(text.repeat);
const submitButton = () => screen.getByRole('button', { name: text.submit });

async function fillIn(user: UserEvent, values: { code?: string; password?: string } = {}) {
  await user.type(codeField(), values.code ?? CODE);
  await user.type(emailField(), EMAIL);
  await user.type(passwordField(), values.password ?? PASSWORD);
  await user.type(repeatField(), values.password ?? PASSWORD);
}

afterEach(() => vi.unstubAllGlobals());

describe('SetupPage', () => {
  it('asks for the setup code, an e-mail and a password, and says where the code is', async () => {
    const api = noAccountYet();
    await renderSetup();
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAccessibleDescription(text.codeHint);
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(passwordField()).toHaveAttribute('autocomplete', 'new-password');
    expect(passwordField()).toHaveAccessibleDescription(text.passwordHint(PASSWORD_MIN_LENGTH));
    expect(repeatField()).toHaveAttribute('type', 'password');
    expect(screen.getByText(text.command)).toBeVisible();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(api.calls('GET /admin/api/submissions')).toHaveLength(0);
  });

  it('on an empty submit ties an error to each field and focuses the code', async () => {
    const api = noAccountYet();
    const user = userEvent.setup();
    await renderSetup();
    await user.click(submitButton());

    await waitFor(() => expect(codeField()).toHaveFocus());
    const expected: [HTMLElement, string][] = [
      [codeField(), text.codeMissing],
      [emailField(), text.emailMissing],
      [passwordField(), text.passwordMissing],
      [repeatField(), text.repeatMissing],
    ];
    for (const [field, message] of expected) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(screen.getByText(message)).toBeVisible();
    }
    expect(api.calls('POST /admin/api/setup')).toHaveLength(0);
  });

  it("checks the code's shape, the address, the password's length and its repetition", async () => {
    const api = noAccountYet();
    const user = userEvent.setup();
    await renderSetup();
    await user.type(codeField(), '7KQ4-M2XD');
    await user.type(emailField(), 'not-an-address');
    await user.type(passwordField(), 'elevenchars');
    await user.type(repeatField(), 'something else');
    await user.click(submitButton());

    await waitFor(() => expect(codeField()).toHaveFocus());
    expect(codeField()).toHaveAccessibleDescription(expect.stringContaining(text.codeShape));
    expect(emailField()).toHaveAccessibleDescription(expect.stringContaining(text.emailInvalid));
    expect(passwordField()).toHaveAccessibleDescription(
      expect.stringContaining(text.passwordShort(PASSWORD_MIN_LENGTH)),
    );
    expect(repeatField()).toHaveAccessibleDescription(expect.stringContaining(text.repeatDiffers));
    expect(api.calls('POST /admin/api/setup')).toHaveLength(0);

    // Put right, the errors go, and only the code's is left for a code still too short.
    await user.clear(emailField());
    await user.type(emailField(), EMAIL);
    await user.clear(passwordField());
    await user.type(passwordField(), PASSWORD);
    await user.clear(repeatField());
    await user.type(repeatField(), PASSWORD);
    await user.click(submitButton());
    await waitFor(() => expect(codeField()).toHaveFocus());
    for (const field of [emailField(), passwordField(), repeatField()]) {
      expect(field).not.toHaveAttribute('aria-invalid');
    }
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('on a wrong code says so in the alert and at the code, and keeps what was typed', async () => {
    const api = noAccountYet();
    api.on('POST /admin/api/setup', () =>
      json({ ok: false, error: 'The setup code is not correct', field: 'code' }, 403),
    );
    const user = userEvent.setup();
    await renderSetup();
    await fillIn(user, { code: '7kq4 m2xd 9hrx' });
    await user.click(submitButton());

    await expectAlertSaying(text.refused);
    await waitFor(() => expect(codeField()).toHaveFocus());
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription(expect.stringContaining(text.codeWrong));
    expect(codeField()).toHaveValue('7kq4 m2xd 9hrx');
    expect(emailField()).toHaveValue(EMAIL);
    expect(passwordField()).toHaveValue(PASSWORD);
    expect(repeatField()).toHaveValue(PASSWORD);
    expect(emailField()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('heading', { name: adminText.inbox.heading })).toBeNull();
  });

  it('creates the account with the code, the trimmed e-mail and the password, then shows the inbox', async () => {
    const api = noAccountYet();
    const answer = deferred<Response>();
    api.on('POST /admin/api/setup', () => answer.promise);
    api.on('GET /admin/api/submissions', () => json(emptyInbox));
    const user = userEvent.setup();
    await renderSetup();
    await user.type(codeField(), ` ${CODE} `);
    await user.type(emailField(), `\u00a0${EMAIL}\u00a0`);
    await user.type(passwordField(), ` ${PASSWORD} `);
    await user.type(repeatField(), ` ${PASSWORD} `);
    await user.click(submitButton());

    expect(await screen.findByRole('button', { name: text.submitting })).toBeDisabled();
    answer.resolve(json(session));
    expect(
      await screen.findByRole('heading', { level: 1, name: adminText.inbox.heading }),
    ).toBeInTheDocument();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(api.calls('POST /admin/api/setup').map((call) => call.body)).toStrictEqual([
      { code: CODE, email: EMAIL, password: ` ${PASSWORD} ` },
    ]);
  });

  it('when an account exists meanwhile, says so and leads to the sign-in', async () => {
    const api = noAccountYet();
    api.on('POST /admin/api/setup', () =>
      json({ ok: false, error: 'The inbox already has an account', setupNeeded: false }, 409),
    );
    const user = userEvent.setup();
    await renderSetup();
    await fillIn(user);
    await user.click(submitButton());

    await expectAlertSaying(text.accountExists);
    const toSignIn = screen.getByRole('button', { name: text.toSignIn });
    await waitFor(() => expect(toSignIn).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: adminText.signIn.heading }),
    ).toBeInTheDocument();
  });

  it('after too many wrong codes says how long to wait; unreachable, says so', async () => {
    const api = noAccountYet();
    api.on('POST /admin/api/setup', () =>
      json({ ok: false, error: 'Too many' }, 429, { 'Retry-After': '600' }),
    );
    const user = userEvent.setup();
    await renderSetup();
    await fillIn(user);
    await user.click(submitButton());
    await expectAlertSaying(text.tooMany(10));

    api.on('POST /admin/api/setup', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(submitButton());
    await expectAlertSaying(text.unreachable);
    expect(submitButton()).toBeEnabled();
    expect(codeField()).toHaveValue(CODE);
  });
});
