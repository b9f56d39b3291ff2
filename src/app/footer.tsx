import { Link } from 'react-router';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { companyContent } from '../content/company';
import { navigationContent } from '../content/navigation';
import { sectionOfTarget } from '../content/routes';
import { ui } from '../content/site';
import { ExternalLink } from '../components/external-link';
import { SocialLinks } from './social-links';
import { SectionLink } from './section-link';
import { useCurrentYear } from './use-current-year';
import { useContent } from '../content/use-content';

const headingClass = 'text-sm font-semibold tracking-wider text-white uppercase';
const linkClass = 'inline-block py-1 hover:text-white hover:underline';

function QuickLinks() {
  const { footerNav } = useContent(navigationContent);
  return (
    <nav aria-labelledby="footer-quick-links">
      <h2 id="footer-quick-links" className={headingClass}>
        {footerNav.quickLinks.title}
      </h2>
      <ul className="mt-4 space-y-1">
        {footerNav.quickLinks.items.map((item) => {
          const section = sectionOfTarget(item.to);
          return (
            <li key={item.label}>
              {section ? (
                <SectionLink section={section} className={linkClass}>
                  {item.label}
                </SectionLink>
              ) : (
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Beside the copyright: the privacy note. */
function SmallPrint() {
  const { footerSmallPrint } = useContent(navigationContent);
  return (
    <ul className="flex flex-wrap gap-x-4">
      {footerSmallPrint.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className="inline-block py-1 underline underline-offset-4 hover:text-white"
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ListBlock({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h2 className={headingClass}>{title}</h2>
      <ul className="mt-4 space-y-2">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function ContactBlock() {
  const { company, openingHours } = useContent(companyContent);
  const { footerNav } = useContent(navigationContent);
  const phones = [company.phones.direct, company.phones.office];
  return (
    <div className="col-span-2 sm:col-span-1">
      <h2 className={headingClass}>{footerNav.contact.title}</h2>
      <ul className="mt-4 space-y-3">
        {phones.map((phone) => (
          <li key={phone.tag} className="flex gap-2">
            <Phone aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold-300" />
            <a href={`tel:${phone.e164}`} className={linkClass}>
              <span className="sr-only">{phone.label}: </span>
              <span aria-hidden="true">{ui.phoneTag(phone.tag)} </span>
              {phone.display}
            </a>
          </li>
        ))}
        <li className="flex gap-2">
          <Mail aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold-300" />
          <a href={`mailto:${company.email}`} className={`${linkClass} break-all`}>
            {company.email}
          </a>
        </li>
        <li className="flex gap-2">
          <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold-300" />
          <ExternalLink href={company.mapsUrl} className={linkClass}>
            {company.address.line}
          </ExternalLink>
        </li>
        <li className="flex gap-2">
          <Clock aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold-300" />
          <span>{openingHours.map((line) => `${line.days}: ${line.time}`).join(', ')}</span>
        </li>
      </ul>
    </div>
  );
}

export function Footer() {
  const { company } = useContent(companyContent);
  const { footerNav } = useContent(navigationContent);
  const year = useCurrentYear();
  return (
    <footer className="on-dark bg-navy-950 text-navy-100">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-14 lg:grid-cols-5">
        <div className="col-span-2 lg:col-span-1">
          <p className="font-display text-2xl font-bold text-white">{company.name}</p>
          <p className="mt-3 text-sm leading-relaxed">{company.description}</p>
          <SocialLinks links={company.social} title={footerNav.social.title} />
        </div>
        <QuickLinks />
        <ListBlock title={footerNav.services.title} items={footerNav.services.items} />
        <ContactBlock />
        <ListBlock title={footerNav.areas.title} items={footerNav.areas.items} />
      </div>
      <div className="border-t border-navy-800">
        <div className="container-page flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <p data-copyright="">{ui.footer.copyright(year, company.legalName)}</p>
            <SmallPrint />
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label={ui.footer.credentialsLabel}>
            {company.credentials.map((credential) => (
              <li key={credential} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-gold-400" />
                {credential}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
