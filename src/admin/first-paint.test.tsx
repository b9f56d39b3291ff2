import { render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { adminText } from '../content/admin';
import { deferred, fakeFetch, json } from '../test/fake-fetch';
import { AdminApp } from './admin-app';
import { AdminLayout } from './admin-layout';
import { SetupPage } from './account/setup-page';
import { SignInPage } from './account/sign-in-page';
import { firstPaintHtml, readFirstPaint, type FirstPaintState } from './first-paint';

/** Each element in document order: its tag and the attributes that shape or name it. */
function shape(root: Element): string[] {
  return [...root.querySelectorAll('*')]
    .filter((element) => !element.closest('title, noscript'))
    .map((element) => {
      const named = [
        'id',
        'class',
        'name',
        'type',
        'autocomplete',
        'for',
        'role',
        'aria-describedby',
        'aria-invalid',
      ]
        .map((attribute) => [attribute, element.getAttribute(attribute)?.trim()] as const)
        .filter(([, value]) => value)
        .map(([attribute, value]) => `${attribute}=${value}`);
      return [element.tagName.toLowerCase(), ...named].join(' ');
    });
}

/** The words shown (React's <title> and the document's <noscript> aside). */
function words(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const aside of copy.querySelectorAll('title, noscript')) aside.remove();
  return copy.textContent ?? '';
}

function painted(state: FirstPaintState, options = {}): Element {
  const host = document.createElement('div');
  host.innerHTML = firstPaintHtml(state, options);
  const frame = host.firstElementChild;
  if (!frame) throw new Error('nothing painted');
  return host;
}

