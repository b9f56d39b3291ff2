import { useCallback, useEffect, useState } from 'react';
import { HashRouter, Route, Routes } from 'react-router';
import { adminText } from '../content/admin';
import { AdminLayout } from './admin-layout';
import { adminApi, ApiError, whenSignedOut } from './api';
import type { SessionInfo } from './contract';
import { InboxPage } from './inbox-page';
import { SetupPage } from './setup-page';
import { SignInPage } from './sign-in-page';
import { SubmissionPage } from './submission-page';
import { WeeklyPage } from './weekly-page';

export type Auth =
  | { state: 'loading' }
  | { state: 'setup' }
  | { state: 'signed-out'; expired?: boolean }
  | { state: 'signed-in'; session: SessionInfo };

/** After a 401: the first account is still to be made, or sign in (saying so if a session ended). */
function signedOutState(error: unknown): Auth {
  if (error instanceof ApiError && error.status === 401) {
    if (error.body.setupNeeded) return { state: 'setup' };
    return { state: 'signed-out', expired: error.body.sessionEnded === true };
  }
  return { state: 'signed-out' };
}

function Screens({ auth, onSignedIn }: { auth: Auth; onSignedIn: (s: SessionInfo) => void }) {
  switch (auth.state) {
    case 'loading':
      return <p className="py-10 text-center text-slate-600">{adminText.loading}</p>;
    case 'setup':
      return <SetupPage />;
    case 'signed-out':
      return <SignInPage expired={auth.expired ?? false} onSignedIn={onSignedIn} />;
    case 'signed-in':
      return (
        <Routes>
          <Route path="/submissions/:id" element={<SubmissionPage />} />
          <Route path="/weekly" element={<WeeklyPage />} />
          <Route path="*" element={<InboxPage seenBefore={auth.session.seenBefore} />} />
        </Routes>
      );
  }
}

/** The owner's inbox: sign-in (or how to make the first account), the list, one submission. */
export function AdminApp() {
  const [auth, setAuth] = useState<Auth>({ state: 'loading' });

  useEffect(() => {
    whenSignedOut((error) => setAuth(signedOutState(error)));
    adminApi.session().then(
      (session) => setAuth({ state: 'signed-in', session }),
      (error: unknown) => setAuth(signedOutState(error)),
    );
  }, []);

  const signOut = useCallback(async () => {
    await adminApi.signOut().catch(() => undefined);
    setAuth({ state: 'signed-out' });
  }, []);

  return (
    <HashRouter>
      <AdminLayout
        user={auth.state === 'signed-in' ? auth.session.email : undefined}
        onSignOut={signOut}
      >
        <Screens auth={auth} onSignedIn={(session) => setAuth({ state: 'signed-in', session })} />
      </AdminLayout>
    </HashRouter>
  );
}
