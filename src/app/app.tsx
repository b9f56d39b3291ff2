import { useLayoutEffect } from 'react';
import { HashRouter, Route, Routes } from 'react-router';
import { sectionRoutes } from '../content/navigation';
import { HomePage } from '../features/home/home-page';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';

// Route-level code splitting: only the home page ships in the first bundle; the form
// libraries load with the form pages.
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

export const routePaths = {
  home: '/',
  team: '/team',
  contact: '/contact',
  quote: ['/request-service', '/solicitar-servicio'],
  application: ['/join-our-team', '/trabajar-con-nosotros'],
} as const;

const lazyRoutes = new Map([
  [routePaths.team, TeamPage],
  [routePaths.contact, ContactPage],
  ...routePaths.quote.map((path) => [path, QuotePage] as const),
  ...routePaths.application.map((path) => [path, ApplicationPage] as const),
]);

/** Loads the code of the page a deep link opens, so the first render needs no placeholder. */
export async function preloadRoute(pathname: string): Promise<void> {
  try {
    await lazyRoutes.get(pathname as never)?.preload();
  } catch {
    // The page's own render reports the failure through the error boundary.
  }
}

export function AppRoutes() {
  return (
    <Layout>
      <Routes>
        <Route path={routePaths.home} element={<HomePage />} />
        {sectionRoutes.map((section) => (
          <Route key={section} path={`/${section}`} element={<HomePage />} />
        ))}
        <Route path={routePaths.team} element={<TeamPage />} />
        <Route path={routePaths.contact} element={<ContactPage />} />
        {routePaths.quote.map((path) => (
          <Route key={path} path={path} element={<QuotePage />} />
        ))}
        {routePaths.application.map((path) => (
          <Route key={path} path={path} element={<ApplicationPage />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Layout>
  );
}

/**
 * The app in the browser. Once it has rendered (before that frame paints), the marker that hid the
 * prerendered home page for another route goes (scripts/site-head.ts).
 */
export function App() {
  useLayoutEffect(() => {
    document.documentElement.removeAttribute('data-route');
  }, []);
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
