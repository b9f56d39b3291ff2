import { contentOf } from './published.ts';
import { companyContent } from './company.ts';
import {
  availabilityValues,
  experienceValues,
  labelledOptions,
  languageValues,
  optionsWithLabels,
  positionValues,
  shiftValues,
  skillValues,
  yearsExperienceValues,
} from './options.ts';

/** The job application form (SPEC sections 3 and 5): every label, option and message it shows. */

export const positionOptions = labelledOptions(positionValues);

export const experienceOptions = optionsWithLabels(experienceValues, { yes: 'Yes', no: 'No' });

export const yearsExperienceOptions = optionsWithLabels(yearsExperienceValues, {
  'menos-1': 'Less than 1 year',
  '1-2': '1-2 years',
  '3-5': '3-5 years',
  '5-10': '5-10 years',
  '10+': '10+ years',
});

export const availabilityOptions = labelledOptions(availabilityValues);

export const shiftOptions = optionsWithLabels(shiftValues, {
  mañana: 'Morning (6:00 AM - 2:00 PM)',
  tarde: 'Afternoon (2:00 PM - 10:00 PM)',
  noche: 'Night (6:00 PM - 2:00 AM)',
  flexible: 'Flexible (any shift)',
  'fines-semana': 'Weekends only',
});

export const skillOptions = labelledOptions(skillValues);

export const languageOptions = labelledOptions(languageValues);

/**
 * The application form's labels and messages, as `published` has them.
 */
export const applicationFormContent = contentOf((editable, published) => {
  const { claims, company } = companyContent(published);

  const applicationMessages = editable(
    'application.messages',
    {
      fullName: 'Full name must be at least 2 characters',
      phone: 'Valid phone number required',
      email: 'Valid email required',
      address: 'Complete address required',
      dateOfBirth: 'Date of birth required',
      dateOfBirthInvalid: 'Enter a valid date of birth',
      dateOfBirthFuture: 'Date of birth cannot be in the future',
      positionInterest: 'Select at least one position of interest',
      hasExperience: 'This field is required',
      experienceWithoutYes: 'Experience details are only accepted when hasExperience is yes',
      availability: 'Select at least one day of availability',
      shiftPreference: 'Shift preference required',
      languages: 'Select at least one language',
      resumeType: 'The résumé must be a PDF or Word file (.pdf, .doc or .docx)',
      resumeTooLarge: 'The résumé must be 5 MB or smaller',
      resumeEmpty: 'The chosen file is empty',
      resumeUnreadable: 'The file could not be read; please choose it again',
    },
    'en',
  );

  const applicationForm = editable(
    'application.form',
    {
      sections: {
        personal: 'Personal Information',
        positions: 'Positions of Interest',
        experience: 'Work Experience',
        availability: 'Availability',
        skills: 'Skills & Languages',
        otherCompanies: 'Other Staffing Companies',
        resume: 'Résumé',
        additional: 'Additional Information',
      },
      fields: {
        fullName: { label: 'Full name' },
        phone: {
          label: 'Phone number',
          hint: 'Include the area code, for example (202) 555-0100.',
        },
        email: { label: 'Email address', hint: 'We will reply to this address.' },
        address: { label: 'Home address', hint: 'Street, city, state and ZIP code.' },
        dateOfBirth: { label: 'Date of birth' },
        positionInterest: {
          legend: 'Which positions interest you?',
          hint: 'Select all that apply.',
        },
        hasExperience: { legend: 'Have you worked in events, catering or hospitality before?' },
        yearsExperience: { label: 'Years of experience' },
        previousExperience: {
          label: 'Previous experience',
          hint: 'Where you worked, your role and the kinds of events.',
        },
        availability: { legend: 'Which days are you available?', hint: 'Select all that apply.' },
        shiftPreference: { legend: 'Preferred shift' },
        skills: { legend: 'Skills', hint: 'Select all that apply.' },
        certifications: {
          label: 'Certifications',
          hint: 'For example TIPS, ServSafe or a food handler card.',
        },
        languages: { legend: 'Languages you speak', hint: 'Select all that apply.' },
        otherCompanies: {
          label: 'Other staffing companies you work with',
          hint: 'So that we can plan around your schedule.',
        },
        references: {
          label: 'References',
          hint: 'Name, relationship and phone number of up to three references.',
        },
        additionalInfo: { label: 'Anything else we should know?' },
        resume: {
          label: 'Résumé (PDF or Word, up to 5 MB)',
          hint: 'A PDF, DOC or DOCX file. You can also apply without one.',
        },
      },
      resume: {
        remove: 'Remove',
        removeLabel: (fileName: string) => `Remove ${fileName}`,
        chosen: (fileName: string, size: string) => `${fileName}, ${size}`,
        lostOnReload: (fileName: string) =>
          `Your résumé (${fileName}) was not kept when the page reloaded. Please choose it again.`,
        /** A form sent without JavaScript came back with mistakes: a file cannot come back with it. */
        notResent: (fileName: string) =>
          `Your résumé (${fileName}) could not be kept on this page. Please choose it again.`,
        size: {
          bytes: (count: number) => `${count} ${count === 1 ? 'byte' : 'bytes'}`,
          kilobytes: (count: number) => `${count} KB`,
          megabytes: (count: number) => `${count.toLocaleString('en-US')} MB`,
        },
      },
      submit: 'Submit Application',
      sendError: {
        title: 'Your application was not sent.',
        message:
          'Please try again in a moment: everything you entered is still here. If the problem continues, call us at',
        phone: company.phones.office,
      },
      confirmation: {
        heading: 'Application Submitted Successfully!',
        message: `Thank you for your interest in joining our team. We will review your application and contact you within ${claims.applicationReview}.`,
        nextStepsTitle: 'Next steps',
        nextSteps: [
          {
            title: 'Application review (3-5 days)',
            text: 'We review your experience, availability and skills.',
          },
          {
            title: 'Initial interview (if qualified)',
            text: 'We call you to schedule a short interview.',
          },
          { title: 'Reference verification', text: 'We contact the references you gave us.' },
          {
            title: 'Orientation and training',
            text: 'You learn our service standards before your first event.',
          },
        ],
      },
    },
    'en',
  );

  return { applicationMessages, applicationForm };
});

export type ApplicationFormContent = ReturnType<typeof applicationFormContent>;
