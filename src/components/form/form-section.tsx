import type { ReactNode } from 'react';

/** A titled group of fields inside a form. */
export function FormSection({
  title,
  className = '',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`border-t border-slate-200 pt-8 first:border-t-0 first:pt-0 ${className}`}>
      <h2 className="font-display text-2xl font-bold text-navy-950">{title}</h2>
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  );
}

/** Two fields side by side from the small breakpoint up. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="grid gap-6 sm:grid-cols-2">{children}</div>;
}
