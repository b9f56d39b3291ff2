import { CalendarCheck, MapPin, Phone } from 'lucide-react';
import { ButtonLink, buttonClasses } from '../../components/button-link';
import { SectionHeading } from '../../components/section-heading';
import { homeContent } from '../../content/home';
import { HomeIconGlyph } from './home-icons';
import { useContent } from '../../content/use-content';

const subheading = 'font-display text-2xl font-bold text-white';

function VenueCategories() {
  const { venues } = useContent(homeContent);
  if (venues.categories.length === 0) return null;
  return (
    <ul className="mt-6 grid gap-6 md:grid-cols-3">
      {venues.categories.map((category) => (
        <li key={category.title} className="rounded-2xl bg-navy-900 p-6 ring-1 ring-white/10">
          <h3 className="text-lg font-semibold text-white">{category.title}</h3>
          <p className="mt-2">{category.description}</p>
          <ul aria-label={category.title} className="mt-3 space-y-1">
            {category.venues.map((venue) => (
              <li key={venue}>{venue}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function VenueAreas() {
  const { venues } = useContent(homeContent);
  return (
    <>
      <h3 className={subheading}>{venues.areasTitle}</h3>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {venues.areas.map((area) => (
          <li key={area.area} className="rounded-2xl bg-navy-900 p-6 ring-1 ring-white/10">
            <h4 className="flex items-center gap-2 text-xl font-semibold text-white">
              <MapPin aria-hidden="true" className="size-5 text-gold-300" />
              {area.area}
            </h4>
            <ul aria-label={area.area} className="mt-4 flex flex-wrap gap-2">
              {area.highlights.map((highlight) => (
                <li
                  key={highlight}
                  className="rounded-full bg-white/10 px-3 py-1 text-sm text-navy-50"
                >
                  {highlight}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}

function VenueCredentials() {
  const { venues } = useContent(homeContent);
  return (
    <div>
      <h3 className={subheading}>{venues.credentialsTitle}</h3>
      <ul className="mt-6 space-y-6">
        {venues.credentials.map((credential) => (
          <li key={credential.title} className="flex gap-4">
            <span className="grid size-12 shrink-0 place-items-center rounded-full bg-gold-400 text-navy-950">
              <HomeIconGlyph name={credential.icon} className="size-6" />
            </span>
            <div>
              <h4 className="text-lg font-semibold text-white">{credential.title}</h4>
              <p className="mt-1">{credential.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EventTypesAndCoverage() {
  const { venues } = useContent(homeContent);
  return (
    <div>
      <h3 className={subheading}>{venues.eventTypesTitle}</h3>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {venues.eventTypes.map((eventType) => (
          <li key={eventType} className="flex gap-2">
            <CalendarCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
            {eventType}
          </li>
        ))}
      </ul>
      <h3 className={`${subheading} mt-10`}>{venues.coverageTitle}</h3>
      <dl className="mt-6 grid grid-cols-3 gap-4">
        {venues.coverage.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse gap-1 rounded-2xl bg-navy-900 p-4 text-center ring-1 ring-white/10"
          >
            <dt className="text-sm">{stat.label}</dt>
            <dd className="font-display text-3xl font-bold text-gold-300">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function VenueActions() {
  const { venues } = useContent(homeContent);
  const { inquire, call } = venues;
  return (
    <div className="mt-14 flex flex-col gap-3 sm:flex-row sm:justify-center">
      <ButtonLink to={inquire.to} size="lg">
        {inquire.label}
      </ButtonLink>
      <a href={`tel:${call.phone.e164}`} className={buttonClasses('outline-light', 'lg')}>
        <Phone aria-hidden="true" className="size-5" />
        {call.label}
        <span className="font-normal">{call.phone.display}</span>
      </a>
    </div>
  );
}

export function VenuesSection() {
  const { venues } = useContent(homeContent);
  return (
    <section
      id={venues.id}
      aria-labelledby="venues-heading"
      className="defer-render on-dark bg-navy-950 py-20 text-navy-100 sm:py-24"
    >
      <div className="container-page">
        <SectionHeading
          id="venues-heading"
          eyebrow={venues.eyebrow}
          title={venues.title}
          intro={venues.intro}
          tone="dark"
        />
        <VenueAreas />
        <VenueCategories />
        <div className="mt-14 grid gap-12 lg:grid-cols-2">
          <VenueCredentials />
          <EventTypesAndCoverage />
        </div>
        <VenueActions />
      </div>
    </section>
  );
}
