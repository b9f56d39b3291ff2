/**
 * The weekly e-mail to the owner (server/admin/weekly-report.ts), in the account's language: both
 * languages in this one module. It is the inbox's mail, not the site's: the site's Spanish build
 * never needs it (so no twin in es/ to swap), and each account picks its own language, so the
 * server reads both at once. `WeeklyEmailWords` makes the Spanish keep every key of the English.
 * The inbox is in English only: its labels are quoted as the owner sees them there.
 */
import { adminText } from './admin.ts';

const { weeklyLink, needsReply } = adminText.inbox;
const { label: settingLabel } = adminText.weeklyEmail;

/**
 * How a visit began, in words (the keys are src/admin/contract.ts's SOURCE_KINDS), and 'unknown':
 * the leads whose visit was not counted (`FunnelKind`).
 */
export interface SourceKindWords {
  search: string;
  social: string;
  whatsapp: string;
  email: string;
  site: string;
  campaign: string;
  direct: string;
  unknown: string;
}

export interface WeeklyEmailWords {
  /** How dates are written (Intl), in the business's time zone. */
  locale: string;
  /** `week`: 'November 16 – 22, 2026'. */
  subject: (business: string, week: string) => string;
  heading: (week: string) => string;
  visitors: string;
  /** Shown instead of the visitors when visits are not counted (VISITS=off). */
  visitorsNone: string;
  leadsBySource: string;
  noLeads: string;
  sourceKinds: SourceKindWords;
  /** A source with its name: 'Search (Google)'. */
  sourceNamed: (kind: string, name: string) => string;
  quotes: string;
  applications: string;
  withinPromise: (hours: number) => string;
  /** `within` of `quotes` quote requests; `percent` already rounded. */
  share: (within: number, quotes: number, percent: number) => string;
  noQuotes: string;
  overdue: string;
  overdueNone: string;
  overdueSome: (count: number) => string;
  pictureLink: string;
  /** Without SITE_URL: where the owner finds the picture. */
  pictureWhere: string;
  why: string;
}

const en: WeeklyEmailWords = {
  locale: 'en-US',
  subject: (business, week) => `Your week at ${business}: ${week}`,
  heading: (week) => `Your week, ${week}`,
  visitors: 'Visitors',
  visitorsNone: 'not counted',
  leadsBySource: 'Leads by where the visit came from',
  noLeads: 'No quote request or application this week.',
  sourceKinds: {
    search: 'Search',
    social: 'Social media',
    whatsapp: 'WhatsApp',
    email: 'E-mail',
    site: 'Another website',
    campaign: 'Campaign',
    direct: 'Direct',
    unknown: 'Visit not known',
  },
  sourceNamed: (kind, name) => `${kind} (${name})`,
  quotes: 'Quote requests',
  applications: 'Job applications',
  withinPromise: (hours) =>
    `Quotes answered within the promise (${hours} business ${hours === 1 ? 'hour' : 'hours'})`,
  share: (within, quotes, percent) =>
    `${within.toLocaleString('en-US')} of ${quotes.toLocaleString('en-US')} (${percent}%)`,
  noQuotes: 'no quote requests this week',
  overdue: 'Waiting past their respond-by time now',
  overdueNone: 'none',
  overdueSome: (count) => `${count.toLocaleString('en-US')} (in the inbox, under "${needsReply}")`,
  pictureLink: 'The weekly picture',
  pictureWhere: `The weekly picture is in the inbox (/admin/ on the site): choose "${weeklyLink}" at the top of its first page.`,
  why: `You receive this e-mail every Monday because it is on for your account. To stop it, open the weekly picture and untick "${settingLabel}"; its language is chosen there too.`,
};

const es: WeeklyEmailWords = {
  locale: 'es-US',
  subject: (business, week) => `Su semana en ${business}: ${week}`,
  heading: (week) => `Su semana, ${week}`,
  visitors: 'Visitantes',
  visitorsNone: 'no se cuentan',
  leadsBySource: 'Solicitudes según el origen de la visita',
  noLeads: 'Ninguna solicitud de cotización ni de empleo esta semana.',
  sourceKinds: {
    search: 'Buscador',
    social: 'Redes sociales',
    whatsapp: 'WhatsApp',
    email: 'Correo electrónico',
    site: 'Otro sitio web',
    campaign: 'Campaña',
    direct: 'Directo',
    unknown: 'Visita no registrada',
  },
  sourceNamed: (kind, name) => `${kind} (${name})`,
  quotes: 'Solicitudes de cotización',
  applications: 'Solicitudes de empleo',
  withinPromise: (hours) =>
    `Cotizaciones respondidas dentro del plazo prometido (${hours} ${hours === 1 ? 'hora hábil' : 'horas hábiles'})`,
  share: (within, quotes, percent) =>
    `${within.toLocaleString('es-US')} de ${quotes.toLocaleString('es-US')} (${percent} %)`,
  noQuotes: 'ninguna solicitud de cotización esta semana',
  overdue: 'Pendientes con el plazo de respuesta ya vencido',
  overdueNone: 'ninguna',
  overdueSome: (count) => `${count.toLocaleString('es-US')} (en la bandeja, en «${needsReply}»)`,
  pictureLink: 'El resumen semanal',
  pictureWhere: `El resumen semanal está en la bandeja de entrada (/admin/ en el sitio): elija «${weeklyLink}» arriba en su primera página.`,
  why: `Recibe este correo cada lunes porque está activado para su cuenta. Para dejar de recibirlo, abra el resumen semanal y desmarque «${settingLabel}»; allí también se elige su idioma.`,
};

export const weeklyEmailText: Readonly<Record<'en' | 'es', WeeklyEmailWords>> = { en, es };
