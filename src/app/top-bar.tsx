import { Mail, MapPin, Phone } from 'lucide-react';
import { companyContent } from '../content/company';
import { ui } from '../content/site';
import { LanguageSwitch } from './language-switch';
import { useContent } from '../content/use-content';

/** Above the header: both phone lines, the booking e-mail and (on wider screens) the address. */
export function TopBar() {
  const { company } = useContent(companyContent);
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
        <LanguageSwitch />
      </div>
    </section>
  );
}
