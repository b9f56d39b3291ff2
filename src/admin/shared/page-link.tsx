import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import type { LucideIcon } from 'lucide-react';

/** A link between the inbox's pages (back to the list, on to the weekly picture), with its icon. */
export function PageLink({
  to,
  icon: Icon,
  children,
}: {
  to: To;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-700 hover:underline"
    >
      <Icon aria-hidden="true" className="size-5" />
      {children}
    </Link>
  );
}
