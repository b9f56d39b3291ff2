import type { ReactNode } from 'react';

/** One card of a submission's page: a region named by its heading. */
export function DetailCard({
  id,
  title,
  children,
}: {
  /** The heading's id, which names the region. */
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
