import type { SocialLink } from '../content/types';
import { ExternalLink } from '../components/external-link';

/** Only links whose address the owner has set are shown; none set, nothing rendered. */
export function SocialLinks({ links, title }: { links: readonly SocialLink[]; title: string }) {
  const set = links.filter((link): link is Required<SocialLink> => Boolean(link.href));
  if (set.length === 0) return null;
  return (
    <div className="mt-6">
      <h3 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h3>
      <ul className="mt-3 flex flex-wrap gap-3">
        {set.map((link) => (
          <li key={link.label}>
            <ExternalLink
              href={link.href}
              className="inline-flex min-h-11 items-center rounded-md border border-navy-600 px-3 text-sm hover:border-gold-300 hover:text-white"
            >
              {link.label}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
