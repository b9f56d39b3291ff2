import type { LucideIcon } from 'lucide-react';
import { ArrowRight, CalendarCheck, UserPlus } from 'lucide-react';
import { ButtonLink } from '../../components/button-link';
import { SectionHeading } from '../../components/section-heading';
import { contactContent } from '../../content/contact';
import type { ContactShortcutId } from '../../content/contact';
import { useContent } from '../../content/use-content';

const shortcutIcons: Record<ContactShortcutId, LucideIcon> = {
  quote: CalendarCheck,
  application: UserPlus,
};

export function ContactShortcuts() {
  const { contact } = useContent(contactContent);
  return (
    <section aria-labelledby="shortcuts-heading" className="bg-navy-50 py-16 sm:py-20">
      <div className="container-page">
        <SectionHeading id="shortcuts-heading" title={contact.shortcuts.title} />
        <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
          {contact.shortcuts.items.map((shortcut) => {
            const Icon = shortcutIcons[shortcut.id];
            return (
              <li
                key={shortcut.id}
                className="flex flex-col items-start rounded-xl bg-white p-6 shadow-sm sm:p-8"
                data-testid={`shortcut-${shortcut.id}`}
              >
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-gold-100 text-gold-800">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 font-display text-2xl font-bold">{shortcut.title}</h3>
                <p className="mt-2 flex-1 text-slate-600">{shortcut.description}</p>
                <ButtonLink to={shortcut.to} variant="secondary" size="lg" className="mt-6">
                  {shortcut.linkLabel}
                  <ArrowRight aria-hidden="true" className="size-5" />
                </ButtonLink>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
