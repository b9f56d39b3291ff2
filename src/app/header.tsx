import { useEffect } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';
import { companyContent } from '../content/company';
import { navigationContent } from '../content/navigation';
import { routes, sectionOfTarget } from '../content/routes';
import type { NavItem } from '../content/types';
import { ui } from '../content/site';
import { buttonClasses } from '../components/button-link';
import { Logo } from './logo';
import { enhanceMenu } from './menu';
import { SectionLink } from './section-link';
import { TopBar } from './top-bar';
import { useContent } from '../content/use-content';

const linkBase =
  'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-navy-50 hover:text-navy-900 lg:text-sm xl:text-base';
const linkActive = 'text-navy-900 underline decoration-gold-500 decoration-2 underline-offset-8';

function NavItemLink({ item }: { item: NavItem }) {
  const section = sectionOfTarget(item.to);
  if (section) {
    return (
      <SectionLink section={section} className={linkBase}>
        {item.label}
      </SectionLink>
    );
  }
  return (
    <NavLink
      to={item.to}
      end
      className={({ isActive }) => `${linkBase} ${isActive ? linkActive : ''}`}
    >
      {item.label}
    </NavLink>
  );
}

/** The id of the phone menu, which its button opens (`popovertarget`). */
const MENU_ID = 'site-menu';

/** Runs the menu's enhancement (menu.ts) on the rendered menu. */
function useMenuEnhancement() {
  useEffect(() => {
    const menu = document.getElementById(MENU_ID);
    return menu ? enhanceMenu(menu) : undefined;
  }, []);
}

function HomeLink() {
  const { company } = useContent(companyContent);
  return (
    <Link
      to={routes.home.path}
      className="flex items-center gap-3 rounded-md"
      aria-label={ui.header.homeLinkLabel(company.name)}
    >
      <Logo />
      <span className="font-display text-xl leading-tight font-bold text-navy-950">
        {company.name}
      </span>
    </Link>
  );
}

/**
 * Opens the phone menu with no script (a native popover). Its icon shows what a tap does: the
 * header has an open popover (`:popover-open`) or not.
 */
function MenuToggle() {
  return (
    <button
      type="button"
      popoverTarget={MENU_ID}
      aria-controls={MENU_ID}
      className="inline-flex size-11 items-center justify-center rounded-md text-navy-950 hover:bg-navy-50 lg:hidden"
    >
      <Menu aria-hidden="true" className="group-has-[:popover-open]/header:hidden" />
      <X aria-hidden="true" className="hidden group-has-[:popover-open]/header:block" />
      <span className="sr-only">{ui.header.menu}</span>
    </button>
  );
}

function NavItems() {
  const { mainNav } = useContent(navigationContent);
  return mainNav.map((item) => (
    <li key={item.to}>
      <NavItemLink item={item} />
    </li>
  ));
}

/** The nav on large screens: every item in a row, then the Request Service button. */
function WideNav() {
  const { requestServiceCta } = useContent(navigationContent);
  return (
    <ul className="hidden items-center gap-1 lg:flex">
      <NavItems />
      <li className="ml-2">
        <NavLink to={requestServiceCta.to} className={buttonClasses('primary', 'md')}>
          {requestServiceCta.label}
        </NavLink>
      </li>
    </ul>
  );
}

/**
 * The nav on small screens: a native popover under the bar (placed by `.site-menu` in index.css),
 * closed by a tap outside, by Escape, and (menu.ts) after a choice.
 */
function MobileMenu() {
  const { requestServiceCta } = useContent(navigationContent);
  return (
    <div id={MENU_ID} popover="auto" className="site-menu lg:hidden" data-testid="mobile-menu">
      <ul className="container-page space-y-1 py-3">
        <NavItems />
        <li className="pt-2">
          <NavLink to={requestServiceCta.to} className={`${buttonClasses('primary', 'lg')} w-full`}>
            {requestServiceCta.label}
          </NavLink>
        </li>
      </ul>
    </div>
  );
}

export function Header() {
  useMenuEnhancement();
  return (
    <>
      <TopBar />
      <header className="group/header sticky top-0 z-40 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur">
        <nav aria-label={ui.header.mainNavLabel} className="container-page">
          <div className="site-menu-anchor flex h-18 items-center justify-between gap-4">
            <HomeLink />
            <MenuToggle />
            <WideNav />
          </div>
          <MobileMenu />
        </nav>
      </header>
    </>
  );
}
