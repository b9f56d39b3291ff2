import type { ApplicationFormContent } from '../application-form.ts';
import { code, line, prose, room, type PartFields } from './declare.ts';
import { boxHint, boxLabel, message, sectionHeading } from './forms.ts';

/** The job application form (src/content/application-form.ts): headings, boxes and messages. */

const form = 'application form';
const box = (name: string) => ({ label: boxLabel(name, form), hint: boxHint(name, form) });
const choice = (name: string) => ({ legend: boxLabel(name, form), hint: boxHint(name, form) });

export const applicationFormFields: PartFields<ApplicationFormContent['applicationForm']> = {
  sections: {
    group: 'Section headings',
    fields: {
      personal: sectionHeading('Personal', form),
      positions: sectionHeading('Positions', form),
      experience: sectionHeading('Experience', form),
      availability: sectionHeading('Availability', form),
      skills: sectionHeading('Skills', form),
      otherCompanies: sectionHeading('Other companies', form),
      resume: sectionHeading('Résumé', form),
      additional: sectionHeading('More information', form),
    },
  },
  fields: {
    group: 'Boxes',
    fields: {
      fullName: { group: 'Full name', fields: { label: boxLabel('full name', form) } },
      phone: { group: 'Phone', fields: box('phone') },
      email: { group: 'E-mail', fields: box('e-mail') },
      address: { group: 'Home address', fields: box('home address') },
      dateOfBirth: { group: 'Date of birth', fields: { label: boxLabel('date of birth', form) } },
      positionInterest: { group: 'Positions', fields: choice('positions') },
      hasExperience: {
        group: 'Experience',
        fields: { legend: boxLabel('experience yes/no', form) },
      },
      yearsExperience: {
        group: 'Years of experience',
        fields: { label: boxLabel('years of experience', form) },
      },
      previousExperience: { group: 'Previous experience', fields: box('previous experience') },
      availability: { group: 'Availability', fields: choice('days available') },
      shiftPreference: { group: 'Shift', fields: { legend: boxLabel('preferred shift', form) } },
      skills: { group: 'Skills', fields: choice('skills') },
      certifications: { group: 'Certifications', fields: box('certifications') },
      languages: { group: 'Languages', fields: choice('languages') },
      otherCompanies: { group: 'Other companies', fields: box('other companies') },
      references: { group: 'References', fields: box('references') },
      additionalInfo: {
        group: 'Anything else',
        fields: { label: boxLabel('anything else', form) },
      },
      resume: { group: 'Résumé', fields: box('résumé') },
    },
  },
  resume: {
    group: 'Chosen résumé',
    fields: {
      remove: line('Remove button', 'The button that takes a chosen résumé off.', room.word),
      // They name the visitor's file and its size.
      removeLabel: code,
      chosen: code,
      lostOnReload: code,
      notResent: code,
      size: code,
    },
  },
  submit: line('Send button', 'The button that sends the application.', room.label),
  sendError: {
    group: 'Send failure',
    fields: {
      title: line('Heading', 'Shown when the application could not be sent.', room.heading),
      message: prose(
        'Message',
        'Under that heading, before the office number, which the page adds.',
        room.paragraph,
      ),
      phone: {
        group: 'Office line',
        fields: {
          tag: code,
          label: line('Line name', "The office line's name beside its number.", room.label),
          // The number is the Business facts' office line.
          display: code,
          e164: code,
        },
      },
    },
  },
  confirmation: {
    group: 'Confirmation',
    fields: {
      heading: line('Heading', 'The heading once the application is sent.', room.heading),
      message: prose('Message', 'What happens next, under that heading.', room.paragraph),
      nextStepsTitle: line('Next steps heading', 'Above the list of next steps.', room.label),
      nextSteps: {
        list: 'Next steps',
        item: 'Step',
        min: 1,
        max: 8,
        of: {
          group: 'Step',
          fields: {
            title: line('Step', "The step's name.", room.heading),
            text: line('Explanation', 'What happens in this step, in a sentence.', room.sentence),
          },
        },
      },
    },
  },
};

export const applicationMessagesFields: PartFields<ApplicationFormContent['applicationMessages']> =
  {
    fullName: message('Full name too short', 'for the full name when it is shorter than 2 letters'),
    phone: message('Phone not valid', 'for the phone when it is not a phone number'),
    email: message('E-mail not valid', 'for the e-mail when it is not an address'),
    address: message('Address missing', 'for the home address when it is empty'),
    dateOfBirth: message('Date of birth missing', 'for the date of birth when it is empty'),
    dateOfBirthInvalid: message(
      'Date of birth not valid',
      'for the date of birth when it is not a date',
    ),
    dateOfBirthFuture: message('Date of birth in the future', 'for a date of birth after today'),
    positionInterest: message('No position chosen', 'for the positions when none is chosen'),
    hasExperience: message(
      'Experience not answered',
      'for the experience question left unanswered',
    ),
    experienceWithoutYes: message(
      'Experience without yes',
      'for previous experience written while the experience question is not “yes”',
    ),
    availability: message('No day chosen', 'for the days available when none is chosen'),
    shiftPreference: message('No shift chosen', 'for the preferred shift when none is chosen'),
    languages: message('No language chosen', 'for the languages when none is chosen'),
    resumeType: message('Résumé not PDF or Word', 'for a résumé of another kind of file'),
    resumeTooLarge: message('Résumé too large', 'for a résumé over 5 MB'),
    resumeEmpty: message('Résumé empty', 'for an empty file'),
    resumeUnreadable: message('Résumé unreadable', 'for a file the browser could not read'),
  };
