import { useEffect, useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Menu, X } from 'lucide-react';
import { company } from '../content/company';
import { mainNav, requestServiceCta } from '../content/navigation';
import { routes, sectionOfTarget } from '../content/routes';
import type { NavItem } from '../content/types';
import { ui } from '../content/site';
import { buttonClasses } from '../components/button-link';
import { Logo } from './logo';
import { SectionLink } from './section-link';
import { TopBar } from './top-bar';

const linkBase =
  'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-navy-50 hover:text-navy-900 lg:text-sm xl:text-base';
const linkActive = 'text-navy-900 underline decoration-gold-500 decoration-2 underline-offset-8';

function NavItemLink({ item, onChoose }: { item: NavItem; onChoose: () => void }) {
  const section = sectionOfTarget(item.to);
  if (section) {
    return (
      <SectionLink section={section} className={linkBase} onChoose={onChoose}>
        {item.label}
      </SectionLink>
    );
  }
  return (
    <NavLink
      to={item.to}
      end
      className={({ isActive }) => `${linkBase} ${isActive ? linkActive : ''}`}
      onClick={onChoose}
    >
      {item.label}
    </NavLink>
  );
}

/** The mobile menu: open or closed; Escape closes it and gives focus back to its toggle. */
function useMobileMenu() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggleId = `${id}-toggle`;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(toggleId)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, toggleId]);

  return {
    id,
    toggleId,
    open,
    toggle: () => setOpen((value) => !value),
    close: () => setOpen(false),
  };
}

type MobileMenuState = ReturnType<typeof useMobileMenu>;

function HomeLink({ onChoose }: { onChoose: () => void }) {
  return (
    <Link
      to={routes.home.path}
      className="flex items-center gap-3 rounded-md"
      aria-label={ui.header.homeLinkLabel(company.name)}
      onClick={onChoose}
    >
      <Logo />
      <span className="font-display text-xl leading-tight font-bold text-navy-950">
        {company.name}
      </span>
    </Link>
  );
}

function MenuToggle({ menu }: { menu: MobileMenuState }) {
  return (
    <button
      type="button"
      id={menu.toggleId}
      className="inline-flex size-11 items-center justify-center rounded-md text-navy-950 hover:bg-navy-50 lg:hidden"
      aria-expanded={menu.open}
      aria-controls={menu.id}
      onClick={menu.toggle}
    >
      {menu.open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      <span className="sr-only">{menu.open ? ui.header.menuClose : ui.header.menuOpen}</span>
    </button>
  );
}

function NavItems({ onChoose }: { onChoose: () => void }) {
  return mainNav.map((item) => (
    <li key={item.to}>
      <NavItemLink item={item} onChoose={onChoose} />
    </li>
  ));
}

/** The nav on large screens: every item in a row, then the Request Service button. */
function WideNav({ onChoose }: { onChoose: () => void }) {
  return (
    <ul className="hidden items-center gap-1 lg:flex">
      <NavItems onChoose={onChoose} />
      <li className="ml-2">
        <NavLink to={requestServiceCta.to} className={buttonClasses('primary', 'md')}>
          {requestServiceCta.label}
        </NavLink>
      </li>
    </ul>
  );
}

/** The nav on small screens: a list under the bar, shown by the toggle, closed after a choice. */
function MobileMenu({ menu }: { menu: MobileMenuState }) {
  return (
    <ul
      id={menu.id}
      hidden={!menu.open}
      className="space-y-1 border-t border-slate-200 py-3 lg:hidden"
      data-testid="mobile-menu"
    >
      <NavItems onChoose={menu.close} />
      <li className="pt-2">
        <NavLink
          to={requestServiceCta.to}
          className={`${buttonClasses('primary', 'lg')} w-full`}
          onClick={menu.close}
        >
          {requestServiceCta.label}
        </NavLink>
      </li>
    </ul>
  );
}

export function Header() {
  const menu = useMobileMenu();
  return (
    <>
      <TopBar />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur">
        <nav aria-label={ui.header.mainNavLabel} className="container-page">
          <div className="flex h-18 items-center justify-between gap-4">
            <HomeLink onChoose={menu.close} />
            <MenuToggle menu={menu} />
            <WideNav onChoose={menu.close} />
          </div>
          <MobileMenu menu={menu} />
        </nav>
      </header>
    </>
  );
}
