import type { LucideIcon } from 'lucide-react';
import { AlarmClock, GraduationCap, ShieldCheck, UserRoundSearch } from 'lucide-react';
import { SectionHeading } from '../../components/section-heading';
import { teamContent } from '../../content/team';
import type { QualityPillarId } from '../../content/team';
import { useContent } from '../../content/use-content';

const pillarIcons: Record<QualityPillarId, LucideIcon> = {
  selection: UserRoundSearch,
  training: GraduationCap,
  quality: ShieldCheck,
  punctuality: AlarmClock,
};

export function QualityPillars() {
  const { team } = useContent(teamContent);
  const { eyebrow, title, intro, items } = team.pillars;
  return (
    <section aria-labelledby="quality-heading" className="bg-navy-50 py-16 sm:py-20">
      <div className="container-page">
        <SectionHeading id="quality-heading" eyebrow={eyebrow} title={title} intro={intro} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((pillar) => {
            const Icon = pillarIcons[pillar.id];
            return (
              <li key={pillar.id} className="rounded-xl bg-white p-6 text-center shadow-sm">
                <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-gold-100 text-gold-800">
                  <Icon aria-hidden="true" className="size-7" />
                </span>
                <h3 className="mt-4 font-display text-xl font-bold">{pillar.title}</h3>
                <p className="mt-2 text-slate-600">{pillar.description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
