import { useState } from 'react';
import logoUrl from '../assets/logo.svg';
import { company } from '../content/company';

/** The logo image; if it fails to load, the text mark ('PS') stands in. */
export function Logo() {
  const [failed, setFailed] = useState(false);
  return failed ? (
    <span
      data-testid="logo-fallback"
      aria-hidden="true"
      className="font-display grid size-11 place-items-center rounded-lg bg-navy-950 text-lg font-bold text-gold-300"
    >
      {company.shortMark}
    </span>
  ) : (
    <img
      src={logoUrl}
      alt=""
      width={44}
      height={44}
      className="size-11"
      onError={() => setFailed(true)}
    />
  );
}
