/**
 * The values the forms send, in one language whatever the page's language (SPEC section 3), so that
 * the owner's inbox, exports and e-mails read the same. Each language's form content gives every
 * value its label (quote-form.ts, application-form.ts and their Spanish twins in es/).
 */

export interface ChoiceOption {
  /** What the form sends. */
  value: string;
  /** What the visitor reads. */
  label: string;
}

/** Options whose sent value is their label (the English site's). */
export function labelledOptions(values: readonly string[]): ChoiceOption[] {
  return values.map((value) => ({ value, label: value }));
}

/** Options in the order of `values`, each with its label; a missing or extra label fails tsc. */
export function optionsWithLabels<V extends string>(
  values: readonly V[],
  labels: Readonly<Record<V, string>>,
): ChoiceOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

export const quoteServiceValues = [
  'Servers & Waitstaff',
  'Bartenders & Mixologists',
  'Event Captains & Supervisors',
  'Chefs & Kitchen Staff',
  'Other (Please specify below)',
] as const;

export const positionValues = [
  'Professional Server',
  'Bartender',
  'Event Coordinator',
  'Security Staff',
  'VIP Assistant',
  'Catering Staff',
  'Supervisor',
  'Cleaning Staff',
  'Mixologist',
  'Protocol Assistant',
] as const;

export const experienceValues = ['yes', 'no'] as const;

export const yearsExperienceValues = ['menos-1', '1-2', '3-5', '5-10', '10+'] as const;

export const availabilityValues = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const shiftValues = ['mañana', 'tarde', 'noche', 'flexible', 'fines-semana'] as const;

export const skillValues = [
  'Customer service',
  'Teamwork',
  'Effective communication',
  'Time management',
  'Problem solving',
  'Attention to detail',
  'Flexibility',
  'Leadership',
  'Protocol and etiquette',
  'Stress management',
] as const;

export const languageValues = [
  'Spanish',
  'English',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Other',
] as const;
