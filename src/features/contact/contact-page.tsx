import { PageHeader } from '../../components/page-header';
import { pages } from '../../content/site';

export function ContactPage() {
  return <PageHeader page={pages.contact} />;
}
