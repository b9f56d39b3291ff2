import { PageHeader } from '../../components/page-header';
import { pages } from '../../content/site';

export function TeamPage() {
  return <PageHeader page={pages.team} />;
}
