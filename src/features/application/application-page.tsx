import { PageHeader } from '../../components/page-header';
import { pages } from '../../content/site';

export function ApplicationPage() {
  return <PageHeader page={pages.application} />;
}
