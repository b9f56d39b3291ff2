import { contentOf } from './published.ts';
import { companyContent } from './company.ts';
import { routes, withFieldFocused } from './routes.ts';

/** The team page (/team): the roles we staff, how we keep quality up, and how to join. */

export type TeamRoleId =
  'servers' | 'bartenders' | 'kitchen' | 'supervisors' | 'captains' | 'support';

export interface TeamRole {
  id: TeamRoleId;
  title: string;
  description: string;
  requirements: string[];
  specialties: string[];
}

export type QualityPillarId = 'selection' | 'training' | 'quality' | 'punctuality';

export interface QualityPillar {
  id: QualityPillarId;
  title: string;
  description: string;
}

const roles: TeamRole[] = [
  {
    id: 'servers',
    title: 'Professional Servers',
    description:
      'Polished front-of-house professionals who deliver gracious, well-timed service from the first canapé to the last coffee.',
    requirements: [
      'Minimum 2 years of event or restaurant service experience',
      'Food service certification',
      'Professional appearance and etiquette',
    ],
    specialties: [
      'Fine dining and plated service',
      'Buffet and family-style service',
      'Butler-passed hors d’oeuvres',
      'Corporate events and private parties',
    ],
  },
  {
    id: 'bartenders',
    title: 'Specialized Bartenders',
    description:
      'Certified bartenders and mixologists who run a safe, efficient bar and make every drink part of the experience.',
    requirements: [
      'TIPS 360 certified',
      'Minimum 3 years of bartending experience',
      'Knowledge of classic and contemporary cocktails',
    ],
    specialties: [
      'Full bar service',
      'Custom drink menus',
      'Signature cocktails and mixology',
      'Wine and champagne service',
    ],
  },
  {
    id: 'kitchen',
    title: 'Kitchen Staff',
    description:
      'Chefs, cooks and stewards who keep a catering kitchen clean, safe and on schedule, however large the event.',
    requirements: [
      'Food safety certification (ServSafe or equivalent)',
      'Experience in a commercial or catering kitchen',
      'Ability to work at pace in a team',
    ],
    specialties: ['Prep and line cooking', 'Plating for large events', 'Dishwashing', 'Stewarding'],
  },
  {
    id: 'supervisors',
    title: 'Event Supervisors',
    description:
      'Experienced leaders who brief, place and guide the staff so that service stays consistent across the whole event.',
    requirements: [
      'Minimum 5 years of leadership experience in hospitality or events',
      'Proven record of managing event teams',
      'Calm, clear communication under pressure',
    ],
    specialties: [
      'Staff briefings and placement',
      'Service standards and quality checks',
      'Client communication on site',
      'Large-scale and multi-room events',
    ],
  },
  {
    id: 'captains',
    title: 'Captains',
    description:
      'The client’s single point of contact on site, running the floor and keeping the event on its timeline.',
    requirements: [
      'Experience leading service teams at formal events',
      'Knowledge of event timelines, protocol and etiquette',
    ],
    specialties: [
      'On-site management',
      'Staff supervision',
      'Vendor coordination',
      'Timeline execution',
    ],
  },
  {
    id: 'support',
    title: 'Support Staff',
    description:
      'Reliable hands behind the scenes who set up, turn over and break down so that guests only notice a smooth event.',
    requirements: [
      'Punctual, reliable and able to lift up to 50 lb',
      'A team player with a service mindset',
    ],
    specialties: [
      'Setup and breakdown',
      'Guest reception and coat check',
      'Runners and bussers',
      'Back-of-house support',
    ],
  },
];

const pillars: QualityPillar[] = [
  {
    id: 'selection',
    title: 'Rigorous Selection',
    description:
      'Every candidate is interviewed, reference-checked and trialled before working a client event.',
  },
  {
    id: 'training',
    title: 'Continuous Training',
    description:
      'Regular training in service standards, etiquette, food safety and responsible alcohol service.',
  },
  {
    id: 'quality',
    title: 'Quality Control',
    description:
      'Supervisors check service on site, and client feedback after each event shapes the next one.',
  },
  {
    id: 'punctuality',
    title: 'Punctuality',
    description:
      'Staff arrive early, briefed and in uniform, so your event starts exactly when it should.',
  },
];

/**
 * The team page as `published` has it.
 */
export const teamContent = contentOf((editable, published) => {
  const { company } = companyContent(published);

  const resumeSubject = `Resume: staff application to ${company.name}`;

  const team = editable(
    'team',
    {
      roles: {
        eyebrow: 'Our Professionals',
        title: 'The Roles We Staff',
        intro: 'Each role comes with clear requirements, so you know who is serving your guests.',
        requirementsHeading: 'Requirements',
        specialtiesHeading: 'Specialties',
        items: roles,
      },
      pillars: {
        eyebrow: 'Our Standards',
        title: 'How We Guarantee Quality',
        intro: 'Four commitments behind every person we send to your event.',
        items: pillars,
      },
      stats: {
        eyebrow: 'Our Track Record',
        title: 'Numbers That Speak for Us',
      },
      join: {
        title: 'Join Our Team',
        text: 'Are you a hospitality professional who takes pride in great service? We are always looking for talented servers, bartenders, kitchen staff and leaders.',
        apply: { label: 'Apply Now', to: routes.application.path },
        sendResume: {
          label: 'Send Resume',
          href: `mailto:${company.email}?subject=${encodeURIComponent(resumeSubject)}`,
          hint: `or e-mail your resume to ${company.email}`,
        },
        /** Opens the application with its résumé field in view and focused. */
        attachResume: {
          label: 'Or attach it to the online application',
          to: withFieldFocused(routes.application.path, 'resume'),
        },
      },
    } as const,
    'en',
  );

  return { team };
});

export type TeamContent = ReturnType<typeof teamContent>;
