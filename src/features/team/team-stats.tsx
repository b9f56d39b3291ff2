import { SectionHeading } from '../../components/section-heading';
import { companyContent } from '../../content/company';
import { teamContent } from '../../content/team';
import { useContent } from '../../content/use-content';

export function TeamStats() {
  const { claims } = useContent(companyContent);
  const { team } = useContent(teamContent);
  return (
    <section aria-labelledby="stats-heading" className="on-dark bg-navy-950 py-16 sm:py-20">
      <div className="container-page">
        <SectionHeading
          id="stats-heading"
          eyebrow={team.stats.eyebrow}
          title={team.stats.title}
          tone="dark"
        />
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4" data-testid="team-stats">
          {Object.values(claims.stats).map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-xl border border-navy-800 p-6 text-center"
            >
              <dt className="mt-2 text-sm font-medium tracking-wide text-navy-100 uppercase">
                {stat.label}
              </dt>
              <dd className="font-display text-4xl font-bold text-gold-300 sm:text-5xl">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
