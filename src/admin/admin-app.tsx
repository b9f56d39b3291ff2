import { useCallback, useEffect, useState } from 'react';
import { HashRouter, Route, Routes } from 'react-router';
import { adminText } from '../content/admin';
import { PageTitle } from '../components/page-title';
import { AdminLayout } from './admin-layout';
import { adminApi, ApiError, whenSignedOut } from './api';
import type { SessionInfo } from './contract';
import { takeEarlySession } from './early-session';
import { firstPaintTakenOver, type FirstPaint } from './first-paint';
import { forgetEarlyList } from './inbox/early-list';
import { InboxPage } from './inbox/inbox-page';
import { SetupPage } from './account/setup-page';
import { NeedsScript } from './account/panel';
import { SignInPage, type PaintedRefusal } from './account/sign-in-page';
import { forgetReplyDrafts } from './replies/forget-drafts';
import { isNetworkFailure } from './shared/connection';
import { ComposerScreen, TemplatesScreen } from './replies/lazy-routes';
import { DevicesScreen } from './devices/lazy-routes';
import { PartScreen, SiteScreen } from './site/lazy-routes';
import { preloadSubmissionPage, SubmissionScreen } from './submission/lazy-routes';
import { WeeklyScreen } from './desk/lazy-routes';

const NOTHING_TYPED: Record<string, string> = {};
const NOTHING_REFUSED: PaintedRefusal = {};

export type Auth =
  | { state: 'loading' }
  /** The session could not be asked for: offline (asked again once back online). */
  | { state: 'offline' }
  | { state: 'setup' }
  | { state: 'signed-out'; expired?: boolean; signedOutEverywhere?: boolean }
  | { state: 'signed-in'; session: SessionInfo };

/** After a 401: the first account is still to be made, or sign in (saying so if a session ended). */
function signedOutState(error: unknown): Auth {
  if (error instanceof ApiError && error.status === 401) {
    if (error.body.setupNeeded) return { state: 'setup' };
    return { state: 'signed-out', expired: error.body.sessionEnded === true };
  }
  return { state: 'signed-out' };
}

/** The screen the document painted (first-paint.ts), as the state React starts in. */
function paintedState(painted: FirstPaint | undefined): Auth {
  if (painted?.state === 'sign-in') return { state: 'signed-out', expired: painted.expired };
  if (painted?.state === 'setup') return { state: 'setup' };
  return { state: 'loading' };
}

interface ScreensProps {
  auth: Auth;
  /** What was typed into the document's own form before the script took over. */
  typed: Record<string, string>;
  /** Why the document's own form was refused, as it painted it (first-paint.ts). */
  refusal: PaintedRefusal;
  onSignedIn: (session: SessionInfo) => void;
  /** To the sign-in: the first account was made meanwhile (by another setup, or add-user). */
  onSignInInstead: () => void;
}

/** The quiet frame while the session is asked for; without the script, it says what needs it. */
function LoadingFrame() {
  return (
    <>
      <p className="py-10 text-center text-slate-600">{adminText.firstPaint.loading}</p>
      <NeedsScript words={adminText.firstPaint.listNeedsScript} />
    </>
  );
}

