import { useEffect, useRef, type ReactNode } from 'react';
import { CircleCheck, Home } from 'lucide-react';
import { routes } from '../../content/routes';
import { ui } from '../../content/site';
import { ButtonLink } from '../button-link';

/** What a visitor sees after a successful send; its heading takes focus. */
export function FormConfirmation({ heading, children }: { heading: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="form-confirmation-heading"
      className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10"
    >
      <CircleCheck aria-hidden="true" className="mx-auto size-14 text-green-700" />
      <h2
        id="form-confirmation-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mt-4 font-display text-3xl font-bold text-navy-950"
      >
        {heading}
      </h2>
      <div className="mx-auto mt-4 max-w-xl space-y-4 text-lg text-slate-700">{children}</div>
      <ButtonLink to={routes.home.path} variant="secondary" size="lg" className="mt-8">
        <Home aria-hidden="true" className="size-5" />
        {ui.backToHome}
      </ButtonLink>
    </section>
  );
}
