import { PageHeader } from '../../components/page-header';
import { SectionHeading } from '../../components/section-heading';
import { pagesContent } from '../../content/site';
import { teamContent } from '../../content/team';
import { JoinTeamCta } from './join-team-cta';
import { QualityPillars } from './quality-pillars';
import { RoleCard } from './role-card';
import { TeamStats } from './team-stats';
import { useContent } from '../../content/use-content';

function Roles() {
  const { team } = useContent(teamContent);
  const { eyebrow, title, intro, items } = team.roles;
  return (
    <section aria-labelledby="roles-heading" className="py-16 sm:py-20">
      <div className="container-page">
        <SectionHeading id="roles-heading" eyebrow={eyebrow} title={title} intro={intro} />
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {items.map((role) => (
            <li key={role.id}>
              <RoleCard role={role} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TeamPage() {
  const { pages } = useContent(pagesContent);
  return (
    <>
      <PageHeader page={pages.team} />
      <Roles />
      <QualityPillars />
      <TeamStats />
      <JoinTeamCta />
    </>
  );
}