function Screens({ auth, typed, refusal, onSignedIn, onSignInInstead }: ScreensProps) {
  switch (auth.state) {
    case 'loading':
      return (
        <>
          <PageTitle title={adminText.appName} />
          <LoadingFrame />
        </>
      );
    case 'offline':
      return (
        <div className="py-10 text-center">
          <PageTitle title={adminText.shell.offlineHeading} />
          <h1 className="font-display text-3xl font-bold">{adminText.shell.offlineHeading}</h1>
          <p className="mt-2 text-slate-700">{adminText.shell.offlineIntro}</p>
        </div>
      );
    case 'setup':
      return (
        <SetupPage
          typed={typed}
          painted={refusal}
          onSignedIn={onSignedIn}
          onAccountExists={onSignInInstead}
        />
      );
    case 'signed-out':
      return (
        <SignInPage
          typed={typed}
          painted={refusal}
          expired={auth.expired ?? false}
          notice={auth.signedOutEverywhere ? adminText.signOutEverywhere.done : undefined}
          onSignedIn={onSignedIn}
        />
      );
    case 'signed-in':
      return (
        <Routes>
          <Route path="/submissions/:id" element={<SubmissionScreen />} />
          <Route path="/submissions/:id/reply" element={<ComposerScreen />} />
          <Route path="/templates" element={<TemplatesScreen />} />
          <Route path="/weekly" element={<WeeklyScreen />} />
          <Route path="/devices" element={<DevicesScreen />} />
          <Route path="/site" element={<SiteScreen email={auth.session.email} />} />
          <Route path="/site/:part" element={<PartScreen />} />
          <Route
            path="*"
            element={
              <InboxPage
                seenBefore={auth.session.seenBefore}
                failedSignIns={auth.session.failedSignIns}
                backups={auth.session.backups}
                mail={auth.session.mail}
                retentionHold={auth.session.retentionHold}
                onShown={preloadSubmissionPage}
              />
            }
          />
        </Routes>
      );
  }
}

/** The owner's inbox: sign-in (or the first account, with the setup code), the list, one submission. */
export function AdminApp({ painted }: { painted?: FirstPaint | undefined }) {
  const [auth, setAuth] = useState<Auth>(() => paintedState(painted));

  useEffect(() => {
    // The painted screen is React's now; the input that had the focus keeps it.
    firstPaintTakenOver();
    if (painted?.focused) document.getElementById(painted.focused)?.focus();
    whenSignedOut((error) => setAuth(signedOutState(error)));
    const load = () => {
      // The first ask may be on its way already (early-session.ts: a painted document).
      (takeEarlySession() ?? adminApi.session()).then(
        (session) => setAuth({ state: 'signed-in', session }),
        (error: unknown) => {
          // Offline (the frame says so): asked again once the browser is back online.
          if (!isNetworkFailure(error)) return setAuth(signedOutState(error));
          setAuth({ state: 'offline' });
          window.addEventListener('online', load, { once: true });
        },
      );
    };
    load();
    return () => window.removeEventListener('online', load);
  }, [painted]);

  // Not signed in after all (the session ended meanwhile, offline): a list asked for early is
  // nobody's now, and the next sign-in (perhaps another account's) asks for its own.
  useEffect(() => {
    if (auth.state !== 'signed-in' && auth.state !== 'loading') forgetEarlyList();
  }, [auth.state]);

  const signOut = useCallback(async () => {
    await adminApi.signOut().catch(() => undefined);
    // An unsent reply kept in this tab goes with the session the owner ended.
    forgetReplyDrafts();
    setAuth({ state: 'signed-out' });
  }, []);
  const signOutEverywhere = useCallback(async () => {
    try {
      await adminApi.signOutEverywhere();
      setAuth({ state: 'signed-out', signedOutEverywhere: true });
      return true;
    } catch (error) {
      // A 401: this session had ended already; anything else changed nothing.
      if (error instanceof ApiError && error.status === 401) {
        setAuth(signedOutState(error));
        return true;
      }
      return false;
    }
  }, []);

  return (
    <HashRouter>
      <AdminLayout
        user={auth.state === 'signed-in' ? auth.session.email : undefined}
        businessName={auth.state === 'signed-in' ? auth.session.businessName : undefined}
        onSignOut={signOut}
        onSignOutEverywhere={signOutEverywhere}
      >
        <Screens
          auth={auth}
          typed={painted?.values ?? NOTHING_TYPED}
          refusal={painted ?? NOTHING_REFUSED}
          onSignedIn={(session) => setAuth({ state: 'signed-in', session })}
          onSignInInstead={() => setAuth({ state: 'signed-out' })}
        />
      </AdminLayout>
    </HashRouter>
  );
}
