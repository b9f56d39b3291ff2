import type { TeamContent } from '../team.ts';
import { code, line, prose, room, type PartFields } from './declare.ts';

/** The team page (src/content/team.ts): its sections' words; its roles are tied to the forms. */

const eyebrow = (section: string) =>
  line('Small heading', `The short line above the ${section} section's title.`, room.eyebrow);
const title = (section: string) => line('Title', `The ${section} section's title.`, room.heading);
const intro = line('Introduction', 'The sentence under the title.', room.sentence + 40);

export const teamFields: PartFields<TeamContent['team']> = {
  roles: {
    group: 'Roles',
    fields: {
      eyebrow: eyebrow('Roles'),
      title: title('Roles'),
      intro,
      requirementsHeading: line(
        'Requirements heading',
        "Above each role's requirements.",
        room.label,
      ),
      specialtiesHeading: line('Specialties heading', "Above each role's specialties.", room.label),
      items: {
        list: 'Roles',
        item: 'Role',
        hint: 'One for each position of the application form.',
        min: 6,
        max: 6,
        fixed: true,
        of: {
          group: 'Role',
          fields: {
            id: code,
            title: line('Name', "The role's name.", room.label),
            description: prose('Description', 'What the role does at an event.', room.paragraph),
            requirements: {
              list: 'Requirements',
              item: 'Requirement',
              min: 1,
              max: 8,
              of: line(
                'Requirement',
                'What a person needs for this role, on one line.',
                room.sentence,
              ),
            },
            specialties: {
              list: 'Specialties',
              item: 'Specialty',
              min: 1,
              max: 8,
              of: line('Specialty', 'One thing this role does well, on one line.', room.heading),
            },
          },
        },
      },
    },
  },
  pillars: {
    group: 'Quality',
    fields: {
      eyebrow: eyebrow('Quality'),
      title: title('Quality'),
      intro,
      items: {
        list: 'Commitments',
        item: 'Commitment',
        min: 4,
        max: 4,
        fixed: true,
        of: {
          group: 'Commitment',
          fields: {
            id: code,
            title: line('Name', "The commitment's name.", room.label),
            description: prose(
              'Description',
              'What it means, in a sentence or two.',
              room.paragraph,
            ),
          },
        },
      },
    },
  },
  stats: {
    group: 'Figures',
    fields: { eyebrow: eyebrow('Figures'), title: title('Figures') },
  },
  join: {
    group: 'Join the team',
    fields: {
      title: title('Join the team'),
      text: prose('Text', 'The paragraph that invites people to apply.', room.paragraph),
      apply: {
        group: 'Apply button',
        fields: {
          label: line('Button text', 'The button to the application form.', room.label),
          to: code,
        },
      },
      sendResume: {
        group: 'Résumé by e-mail',
        fields: {
          label: line('Button text', 'The button that writes an e-mail with a résumé.', room.label),
          href: code,
          // It names the e-mail address, a Business fact.
          hint: code,
        },
      },
      attachResume: {
        group: 'Résumé on the form',
        fields: {
          label: line(
            'Link text',
            'The link to the application form, opened at its résumé field.',
            room.heading,
          ),
          to: code,
        },
      },
    },
  },
};
