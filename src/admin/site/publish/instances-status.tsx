import { useEffect, useState } from 'react';
import { siteEditorText } from '../../../content/admin-site';
import { siteApi } from '../../api';
import type { SiteInstance } from '../../site-contract';

const text = siteEditorText.instances;
/** Instances report every few seconds; the editor asks as often, while it is open. */
const REFRESH_MS = 5000;

/** The running instances, asked for again every few seconds (none while the answer is missing). */
function useInstances(): SiteInstance[] | undefined {
  const [instances, setInstances] = useState<SiteInstance[]>();
  useEffect(() => {
    let current = true;
    const ask = () =>
      siteApi.instances().then(
        (answer) => current && setInstances(answer.instances),
        () => undefined,
      );
    void ask();
    const timer = setInterval(() => void ask(), REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, []);
  return instances;
}

/**
 * Whether every instance of the server serves the published version, or which one is behind and
 * why: a publish is live on the instance that made it at once, on the others within seconds, and
 * an instance that cannot make it says so here (and answers 503 on /readyz).
 */
export function InstancesStatus() {
  const instances = useInstances();
  if (!instances || instances.length === 0) return null;
  const behind = instances.filter((instance) => instance.served < instance.latest);
  const newest = Math.max(...instances.map((instance) => instance.latest));
  return (
    <section aria-labelledby="instances-heading" className="space-y-1">
      <h3 id="instances-heading" className="font-semibold text-slate-900">
        {text.heading}
      </h3>
      {behind.length === 0 ? (
        <p className="text-slate-700">{text.allLive(newest, instances.length)}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-red-800">
          {behind.map((instance) => (
            <li key={instance.id}>
              {text.behind(instance.label, instance.served, instance.latest)},{' '}
              {instance.error ? text.because(instance.error) : `${text.making}.`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
