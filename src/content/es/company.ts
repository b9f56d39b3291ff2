import { contentOf } from '../published.ts';
import { businessContent } from '../business.ts';
import { openingLines, type HoursWords } from '../opening-hours.ts';
import type * as en from '../company.ts';
import type { PhoneLine, Stat, Translation } from '../types.ts';

/** How the Spanish site writes the opening hours: 'Lunes a viernes', '9:00 a.m. - 5:00 p.m.'. */
export const hoursWords: HoursWords = {
  days: {
    Monday: 'Lunes',
    Tuesday: 'Martes',
    Wednesday: 'Miércoles',
    Thursday: 'Jueves',
    Friday: 'Viernes',
    Saturday: 'Sábado',
    Sunday: 'Domingo',
  },
  untilDays: {
    Monday: 'lunes',
    Tuesday: 'martes',
    Wednesday: 'miércoles',
    Thursday: 'jueves',
    Friday: 'viernes',
    Saturday: 'sábado',
    Sunday: 'domingo',
  },
  dayRange: '{from} a {to}',
  timeRange: '{from} - {to}',
  am: 'a.m.',
  pm: 'p.m.',
};

/** The business in words (Spanish). The facts that are not words are in ../business.ts. */

export const companyContent = contentOf((editable, published) => {
  const { business } = businessContent(published);

  const { figures, promises } = business;
  const since = `Desde ${business.foundedYear}`;

  const phones = {
    direct: { tag: 'D', label: 'Línea directa', ...business.phones.direct },
    office: { tag: 'O', label: 'Línea de oficina', ...business.phones.office },
  } satisfies Record<string, PhoneLine>;

  const company: Translation<en.CompanyContent['company']> = editable(
    'company',
    {
      ...business,
      phones,
      tagline: 'Personal de élite para eventos en Washington D.C., Maryland y Virginia',
      description:
        'Meseros, bartenders, capitanes, chefs y personal de apoyo profesionales para eventos corporativos, privados, diplomáticos y benéficos en todo el DMV.',
      serviceAreas: ['Washington, D.C.', 'Norte de Virginia', 'Maryland'],
      eventTypes: ['Corporativos', 'Privados', 'Diplomáticos', 'Benéficos'],
      staffTypes: [
        'Meseros y personal de salón',
        'Bartenders y mixólogos',
        'Capitanes y supervisores de eventos',
        'Chefs y personal de cocina',
        'Personal de apoyo',
      ],
      credentials: ['Con licencia en Virginia', 'Con seguro y fianza', since],
    },
    'es',
  );

  const hours: Translation<en.CompanyContent['hours']> = editable(
    'company.hours',
    {
      weekend: { days: 'Sábado y domingo', time: 'Atención limitada' },
      events: { days: 'Durante los eventos', time: 'Asistencia en el lugar 24/7' },
    },
    'es',
  );

  const claims: Translation<en.CompanyContent['claims']> = editable(
    'company.claims',
    {
      stats: {
        events: { value: figures.events, label: 'Eventos exitosos' },
        staff: { value: figures.staff, label: 'Personal profesional' },
        years: { value: figures.years, label: 'Años de experiencia' },
        satisfaction: { value: figures.satisfaction, label: 'Satisfacción del cliente' },
      } satisfies Record<string, Stat>,
      coverage: {
        radius: { value: figures.radiusMiles, label: 'Millas de radio' },
        venues: { value: figures.venues, label: 'Recintos autorizados' },
        states: { value: figures.states, label: 'Estados' },
      } satisfies Record<string, Stat>,
      responseTime: `${promises.responseBusinessHours} horas hábiles`,
      quoteTurnaround: `${promises.quoteHours} horas`,
      applicationReview: '3 a 5 días hábiles',
      freeConsultation: 'Consulta inicial gratuita',
      since,
    },
    'es',
  );

  /** The open days and their hours, written from the business's (published) opening hours. */
  const openingHours = openingLines(business.openingHours, hoursWords);

  return { company, hours, claims, openingHours };
});
