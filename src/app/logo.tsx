import { useState } from 'react';
import logoUrl from '../assets/logo.svg';
import { company } from '../content/company';

/** An image that has finished loading without a picture: it failed. */
function hasFailed(image: HTMLImageElement | null): boolean {
  return image !== null && image.complete && image.naturalWidth === 0;
}

/**
 * The logo image; if it fails to load, the text mark ('PS') stands in. In the prerendered page the
 * image may fail before the app is there to hear it, so the app also looks once it takes over.
 */
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
      ref={(image) => {
        if (hasFailed(image)) setFailed(true);
      }}
      onError={() => setFailed(true)}
    />
  );
}
