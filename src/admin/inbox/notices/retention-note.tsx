import { useEffect, useState } from 'react';
import { adminText } from '../../../content/admin';
import { adminApi } from '../../api';
import type { RetentionInfo } from '../../contract';
import { retentionForms } from '../../contract-values';
import { formatTime } from '../../shared/format';

const text = adminText.retention;

/**
 * The retention policy in force (RETAIN_…_DAYS) under the inbox, and the latest erasures. Loaded on
 * its own: the inbox's list does not wait for it, and says nothing when it cannot be read.
 */
export function RetentionNote() {
  const [info, setInfo] = useState<RetentionInfo>();

  useEffect(() => {
    let current = true;
    adminApi.retention().then(
      (loaded) => current && setInfo(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  if (!info) return null;
  const anyKept = retentionForms.some((form) => info.days[form] !== null);
  return (
    <section
      aria-labelledby="retention-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700"
    >
      <h2 id="retention-heading" className="font-semibold text-slate-900">
        {text.heading}
      </h2>
      <ul className="mt-1">
        {retentionForms.map((form) => (
          <li key={form}>{text.policy(text.forms[form], info.days[form])}</li>
        ))}
      </ul>
      {anyKept && <p className="mt-1">{text.untouched}</p>}
      {info.erasures.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer font-semibold text-navy-700">{text.recent}</summary>
          <ul className="mt-1 space-y-1">
            {info.erasures.map((erasure, index) => (
              <li key={`${erasure.at}-${index}`}>
                {text.erasure(
                  text.reasons[erasure.reason],
                  formatTime(erasure.at),
                  erasure.submissions,
                  erasure.files,
                  erasure.by,
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
