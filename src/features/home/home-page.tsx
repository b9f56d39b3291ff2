import { PageTitle } from '../../components/page-title';
import { pages } from '../../content/site';

export function HomePage() {
  return (
    <>
      <PageTitle title={pages.home.title} />
      <section className="on-dark bg-navy-950 py-24 text-white">
        <div className="container-page">
          <h1 className="font-display text-4xl font-bold text-white sm:text-6xl">
            {pages.home.heading}
          </h1>
        </div>
      </section>
      {(['about', 'services', 'references', 'venues', 'clients'] as const).map((id) => (
        <section
          key={id}
          id={id}
          aria-labelledby={`${id}-heading`}
          className="container-page py-20"
        >
          <h2 id={`${id}-heading`} className="font-display text-3xl font-bold capitalize">
            {id}
          </h2>
          <div className="h-96" />
        </section>
      ))}
    </>
  );
}
