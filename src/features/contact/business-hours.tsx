import { Clock, Zap } from 'lucide-react';
import { companyContent } from '../../content/company';
import { contactContent } from '../../content/contact';
import { useContent } from '../../content/use-content';

export function BusinessHours() {
  const { hours, openingHours } = useContent(companyContent);
  const { contact } = useContent(contactContent);
  return (
    <section
      aria-labelledby="hours-heading"
      className="on-dark self-start rounded-xl bg-navy-950 p-6 text-navy-100 sm:p-8"
    >
      <h2
        id="hours-heading"
        className="flex items-center gap-3 font-display text-2xl font-bold text-white"
      >
        <Clock aria-hidden="true" className="size-6 text-gold-300" />
        {contact.hours.title}
      </h2>
      <dl className="mt-6 divide-y divide-navy-800" data-testid="business-hours">
        {[...openingHours, ...Object.values(hours)].map((slot) => (
          <div key={slot.days} className="py-3">
            <dt className="font-semibold text-white">{slot.days}</dt>
            <dd>{slot.time}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex gap-3 rounded-lg bg-navy-900 p-4" data-testid="response-commitment">
        <Zap aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
        <p>
          <strong className="block text-white">{contact.hours.responseTitle}</strong>
          {contact.hours.response}
        </p>
      </div>
    </section>
  );
}
