import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { LogOut } from 'lucide-react';
import { buttonClasses } from '../components/button-link';
import { SignOutEverywhere } from './account/sign-out-everywhere';
import { ShellNotices } from './shared/shell-notices';
import { adminText } from '../content/admin';
import { siteEditorText } from '../content/admin-site';
import { companyContent } from '../content/company';
import { useContent } from '../content/use-content';

/** The inbox's other pages, linked from every one: the site editor, the reply templates, alerts. */
const headerLinks = [
  { to: '/site', label: siteEditorText.headerLink },
  { to: '/templates', label: adminText.templates.headerLink },
  { to: '/devices', label: adminText.devices.headerLink },
];

interface AdminLayoutProps {
  user: string | undefined;
  /** The business's name as published (the session says it); the code's before sign-in. */
  businessName?: string | undefined;
  onSignOut: () => void;
  /** Ends every session of the account (server: `/api/sign-out-everywhere`); false if it failed. */
  onSignOutEverywhere: () => Promise<boolean>;
  children: ReactNode;
}

export function AdminLayout({
  user,
  businessName,
  onSignOut,
  onSignOutEverywhere,
  children,
}: AdminLayoutProps) {
  const { company } = useContent(companyContent);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded-md bg-gold-400 px-4 py-3 font-semibold text-navy-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {adminText.skipLink}
      </a>
      <header className="on-dark bg-navy-950 text-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
          <p className="font-display text-xl font-bold">
            {businessName ?? company.name}{' '}
            <span className="font-sans text-base font-normal text-gold-300">
              {adminText.appName}
            </span>
          </p>
          {user && (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              {headerLinks.map((link) => (
                <NavLink
                  key={link.to}
                  to={link.to}
                  end
                  className="inline-flex min-h-11 items-center font-semibold text-white underline underline-offset-4 hover:text-gold-300"
                >
                  {link.label}
                </NavLink>
              ))}
              <p>
                <span className="text-slate-300">{adminText.header.signedInAs}</span>{' '}
                <span className="font-semibold break-all">{user}</span>
              </p>
              <button
                type="button"
                onClick={onSignOut}
                className={`${buttonClasses('outline-light', 'md')} py-1.5`}
              >
                <LogOut aria-hidden="true" className="size-4" />
                {adminText.header.signOut}
              </button>
            </div>
          )}
        </div>
      </header>
      {/* Offline, or a new version ready: the app's own notices, on every page. */}
      <ShellNotices />
      <main id="main" tabIndex={-1} className="container-page flex-1 py-6 sm:py-8">
        {children}
      </main>
      {user && (
        <footer className="container-page pb-8">
          <SignOutEverywhere onConfirm={onSignOutEverywhere} />
        </footer>
      )}
    </div>
  );
}