/** The React screen in its frame, signed out (no user, no links), as the inbox renders it. */
function reactScreen(screenElement: React.ReactNode): Element {
  const { container } = render(
    <HashRouter>
      <AdminLayout user={undefined} onSignOut={() => {}} onSignOutEverywhere={async () => true}>
        {screenElement}
      </AdminLayout>
    </HashRouter>,
  );
  return container;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the first paint from the HTML', () => {
  it('draws the sign-in as React does: the same elements, classes, fields and words', () => {
    const html = painted('sign-in');
    const react = reactScreen(<SignInPage expired={false} onSignedIn={() => {}} />);
    expect(shape(html)).toEqual(shape(react));
    expect(words(html)).toBe(words(react));
  });

  it('draws the setup form and the loading frame as React does', () => {
    const setup = reactScreen(<SetupPage onSignedIn={() => {}} onAccountExists={() => {}} />);
    expect(shape(painted('setup'))).toEqual(shape(setup));
    expect(words(painted('setup'))).toBe(words(setup));
    document.body.innerHTML = '';
    const loading = reactScreen(
      <p className="py-10 text-center text-slate-600">{adminText.firstPaint.loading}</p>,
    );
    expect(shape(painted('loading'))).toEqual(shape(loading));
  });

  it('is hydrated by React, not drawn again: the same elements, with what was typed and the focus', async () => {
    fakeFetch({
      'GET /admin/api/session': () =>
        json({ ok: false, error: 'x', setupNeeded: false, sessionEnded: false }, 401),
    });
    window.location.hash = '#/';
    const root = document.createElement('div');
    root.innerHTML = firstPaintHtml('sign-in');
    document.body.append(root);
    const email = root.querySelector<HTMLInputElement>('#sign-in-email');
    const password = root.querySelector<HTMLInputElement>('#sign-in-password');
    if (!email || !password) throw new Error('no form painted');
    email.value = 'owner@example.com';
    password.value = 'typed before the script';
    password.focus();

    const heading = root.querySelector('h1');
    const first = readFirstPaint(root);
    expect(first).toMatchObject({ state: 'sign-in', focused: 'sign-in-password' });
    const reactRoot = hydrateRoot(root, <AdminApp painted={first} />, {
      onRecoverableError: (error) => {
        throw error;
      },
    });

    // Taken over (the marker goes), the painted elements kept: no new paint, no new LCP.
    await waitFor(() => expect(root.querySelector('[data-first-paint]')).toBeNull());
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByLabelText(adminText.signIn.email)).toBe(email);
    expect(screen.getByLabelText(adminText.signIn.email)).toHaveValue('owner@example.com');
    expect(screen.getByLabelText(adminText.signIn.password)).toHaveValue('typed before the script');
    await waitFor(() => expect(screen.getByLabelText(adminText.signIn.password)).toHaveFocus());
    reactRoot.unmount();
  });

  it('is hydrated without a mismatch on the setup form and the loading frame too', async () => {
    const session = deferred<Response>();
    fakeFetch({ 'GET /admin/api/session': () => session.promise });
    for (const state of ['setup', 'loading'] as const) {
      const root = document.createElement('div');
      root.innerHTML = firstPaintHtml(state);
      document.body.append(root);
      const kept = root.querySelector('main')?.firstElementChild;
      const reactRoot = hydrateRoot(root, <AdminApp painted={readFirstPaint(root)} />, {
        onRecoverableError: (error) => {
          throw error;
        },
      });
      await waitFor(() => expect(root.querySelector('[data-first-paint]')).toBeNull());
      expect(root.querySelector('main')?.firstElementChild).toBe(kept);
      reactRoot.unmount();
      root.remove();
    }
  });

  it('says the session ended in the HTML and in React after it', () => {
    const html = painted('sign-in', { expired: true });
    expect(html.querySelector('[role=alert]')).toHaveTextContent(adminText.signIn.expired);
    const root = document.createElement('div');
    root.innerHTML = firstPaintHtml('sign-in', { expired: true });
    expect(readFirstPaint(root)?.expired).toBe(true);
  });

  describe('the answer to a form posted without the script (server/admin/document-route.ts)', () => {
    const refused = {
      failure: adminText.signIn.incorrect,
      values: { email: 'owner@example.com' },
      errors: { password: adminText.signIn.passwordMissing },
    };

    it('draws the refusal as React does: the alert, the field in error and its description', () => {
      const html = painted('sign-in', refused);
      const react = reactScreen(
        <SignInPage
          expired={false}
          typed={refused.values}
          painted={{ failure: refused.failure, errors: refused.errors }}
          onSignedIn={() => {}}
        />,
      );
      expect(shape(html)).toEqual(shape(react));
      expect(words(html)).toBe(words(react));
      const password = html.querySelector('#sign-in-password');
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(password).toHaveAttribute('aria-describedby', 'sign-in-password-error');
      expect(html.querySelector('#sign-in-email')).toHaveAttribute('value', 'owner@example.com');
      expect(html.querySelector('[role=alert]')).toHaveTextContent(adminText.signIn.incorrect);
    });

    it('draws the setup form refused as React does: the alert, the fields in error, the code and e-mail kept', () => {
      const setup = {
        failure: adminText.setup.refused,
        values: { code: '7KQ4-M2XD-9HRT', email: 'owner@example.com' },
        errors: { code: adminText.setup.codeWrong, repeat: adminText.setup.repeatDiffers },
      };
      const react = reactScreen(
        <SetupPage
          typed={setup.values}
          painted={setup}
          onSignedIn={() => {}}
          onAccountExists={() => {}}
        />,
      );
      const html = painted('setup', setup);
      expect(shape(html)).toEqual(shape(react));
      expect(words(html)).toBe(words(react));
      expect(html.querySelector('#setup-code')).toHaveAttribute('value', '7KQ4-M2XD-9HRT');
      expect(html.querySelector('#setup-repeat')).toHaveAttribute(
        'aria-describedby',
        'setup-repeat-error',
      );
    });

    it('is hydrated without a mismatch: the alert, the error and the e-mail kept', async () => {
      fakeFetch({
        'GET /admin/api/session': () =>
          json({ ok: false, error: 'x', setupNeeded: false, sessionEnded: false }, 401),
      });
      const root = document.createElement('div');
      root.innerHTML = firstPaintHtml('sign-in', refused);
      document.body.append(root);
      const alert = root.querySelector('[role=alert] p');
      const first = readFirstPaint(root);
      expect(first).toMatchObject({ failure: refused.failure, errors: refused.errors });
      const reactRoot = hydrateRoot(root, <AdminApp painted={first} />, {
        onRecoverableError: (error) => {
          throw error;
        },
      });
      await waitFor(() => expect(root.querySelector('[data-first-paint]')).toBeNull());
      // After the session's answer too: still the painted refusal, the same elements.
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(refused.failure));
      expect(root.querySelector('[role=alert] p')).toBe(alert);
      expect(screen.getByLabelText(adminText.signIn.email)).toHaveValue('owner@example.com');
      const password = screen.getByLabelText(adminText.signIn.password);
      expect(password).toHaveValue('');
      expect(password).toHaveAttribute('aria-invalid', 'true');
      expect(password).toHaveAccessibleDescription(/Enter your password/);
      reactRoot.unmount();
    });

    it('is hydrated without a mismatch on the setup form refused too', async () => {
      const session = deferred<Response>();
      fakeFetch({ 'GET /admin/api/session': () => session.promise });
      const root = document.createElement('div');
      root.innerHTML = firstPaintHtml('setup', {
        failure: adminText.setup.refused,
        values: { code: '7KQ4-M2XD-9HRT', email: 'owner@example.com' },
        errors: { code: adminText.setup.codeWrong },
      });
      document.body.append(root);
      const alert = root.querySelector('[role=alert] p');
      const reactRoot = hydrateRoot(root, <AdminApp painted={readFirstPaint(root)} />, {
        onRecoverableError: (error) => {
          throw error;
        },
      });
      await waitFor(() => expect(root.querySelector('[data-first-paint]')).toBeNull());
      expect(root.querySelector('[role=alert] p')).toBe(alert);
      const code = screen.getByLabelText(adminText.setup.code);
      expect(code).toHaveValue('7KQ4-M2XD-9HRT');
      expect(code).toHaveAccessibleDescription(new RegExp(adminText.setup.codeWrong));
      reactRoot.unmount();
    });
  });
});
