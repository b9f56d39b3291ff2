import { companyContent } from '../content/company';
import { useContent } from '../content/use-content';

/** Sets the document title; React 19 hoists <title> into <head>. */
export function PageTitle({ title }: { title: string }) {
  const { company } = useContent(companyContent);
  return <title>{`${title} | ${company.name}`}</title>;
}
