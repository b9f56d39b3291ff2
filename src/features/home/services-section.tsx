import { Check } from 'lucide-react';
import { ButtonLink } from '../../components/button-link';
import { SectionHeading } from '../../components/section-heading';
import { homeContent } from '../../content/home';
import { HomeIconGlyph } from './home-icons';
import { useContent } from '../../content/use-content';

export function ServicesSection() {
  const { services } = useContent(homeContent);
  return (
    <section
      id={services.id}
      aria-labelledby="services-heading"
      className="defer-render bg-navy-50 py-20 sm:py-24"
    >
      <div className="container-page">
        <SectionHeading
          id="services-heading"
          eyebrow={services.eyebrow}
          title={services.title}
          intro={services.intro}
        />
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {services.cards.map((card) => (
            <li
              key={card.title}
              className="flex flex-col rounded-2xl border-t-4 border-gold-500 bg-white p-6 shadow-sm"
            >
              <span className="grid size-12 place-items-center rounded-full bg-navy-950 text-gold-300">
                <HomeIconGlyph name={card.icon} className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{card.title}</h3>
              <p className="mt-2 text-slate-600">{card.description}</p>
              <ul aria-label={services.featuresLabel(card.title)} className="mt-4 mb-6 space-y-2">
                {card.features.map((feature) => (
                  <li key={feature} className="flex gap-2 text-slate-700">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-700" />
                    {feature}
                  </li>
                ))}
              </ul>
              <ButtonLink to={services.cta.to} variant="outline" className="mt-auto">
                {services.cta.label}{' '}
                <span className="sr-only">{services.ctaContext(card.title)}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
