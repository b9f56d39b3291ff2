import logoUrl from '../assets/logo.svg';
import { companyContent } from '../content/company';
import { useContent } from '../content/use-content';

/**
 * The logo image over its text mark ('PS'): an image that fails to load draws nothing (its alt is
 * empty: the link names the business), so the mark beneath shows, with no script. The mark's
 * corners are rounder than the image's, so a loaded image covers it whole.
 */
export function Logo() {
  const { company } = useContent(companyContent);
  return (
    <span className="grid size-11 shrink-0">
      <span
        data-testid="logo-fallback"
        aria-hidden="true"
        className="font-display col-start-1 row-start-1 grid place-items-center rounded-xl bg-navy-950 text-lg font-bold text-gold-300"
      >
        {company.shortMark}
      </span>
      <img
        src={logoUrl}
        alt=""
        width={44}
        height={44}
        className="relative col-start-1 row-start-1 size-11"
        data-testid="logo-image"
      />
    </span>
  );
}
