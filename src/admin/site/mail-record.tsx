import { useState, type ReactNode } from 'react';
import { Copy } from 'lucide-react';
import { buttonClasses } from '../../components/button-link';
import { mailChecklistText } from '../../content/admin-mail-check';
import type { DnsRecordToAdd } from '../mail-check/contract';

const text = mailChecklistText.record;

function canCopy(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
}

/**
 * A value to put in at the DNS host: a monospace box that wraps anywhere (a DKIM key is one
 * 400-character word), selectable in one go, with 'Copy' where the browser can.
 */
function RecordValue({
  value,
  label,
  onCopied,
}: {
  value: string;
  /** The button's accessible name. */
  label: string;
  onCopied: (said: string) => void;
}) {
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => onCopied(text.copied),
      () => onCopied(text.copyFailed),
    );
  return (
    <div className="flex flex-wrap items-start gap-2">
      <code className="min-w-0 flex-1 basis-48 select-all rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">
        {value}
      </code>
      {canCopy() && (
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={label}
          className={buttonClasses('outline', 'md')}
        >
          <Copy aria-hidden="true" className="size-4" />
          {text.copy}
        </button>
      )}
    </div>
  );
}

const rowHead = 'w-16 py-1 pr-3 align-top text-left font-semibold text-slate-700';

/** A row of the record whose value is put in at the DNS host: its head, the value to copy, a hint. */
function CopyRow({
  head,
  children,
  ...value
}: Parameters<typeof RecordValue>[0] & { head: string; children?: ReactNode }) {
  return (
    <tr>
      <th scope="row" className={rowHead}>
        {head}
      </th>
      <td className="py-1">
        <RecordValue {...value} />
        {children}
      </td>
    </tr>
  );
}

/** The DNS record to add, as the DNS host's form asks for it: type, name, value. */
export function DnsRecordTable({ record }: { record: DnsRecordToAdd }) {
  // A new node each time: a second 'Copied' is said again.
  const [said, setSaid] = useState({ words: '', count: 0 });
  const announce = (words: string) => setSaid((last) => ({ words, count: last.count + 1 }));
  return (
    <div className="mt-2">
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="mb-1 text-left text-slate-700">{text.caption}</caption>
        <tbody>
          <tr>
            <th scope="row" className={rowHead}>
              {text.type}
            </th>
            <td className="py-1">
              <code className="font-mono">{record.type}</code>
            </td>
          </tr>
          <CopyRow
            head={text.name}
            value={record.name}
            label={text.copyLabel(text.name, record.name)}
            onCopied={announce}
          >
            {record.host !== record.name && (
              <p className="mt-1 break-words text-slate-600">{text.hostHint(record.host)}</p>
            )}
          </CopyRow>
          <CopyRow
            head={text.value}
            value={record.value}
            label={text.copyLabel(text.value, record.name)}
            onCopied={announce}
          />
        </tbody>
      </table>
      <p role="status" className="mt-1 min-h-5 text-sm text-slate-700">
        <span key={said.count}>{said.words}</span>
      </p>
    </div>
  );
}
