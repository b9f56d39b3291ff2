import { useLocation } from 'react-router';
import { language } from '../content/language';
import { documentHref } from '../content/routes';
import { otherLanguageHref } from './language-links';

const linkClass =
  'inline-flex min-h-6 items-center rounded-sm px-1 hover:text-white aria-[current=true]:font-semibold aria-[current=true]:text-white aria-[current=true]:underline aria-[current=true]:decoration-gold-400 aria-[current=true]:underline-offset-4';

/**
 * 'English' / 'Español' in the top bar of every page: a link to the other language's document at
 * the same route. A form's draft is in sessionStorage, which both documents share, so what was
 * typed comes back on the other side. Each name is written in its own language (`lang`).
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const links = [
    {
      code: language.code,
      name: language.name,
      href: documentHref(language.documentPath, pathname, search),
      current: true,
    },
    {
      code: language.other.code,
      name: language.other.name,
      href: otherLanguageHref(pathname, search),
      current: false,
    },
  ].sort((a, b) => (a.code === 'en' ? -1 : b.code === 'en' ? 1 : 0));
  return (
    <nav aria-label={language.switchLabel} className="ms-auto">
      <ul className="flex items-center gap-2">
        {links.map((link) => (
          <li key={link.code}>
            <a
              href={link.href}
              lang={link.code}
              hrefLang={link.code}
              aria-current={link.current ? 'true' : undefined}
              className={linkClass}
            >
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
