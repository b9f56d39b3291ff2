import type { LucideIcon } from 'lucide-react';
import { Check, ChefHat, ClipboardList, Crown, HandPlatter, Martini, Users } from 'lucide-react';
import { teamContent } from '../../content/team';
import type { TeamRole, TeamRoleId } from '../../content/team';
import { useContent } from '../../content/use-content';

const roleIcons: Record<TeamRoleId, LucideIcon> = {
  servers: HandPlatter,
  bartenders: Martini,
  kitchen: ChefHat,
  supervisors: ClipboardList,
  captains: Crown,
  support: Users,
};

function RoleList({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <div className="mt-5">
      <h4 id={id} className="text-sm font-semibold tracking-wider text-navy-800 uppercase">
        {title}
      </h4>
      <ul aria-labelledby={id} className="mt-2 space-y-1.5">
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-slate-700">
            <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold-700" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RoleCard({ role }: { role: TeamRole }) {
  const { team } = useContent(teamContent);
  const Icon = roleIcons[role.id];
  const headingId = `role-${role.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid={`role-${role.id}`}
    >
      <div className="flex items-center gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-navy-950 text-gold-300">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h3 id={headingId} className="font-display text-2xl font-bold">
          {role.title}
        </h3>
      </div>
      <p className="mt-4 text-slate-600">{role.description}</p>
      <RoleList
        id={`${headingId}-requirements`}
        title={team.roles.requirementsHeading}
        items={role.requirements}
      />
      <RoleList
        id={`${headingId}-specialties`}
        title={team.roles.specialtiesHeading}
        items={role.specialties}
      />
    </article>
  );
}
