import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { ExternalLink as ExternalIcon, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { ExternalLink } from '../../components/external-link';
import { companyContent } from '../../content/company';
import { contactContent } from '../../content/contact';
import { useContent } from '../../content/use-content';

const linkClass =
  'group inline-flex min-h-11 flex-col justify-center rounded-md text-navy-900 hover:text-navy-700';
const valueClass =
  'text-lg font-semibold underline decoration-gold-500 underline-offset-4 group-hover:decoration-2';

function MethodCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-navy-950 text-gold-300">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="min-w-0">
        <h3 className="font-display text-xl font-bold">{title}</h3>
        <div className="mt-2 space-y-2">{children}</div>
      </div>
    </li>
  );
}

function LabelledLink({ href, label, value }: { href: string; label: string; value: string }) {
  return (
    <a href={href} className={linkClass}>
      <span className="text-sm text-slate-600">{label}</span>
      <span className={`${valueClass} break-all`}>{value}</span>
    </a>
  );
}

/** Keeps the icon on the line of the text's last word, so it never wraps alone. */
function TextWithTrailingIcon({ text, icon: Icon }: { text: string; icon: LucideIcon }) {
  const words = text.split(' ');
  const last = words.pop();
  return (
    <>
      {words.length > 0 && `${words.join(' ')} `}
      <span className="whitespace-nowrap">
        {last}
        <Icon aria-hidden="true" className="ml-1.5 inline size-4 align-[-2px]" />
      </span>
    </>
  );
}

export function ContactMethods() {
  const { company } = useContent(companyContent);
  const { contact } = useContent(contactContent);
  const phones = [company.phones.direct, company.phones.office];
  return (
    <ul className="grid gap-6 sm:grid-cols-2" data-testid="contact-methods">
      <MethodCard icon={Phone} title={contact.phone.title}>
        {phones.map((phone) => (
          <div key={phone.tag}>
            <LabelledLink href={`tel:${phone.e164}`} label={phone.label} value={phone.display} />
          </div>
        ))}
      </MethodCard>
      <MethodCard icon={Mail} title={contact.email.title}>
        <LabelledLink
          href={`mailto:${company.email}`}
          label={contact.email.label}
          value={company.email}
        />
      </MethodCard>
      <MethodCard icon={MessageCircle} title={contact.whatsapp.title}>
        <ExternalLink
          href={company.whatsappUrl}
          className={linkClass}
          aria-describedby="whatsapp-hint"
        >
          <span className={valueClass}>{contact.whatsapp.label}</span>
        </ExternalLink>
        <p id="whatsapp-hint" className="text-sm text-slate-600">
          {contact.whatsapp.hint.lead}{' '}
          <span className="whitespace-nowrap">{contact.whatsapp.hint.phone}</span>.
        </p>
      </MethodCard>
      <MethodCard icon={MapPin} title={contact.visit.title}>
        <address className="text-slate-700 not-italic" data-testid="contact-address">
          {company.address.street}
          <br />
          {company.address.city}, {company.address.regionName} {company.address.postalCode}
        </address>
        <ExternalLink
          href={company.mapsUrl}
          className="inline-block rounded-md py-2.5 font-semibold text-navy-900 underline decoration-gold-500 underline-offset-4 hover:text-navy-700 hover:decoration-2"
        >
          <TextWithTrailingIcon text={contact.visit.mapLabel} icon={ExternalIcon} />
        </ExternalLink>
      </MethodCard>
    </ul>
  );
}
