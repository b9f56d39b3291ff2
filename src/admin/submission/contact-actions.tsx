import { Mail, MessageCircle, Phone, Reply } from 'lucide-react';
import { ButtonLink, buttonClasses } from '../../components/button-link';
import { adminText } from '../../content/admin';
import type { SubmissionDetail } from '../contract';
import { contactLinks, formatPhone } from '../shared/format';
import { DetailCard } from '../shared/detail-card';

const text = adminText.submission;

function textField(detail: SubmissionDetail, name: string): string | undefined {
  const value = detail.fields[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Answer the sender: a reply written here (from a template, kept in the history), an e-mail from
 * the owner's own mail app, a call, a WhatsApp chat.
 */
export function ContactActions({ detail }: { detail: SubmissionDetail }) {
  const links = contactLinks(
    textField(detail, 'email'),
    textField(detail, 'phone'),
    text.replySubject(detail.form, detail.businessName),
  );
  const actions = [
    { href: links.mail, label: text.reply, Icon: Mail, variant: 'outline' as const },
    {
      href: links.tel,
      label: `${text.call} ${formatPhone(textField(detail, 'phone') ?? '')}`,
      Icon: Phone,
      variant: 'outline' as const,
    },
    {
      href: links.whatsApp,
      label: text.whatsApp,
      Icon: MessageCircle,
      variant: 'outline' as const,
    },
  ];
  return (
    <DetailCard id="contact-heading" title={text.contact}>
      <ul className="mt-4 flex flex-wrap gap-3">
        <li>
          <ButtonLink
            to={`/submissions/${encodeURIComponent(detail.id)}/reply`}
            variant="secondary"
            size="md"
          >
            <Reply aria-hidden="true" className="size-4" />
            {text.replyHere}
          </ButtonLink>
        </li>
        {actions.map(
          ({ href, label, Icon, variant }) =>
            href && (
              <li key={label}>
                <a href={href} className={buttonClasses(variant, 'md')}>
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </a>
              </li>
            ),
        )}
      </ul>
    </DetailCard>
  );
}
