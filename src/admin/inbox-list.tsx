import { Link } from 'react-router';
import { Paperclip } from 'lucide-react';
import { adminText } from '../content/admin';
import type { InboxItem } from './contract';
import { formatDay, formatTime } from './format';
import { StatusBadge } from './status-badge';

const text = adminText.inbox;

function field(item: InboxItem, name: string): string {
  const value = item.fields[name];
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : '';
}

/** The key fact of a submission: the event's date and size, or the positions applied for. */
function keyFact(item: InboxItem): string {
  if (item.form === 'quote') {
    const day = field(item, 'eventDate');
    const guests = field(item, 'guestCount');
    return [day && `${text.event} ${formatDay(day)}`, guests && text.guests(guests)]
      .filter(Boolean)
      .join(' · ');
  }
  return field(item, 'positionInterest');
}

function InboxRow({ item, isNew, search }: { item: InboxItem; isNew: boolean; search: string }) {
  const name = field(item, 'clientName') || field(item, 'fullName') || item.id;
  const contact = [field(item, 'email'), field(item, 'phone')].filter(Boolean);
  return (
    <li className="relative rounded-lg border border-slate-200 bg-white p-4 shadow-xs focus-within:ring-2 focus-within:ring-focus hover:border-navy-600">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-lg font-semibold">
          <Link
            to={{ pathname: `/submissions/${item.id}`, search }}
            className="break-words text-navy-900 after:absolute after:inset-0 hover:underline focus-visible:outline-none"
          >
            {name}
          </Link>
        </h2>
        <StatusBadge status={item.status} />
        {isNew && (
          <span className="rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-semibold text-gold-800 ring-1 ring-gold-300">
            {text.sinceLastVisit}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {adminText.forms[item.form] ?? item.form} ·{' '}
        <time dateTime={new Date(item.receivedAt).toISOString()}>
          {formatTime(item.receivedAt)}
        </time>
      </p>
      {contact.length > 0 && (
        <p className="mt-1 text-sm break-all text-slate-800">{contact.join(' · ')}</p>
      )}
      <p className="mt-1 text-sm text-slate-800">{keyFact(item)}</p>
      {item.attachments > 0 && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
          <Paperclip aria-hidden="true" className="size-4" />
          {text.withResume}
        </p>
      )}
    </li>
  );
}

export function InboxList({
  items,
  seenBefore,
  search,
}: {
  items: readonly InboxItem[];
  seenBefore: number;
  search: string;
}) {
  return (
    <ol aria-labelledby="inbox-heading" className="space-y-3">
      {items.map((item) => (
        <InboxRow key={item.id} item={item} isNew={item.receivedAt > seenBefore} search={search} />
      ))}
    </ol>
  );
}
