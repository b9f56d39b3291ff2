import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Download, Search } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { controlClass } from '../../components/form/field-parts';
import { adminText } from '../../content/admin';
import { adminApi } from '../api';
import type { InboxPage } from '../contract';
import { NEEDS_REPLY, rosterFilterNames, submissionStatuses } from '../contract-values';
import { apiQuery, hasFilters, withFilter, type FilterName } from './inbox-query';
import { RosterFilters } from './roster-filters';

const text = adminText.inbox;
/** How long typing may pause before the list follows the search box. */
const SEARCH_DELAY_MS = 250;

interface FiltersProps {
  params: URLSearchParams;
  onChange: (params: URLSearchParams) => void;
}

interface Tab {
  key: string;
  label: string;
  count: number | undefined;
  search: URLSearchParams;
  current: boolean;
  extra?: string | undefined;
}

/** 'Needs a reply': the open quotes, oldest first, whatever the other filters say. */
function needsReplyTab(params: URLSearchParams, page: InboxPage | undefined): Tab {
  const overdue = page?.needsReply.overdue ?? 0;
  return {
    key: NEEDS_REPLY,
    label: text.needsReply,
    count: page?.needsReply.open,
    search: new URLSearchParams({ view: NEEDS_REPLY }),
    current: params.get('view') === NEEDS_REPLY,
    extra: overdue > 0 ? text.overdueCount(overdue) : undefined,
  };
}

/** Status links with their counts ('New 3'); the current one is marked. */
export function StatusTabs({ params, page }: { params: URLSearchParams; page?: InboxPage }) {
  const view = params.get('view');
  const current = params.get('status') ?? '';
  const counts = page?.counts;
  // 'All' leaves Spam out (server/admin/inbox.ts): it has its own tab.
  const total = counts
    ? Object.entries(counts).reduce((sum, [status, n]) => (status === 'spam' ? sum : sum + n), 0)
    : undefined;
  const statusSearch = (value: string) => {
    const next = withFilter(params, 'status', value);
    next.delete('view');
    return next;
  };
  const tabs: Tab[] = [
    needsReplyTab(params, page),
    ...[
      { value: '', label: text.allStatuses, count: total },
      ...submissionStatuses.map((status) => ({
        value: status,
        label: adminText.statuses[status],
        count: counts?.[status],
      })),
    ].map((tab) => ({
      key: tab.value || 'all',
      label: tab.label,
      count: tab.count,
      search: statusSearch(tab.value),
      current: !view && tab.value === current,
    })),
  ];
  return (
    <nav aria-label={text.statusLabel}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={{ search: tab.search.toString() }}
              aria-current={tab.current ? 'true' : undefined}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 font-semibold text-navy-900 hover:border-navy-600 aria-[current]:border-navy-900 aria-[current]:bg-navy-900 aria-[current]:text-white"
            >
              {tab.label}
              {tab.count !== undefined && (
                <>
                  {' '}
                  <span className="font-normal">{tab.count}</span>
                </>
              )}
              {tab.extra && (
                <>
                  {' '}
                  <span className="rounded-full bg-red-100 px-2 text-sm text-red-900">
                    {tab.extra}
                  </span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SearchBox({ params, onChange }: FiltersProps) {
  const current = params.get('q') ?? '';
  const [value, setValue] = useState(current);
  // The address changed by another way (Clear filters, the back button): the box follows it.
  const [shown, setShown] = useState(current);
  if (current !== shown) {
    setShown(current);
    if (current !== value.trim()) setValue(current);
  }
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (value.trim() === current.trim()) return;
    pending.current = setTimeout(
      () => onChange(withFilter(params, 'q', value.trim())),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(pending.current);
  }, [value, current, params, onChange]);
  // Leaving the box searches at once: a search still to come would otherwise follow a tap on a
  // row made within the pause, and take the owner back to the list.
  function searchNow() {
    clearTimeout(pending.current);
    if (value.trim() !== current.trim()) onChange(withFilter(params, 'q', value.trim()));
  }
  return (
    <div className="col-span-2">
      <label htmlFor="inbox-search" className="block font-semibold text-navy-950">
        {text.search}
      </label>
      <p id="inbox-search-hint" className="text-sm text-slate-600">
        {text.searchHint}
      </p>
      <div className="relative mt-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500"
        />
        <input
          id="inbox-search"
          type="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={searchNow}
          aria-describedby="inbox-search-hint"
          className={`${controlClass()} pl-10`}
          maxLength={200}
        />
      </div>
    </div>
  );
}

function Filter(props: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="block font-semibold text-navy-950">
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

export function InboxFilters({ params, onChange }: FiltersProps) {
  const set = (name: FilterName) => (event: { target: { value: string } }) => {
    const next = withFilter(params, name, event.target.value);
    if (name === 'form') {
      next.delete('view');
      // The roster is the applications': another form drops its filters.
      if (event.target.value !== 'application') rosterFilterNames.forEach((n) => next.delete(n));
    }
    onChange(next);
  };
  return (
    <section
      aria-label={text.filtersLabel}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <SearchBox params={params} onChange={onChange} />
        <Filter id="inbox-form" label={text.form} className="col-span-2 lg:col-span-1">
          <select
            id="inbox-form"
            value={params.get('view') === NEEDS_REPLY ? 'quote' : (params.get('form') ?? '')}
            onChange={set('form')}
            className={`${controlClass()} mt-1`}
          >
            <option value="">{text.allForms}</option>
            {Object.entries(adminText.forms).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Filter>
        {(['from', 'to'] as const).map((name) => (
          <Filter key={name} id={`inbox-${name}`} label={text[name]}>
            <input
              id={`inbox-${name}`}
              type="date"
              value={params.get(name) ?? ''}
              onChange={set(name)}
              className={`${controlClass()} mt-1`}
            />
          </Filter>
        ))}
      </div>
      {params.get('view') !== NEEDS_REPLY && <RosterFilters params={params} onChange={onChange} />}
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={adminApi.exportUrl(apiQuery(params))}
          download
          className={buttonClasses('outline', 'md')}
        >
          <Download aria-hidden="true" className="size-4" />
          {text.export}
        </a>
        {hasFilters(params) && (
          <button
            type="button"
            onClick={() => onChange(new URLSearchParams())}
            className={buttonClasses('outline', 'md')}
          >
            {text.clear}
          </button>
        )}
      </div>
    </section>
  );
}
