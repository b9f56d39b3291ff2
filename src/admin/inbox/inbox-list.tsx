import { useState } from 'react';
import { Link } from 'react-router';
import { Clock, Paperclip } from 'lucide-react';
import { adminText } from '../../content/admin';
import type { InboxItem } from '../contract';
import { formatDay, formatDeadline, formatPhone, formatTime, telLink } from '../shared/format';
import { rosterLabel } from './roster-filters';
import { StatusBadge } from '../shared/status-badge';

const text = adminText.inbox;

function field(item: InboxItem, name: string): string {
  const value = item.fields[name];
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : '';
}

function list(item: InboxItem, name: string): string[] {
  const value = item.fields[name];
  return Array.isArray(value) ? value.map(String) : [];
}

/** The key facts of a quote: the event's date and size. */
function eventFact(item: InboxItem): string {
  const day = field(item, 'eventDate');
  const guests = field(item, 'guestCount');
  return [day && `${text.event} ${formatDay(day)}`, guests && text.guests(guests)]
    .filter(Boolean)
    .join(' · ');
}

/** An applicant at a glance: positions, languages and days. */
function RosterFacts({ item }: { item: InboxItem }) {
  const facts = [
    { term: text.roster.position, values: list(item, 'positionInterest'), name: 'position' },
    { term: text.roster.language, values: list(item, 'languages'), name: 'language' },
    { term: text.roster.day, values: list(item, 'availability'), name: 'day' },
  ] as const;
  return (
    <dl className="mt-1 grid gap-x-2 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
      {facts
        .filter((fact) => fact.values.length > 0)
        .map((fact) => (
          <div key={fact.name} className="contents">
            <dt className="font-semibold text-slate-700">{fact.term}</dt>
            <dd>{fact.values.map((value) => rosterLabel(fact.name, value)).join(', ')}</dd>
          </div>
        ))}
    </dl>
  );
}

/**
 * An open quote's deadlines, or the reply due to a visitor's answer (an application's too);
 * marked when the first one has passed.
 */
function Deadlines({ item, now }: { item: InboxItem; now: number }) {
  if (item.status !== 'new' || item.respondBy === null) return null;
  const overdue = item.respondBy < now;
  return (
    <p
      className={`mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm ${overdue ? 'text-red-800' : 'text-slate-800'}`}
    >
      {overdue && (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300">
          {text.overdue}
        </span>
      )}
      <span className="inline-flex items-center gap-1.5 font-semibold">
        <Clock aria-hidden="true" className="size-4" />
        {text.respondBy(formatDeadline(item.respondBy))}
      </span>
      {item.quoteBy !== null && <span>{text.quoteBy(formatDeadline(item.quoteBy))}</span>}
    </p>
  );
}

/** The phone as a call link above the row's own link (which covers the whole row). */
function Contact({ item }: { item: InboxItem }) {
  const email = field(item, 'email');
  const phone = field(item, 'phone');
  const tel = phone ? telLink(phone) : undefined;
  if (!email && !phone) return null;
  return (
    <p className="mt-1 text-sm break-all text-slate-800">
      {email}
      {email && phone && ' · '}
      {tel ? (
        <a href={tel} className="relative z-10 text-navy-700 underline hover:text-navy-900">
          {formatPhone(phone)}
        </a>
      ) : (
        phone
      )}
    </p>
  );
}

interface RowProps {
  item: InboxItem;
  isNew: boolean;
  search: string;
  now: number;
}

function InboxRow({ item, isNew, search, now }: RowProps) {
  const name = field(item, 'clientName') || field(item, 'fullName') || item.id;
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
      <Contact item={item} />
      {item.form === 'application' ? (
        <RosterFacts item={item} />
      ) : (
        <p className="mt-1 text-sm text-slate-800">{eventFact(item)}</p>
      )}
      <Deadlines item={item} now={now} />
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
  // Read once per list: what is overdue does not change under the owner's eyes while reading.
  const [now] = useState(Date.now);
  return (
    <ol aria-labelledby="inbox-heading" className="space-y-3">
      {items.map((item) => (
        <InboxRow
          key={item.id}
          item={item}
          isNew={item.receivedAt > seenBefore}
          search={search}
          now={now}
        />
      ))}
    </ol>
  );
}
