import { PageHeader } from '../../components/page-header';
import { pages } from '../../content/site';

export function QuotePage() {
  return <PageHeader page={pages.quote} />;
}
