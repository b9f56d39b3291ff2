import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
}

/** The heading block of a page section: a small eyebrow, an h2 and an optional intro. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = 'center',
  tone = 'light',
}: SectionHeadingProps) {
  const centered = align === 'center' ? 'mx-auto text-center' : '';
  const dark = tone === 'dark';
  return (
    <div className={`mb-10 max-w-3xl ${centered}`}>
      {eyebrow && (
        <p
          className={`mb-2 text-sm font-semibold tracking-widest uppercase ${dark ? 'text-gold-300' : 'text-gold-700'}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`font-display text-3xl font-bold sm:text-4xl ${dark ? 'text-white' : 'text-navy-950'}`}
      >
        {title}
      </h2>
      {intro && (
        <p className={`mt-4 text-lg ${dark ? 'text-navy-100' : 'text-slate-600'}`}>{intro}</p>
      )}
    </div>
  );
}
