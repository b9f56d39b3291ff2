import { useEffect, useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Mail, MapPin, Menu, Phone, X } from 'lucide-react';
import { company } from '../content/company';
import { mainNav, requestServiceCta } from '../content/navigation';
import { routes } from '../content/routes';
import type { NavItem } from '../content/types';
import { ui } from '../content/site';
import { buttonClasses } from '../components/button-link';
import { Logo } from './logo';
import { SectionLink } from './section-link';

function TopBar() {
  const phones = [company.phones.direct, company.phones.office];
  return (
    <section
      aria-label={ui.header.topBarLabel}
      className="on-dark bg-navy-950 text-sm text-navy-100"
    >
      <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-1 py-2">
        <ul
          className="flex flex-wrap items-center gap-x-4 gap-y-1"
          aria-label={ui.header.topBarLinksLabel}
        >
          {phones.map((phone) => (
            <li key={phone.tag}>
              <a
                href={`tel:${phone.e164}`}
                className="inline-flex min-h-6 items-center gap-1.5 hover:text-white"
              >
                <Phone aria-hidden="true" className="size-3.5 text-gold-300" />
                <span>
                  <abbr title={phone.label} className="no-underline">
                    {ui.phoneTag(phone.tag)}
                  </abbr>{' '}
                  {phone.display}
                </span>
              </a>
            </li>
          ))}
          <li>
            <a
              href={`mailto:${company.email}`}
              className="inline-flex min-h-6 items-center gap-1.5 hover:text-white"
            >
              <Mail aria-hidden="true" className="size-3.5 text-gold-300" />
              {company.email}
            </a>
          </li>
        </ul>
        <p className="hidden items-center gap-1.5 md:flex" data-testid="topbar-address">
          <MapPin aria-hidden="true" className="size-3.5 text-gold-300" />
          {company.address.line}
        </p>
      </div>
    </section>
  );
}

const linkBase =
  'block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-navy-50 hover:text-navy-900 lg:text-sm xl:text-base';
const linkActive = 'text-navy-900 underline decoration-gold-500 decoration-2 underline-offset-8';

function NavItemLink({ item, onChoose }: { item: NavItem; onChoose: () => void }) {
  if (item.to.startsWith('#')) {
    return (
      <SectionLink section={item.to.slice(1)} className={linkBase} onChoose={onChoose}>
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

export function Header() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(`${menuId}-toggle`)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, menuId]);

  return (
    <>
      <TopBar />
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur">
        <nav aria-label={ui.header.mainNavLabel} className="container-page">
          <div className="flex h-18 items-center justify-between gap-4">
            <Link
              to={routes.home.path}
              className="flex items-center gap-3 rounded-md"
              aria-label={ui.header.homeLinkLabel(company.name)}
              onClick={close}
            >
              <Logo />
              <span className="font-display text-xl leading-tight font-bold text-navy-950">
                {company.name}
              </span>
            </Link>
            <button
              type="button"
              id={`${menuId}-toggle`}
              className="inline-flex size-11 items-center justify-center rounded-md text-navy-950 hover:bg-navy-50 lg:hidden"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
              <span className="sr-only">{open ? ui.header.menuClose : ui.header.menuOpen}</span>
            </button>
            <ul className="hidden items-center gap-1 lg:flex">
              {mainNav.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} onChoose={close} />
                </li>
              ))}
              <li className="ml-2">
                <NavLink to={requestServiceCta.to} className={buttonClasses('primary', 'md')}>
                  {requestServiceCta.label}
                </NavLink>
              </li>
            </ul>
          </div>
          <ul
            id={menuId}
            hidden={!open}
            className="space-y-1 border-t border-slate-200 py-3 lg:hidden"
            data-testid="mobile-menu"
          >
            {mainNav.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} onChoose={close} />
              </li>
            ))}
            <li className="pt-2">
              <NavLink
                to={requestServiceCta.to}
                className={`${buttonClasses('primary', 'lg')} w-full`}
                onClick={close}
              >
                {requestServiceCta.label}
              </NavLink>
            </li>
          </ul>
        </nav>
      </header>
    </>
  );
}
