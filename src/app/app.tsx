import { useEffect, useLayoutEffect, useRef } from 'react';
import { HashRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import type { AppStartOptions } from '../app-start';
import { pathsOf, ROUTE_SHOWN_EVENT, routes, sectionPath, sectionRoutes } from '../content/routes';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { focusMain } from './section-scroll';

// Route-level code splitting: every page is a chunk of its own, the form libraries in the form
// pages'. The home page too: its first view is the prerendered HTML, which needs no React
// (src/enhance.ts); React renders it only when a visitor comes back to it.
const HomePage = lazyPage(() =>
  import('../features/home/home-page').then((module) => module.HomePage),
);
const TeamPage = lazyPage(() =>
  import('../features/team/team-page').then((module) => module.TeamPage),
);
const ContactPage = lazyPage(() =>
  import('../features/contact/contact-page').then((module) => module.ContactPage),
);
const QuotePage = lazyPage(() =>
  import('../features/quote/quote-page').then((module) => module.QuotePage),
);
const ApplicationPage = lazyPage(() =>
  import('../features/application/application-page').then((module) => module.ApplicationPage),
);
const PrivacyPage = lazyPage(() =>
  import('../features/privacy/privacy-page').then((module) => module.PrivacyPage),
);

/** The code-split pages and the route each one answers. */
const lazyPages = [
  [routes.team, TeamPage],
  [routes.contact, ContactPage],
  [routes.quote, QuotePage],
  [routes.application, ApplicationPage],
  [routes.privacy, PrivacyPage],
] as const;

const lazyRoutes = new Map(
  lazyPages.flatMap(([route, Page]) => pathsOf(route).map((path) => [path, Page] as const)),
);

/** The home page answers its own path and each section's (/about). */
const homePaths = [...pathsOf(routes.home), ...sectionRoutes.map(sectionPath)];

/** Loads the code of the page a deep link opens, so the first render needs no placeholder. */
export async function preloadRoute(pathname: string): Promise<void> {
  try {
    await (homePaths.includes(pathname) ? HomePage : lazyRoutes.get(pathname))?.preload();
  } catch {
    // The page's own render reports the failure through the error boundary.
  }
}

export function AppRoutes() {
  return (
    <Layout>
      <Routes>
        {homePaths.map((path) => (
          <Route key={path} path={path} element={<HomePage />} />
        ))}
        {[...lazyRoutes].map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Layout>
  );
}

/** Every page path that is not the home page's, aliases included: each is prerendered too. */
export const otherPagePaths = [...lazyRoutes.keys()];

/**
 * Where the app starts. A section link followed on a prerendered page before React ran
 * (src/enhance.ts) opens the home page at that section, as the link itself does once React runs
 * (section-link.tsx). And the router shows the address: a move made while React was taking the
 * page over (hydration yields to the browser; the router listens only once it has committed) would
 * otherwise be missed, leaving the page before it on screen.
 */
/** What the router keeps in a history entry's state (react-router's hash history: `usr`). */
function routerState(entry: unknown): unknown {
  return typeof entry === 'object' && entry !== null && 'usr' in entry ? entry.usr : undefined;
}

function StartWhereAsked({ section }: { section: string | undefined }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (section) navigate(routes.home.path, { replace: true, state: { section } });
  }, [navigate, section]);
  // Once, at the first commit: from then on the router listens. Later, the address runs ahead of
  // a move still rendering (a page whose code is on its way), and following it here would replace
  // that move's entry without its state: a section link from another page then lost its section.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const address = window.location.hash.slice(1) || routes.home.path;
    if (section || address === `${pathname}${search}`) return;
    navigate(address, { replace: true, state: routerState(window.history.state) });
  }, [navigate, section, pathname, search]);
  return null;
}

/** Says on the window that the app shows a page (the visit beacon counts the moves). */
function SayRouteShown() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.dispatchEvent(new Event(ROUTE_SHOWN_EVENT));
  }, [pathname]);
  return null;
}

/**
 * The app in the browser. Once it has rendered (before that frame paints), the marker that hid the
 * page on screen while this one was on its way goes (src/route-marker.ts, src/enhance.ts); when a
 * visitor's move brought it (`moved`), focus starts at the new page's content.
 */
export function App({ moved = false, section }: AppStartOptions) {
  useLayoutEffect(() => {
    document.documentElement.removeAttribute('data-route');
    if (moved) focusMain({ preventScroll: true });
  }, [moved]);
  return (
    <HashRouter>
      <StartWhereAsked section={section} />
      <SayRouteShown />
      <AppRoutes />
    </HashRouter>
  );
}
