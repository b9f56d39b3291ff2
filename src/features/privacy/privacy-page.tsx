import { PageHeader } from '../../components/page-header';
import { privacyContent, type PrivacySection } from '../../content/privacy';
import { pagesContent } from '../../content/site';
import { useContent } from '../../content/use-content';

const headingClass = 'font-display text-2xl font-bold text-navy-950 sm:text-3xl';
const textClass = 'mt-4 text-lg leading-relaxed text-slate-700';
const linkClass =
  'font-semibold text-navy-900 underline decoration-gold-500 underline-offset-4 hover:text-navy-700 hover:decoration-2';

function NoteSection({ section }: { section: PrivacySection }) {
  const [first, ...rest] = section.paragraphs;
  return (
    <section aria-labelledby={section.id}>
      <h2 id={section.id} className={headingClass}>
        {section.title}
      </h2>
      {first && <p className={textClass}>{first}</p>}
      {section.points && (
        <ul className="mt-3 list-disc space-y-1 pl-6 text-lg text-slate-700 marker:text-gold-700">
          {section.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      )}
      {rest.map((paragraph) => (
        <p key={paragraph} className={textClass}>
          {paragraph}
        </p>
      ))}
    </section>
  );
}

/** Who to ask: the business's e-mail and office phone, from its facts. */
function ContactSection() {
  const { privacy } = useContent(privacyContent);
  const { id, title, lead, or, end, email, phone } = privacy.contact;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      <p className={textClass}>
        {lead}{' '}
        <a href={`mailto:${email}`} className={`${linkClass} break-words`}>
          {email}
        </a>{' '}
        {or}{' '}
        <a href={`tel:${phone.e164}`} className={`${linkClass} whitespace-nowrap`}>
          {phone.display}
        </a>
        {end}
      </p>
    </section>
  );
}

/** The privacy note: what the forms keep, what the site counts of a visit, and who to ask. */
export function PrivacyPage() {
  const { pages } = useContent(pagesContent);
  const { privacy } = useContent(privacyContent);
  return (
    <>
      <PageHeader page={pages.privacy} />
      <div className="container-page py-16 sm:py-20">
        <div className="max-w-3xl space-y-12">
          {privacy.sections.map((section) => (
            <NoteSection key={section.id} section={section} />
          ))}
          <ContactSection />
        </div>
      </div>
    </>
  );
}
