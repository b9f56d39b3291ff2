import { PageHeader } from '../../components/page-header';
import { SectionHeading } from '../../components/section-heading';
import { contactContent } from '../../content/contact';
import { pagesContent } from '../../content/site';
import { BusinessHours } from './business-hours';
import { ContactMethods } from './contact-methods';
import { ContactShortcuts } from './contact-shortcuts';
import { useContent } from '../../content/use-content';

export function ContactPage() {
  const { contact } = useContent(contactContent);
  const { pages } = useContent(pagesContent);
  const { eyebrow, title, intro } = contact.reach;
  return (
    <>
      <PageHeader page={pages.contact} />
      <div className="container-page grid gap-10 py-16 sm:py-20 lg:grid-cols-3">
        <section aria-labelledby="reach-heading" className="lg:col-span-2">
          <SectionHeading
            id="reach-heading"
            eyebrow={eyebrow}
            title={title}
            intro={intro}
            align="left"
          />
          <ContactMethods />
        </section>
        <BusinessHours />
      </div>
      <ContactShortcuts />
    </>
  );
}
