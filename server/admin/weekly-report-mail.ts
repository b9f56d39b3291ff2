/**
 * The weekly e-mail's figures (from the weekly picture, as `GET /admin/api/weekly` gives them, and
 * the inbox's overdue count) and the e-mail made of them, in the account's language
 * (src/content/weekly-email.ts): a plain-text part and a simple HTML part with every value escaped.
 */
import type { FunnelKind, WeeklyEmailSetting } from '../../src/admin/contract.ts';
import { adminText } from '../../src/content/admin.ts';
import type { Business } from '../../src/content/business.ts';
import { weeklyEmailText, type SourceKindWords } from '../../src/content/weekly-email.ts';
import { scheduleOf } from '../../src/business-time/schedule.ts';
import { lastWeekStarts } from '../../src/business-time/weeks.ts';
import type { Engine } from '../db/engine.ts';
import { oneLine } from '../mail/mail-text.ts';
import type { MailMessage } from '../mail/transport.ts';
import { needsReply, weeklyPicture } from './staffing-desk.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * One line of "leads by source": the week's submissions (spam aside) from one kind and name; kind
 * 'unknown' for those whose visit was not counted (as on the weekly picture).
 */
export interface LeadSource {
  kind: FunnelKind;
  name: string;
  sent: number;
}

/** What the weekly e-mail says about one week (Monday to Sunday on the business's clock). */
export interface WeeklyReportFigures {
  /** Monday 00:00 of the week, and of the week after it (ms). */
  weekStart: number;
  weekEnd: number;
  /** The sum of the week's `FunnelRow.visitors`. */
  visitors: number;
  /** The week's `FunnelRow.sent` by source, most first; those of no known visit last. */
  leads: LeadSource[];
  quotes: number;
  applications: number;
  /** `WeekFigures.withinPromise` of the week. */
  withinPromise: number;
  promiseMs: number;
  /** Waiting past their respond-by time when the e-mail is made (`needsReply(…).overdue`). */
  overdue: number;
}

/** The figures of the week that started at `weekStart`, read at `now` as the weekly picture reads them. */
export async function weeklyReportFigures(
  engine: Engine,
  now: number,
  business: Business,
  weekStart: number,
): Promise<WeeklyReportFigures> {
  const [picture, needing] = await Promise.all([
    weeklyPicture(engine, now, business),
    needsReply(engine, now, business),
  ]);
  const index = picture.weeks.findIndex((week) => week.start === weekStart);
  const week = picture.weeks[index];
  const rows = picture.funnel.filter((row) => row.week === index);
  const bySource = new Map<string, LeadSource>();
  for (const row of rows) {
    if (row.sent <= 0) continue;
    const key = `${row.kind}\u0000${row.name}`;
    const lead = bySource.get(key) ?? { kind: row.kind, name: row.name, sent: 0 };
    lead.sent += row.sent;
    bySource.set(key, lead);
  }
  // A Tuesday of the next week, whatever the clocks did (a week is 167 to 169 hours).
  const [, next] = lastWeekStarts(weekStart + 8 * 24 * HOUR_MS, 2, scheduleOf(business));
  return {
    weekStart,
    weekEnd: next ?? weekStart + 7 * 24 * HOUR_MS,
    visitors: rows.reduce((sum, row) => sum + row.visitors, 0),
    leads: [...bySource.values()].sort(
      (a, b) =>
        Number(a.kind === 'unknown') - Number(b.kind === 'unknown') ||
        b.sent - a.sent ||
        a.kind.localeCompare(b.kind) ||
        a.name.localeCompare(b.name),
    ),
    quotes: week?.quotes ?? 0,
    applications: week?.applications ?? 0,
    withinPromise: week?.withinPromise ?? 0,
    promiseMs: picture.promiseMs,
    overdue: needing.overdue,
  };
}

/** '&', '<', '>', '"' and "'" as HTML entities. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** 'November 16 – 22, 2026' (or across months and years), on the business's clock. */
function weekInWords(figures: WeeklyReportFigures, locale: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  });
  // Intl spaces the dash with thin spaces, which some mail readers show as boxes.
  return format
    .formatRange(new Date(figures.weekStart), new Date(figures.weekEnd - 1))
    .replace(/[\u2009\u202f\u00a0]/g, ' ');
}

/** What the e-mail is addressed from and to, and where the weekly picture is. */
export interface WeeklyReportAddress {
  /** NOTIFY_FROM. */
  from: string;
  to: string;
  setting: Pick<WeeklyEmailSetting, 'language'>;
  /** The business's name and time zone (the live version's). */
  business: Pick<Business, 'name' | 'timeZone'>;
  /** SITE_URL (an origin): the link to the weekly picture; unset, words say where it is. */
  siteUrl?: string | undefined;
  /** Visits are counted (VISITS): otherwise the visitors say so rather than 0. */
  visits: boolean;
  messageId: string;
}

type Line = [label: string, value: string];

/** The lines of the e-mail, as label and value, in `words`' language. */
function reportLines(figures: WeeklyReportFigures, address: WeeklyReportAddress) {
  const words = weeklyEmailText[address.setting.language];
  const kinds: Record<FunnelKind, string> = words.sourceKinds satisfies SourceKindWords;
  // Counts as the language writes them ('1,234'), and the names the inbox gives ('Google').
  const count = (value: number) => value.toLocaleString(words.locale);
  const named = (name: string) => adminText.visitSource.names[name] ?? oneLine(name, 60);
  const percent = figures.quotes ? Math.round((100 * figures.withinPromise) / figures.quotes) : 0;
  const promiseHours = Math.round((figures.promiseMs / HOUR_MS) * 10) / 10;
  const figuresLines: Line[] = [
    [words.visitors, address.visits ? count(figures.visitors) : words.visitorsNone],
    [words.quotes, count(figures.quotes)],
    [words.applications, count(figures.applications)],
    [
      words.withinPromise(promiseHours),
      figures.quotes ? words.share(figures.withinPromise, figures.quotes, percent) : words.noQuotes,
    ],
    [words.overdue, figures.overdue ? words.overdueSome(figures.overdue) : words.overdueNone],
  ];
  const leadLines: Line[] = figures.leads.map((lead) => [
    // WhatsApp is its own name, as on the submission's page ('WhatsApp', not 'WhatsApp (whatsapp)').
    lead.name && lead.kind !== 'whatsapp' && lead.kind !== 'direct' && lead.kind !== 'unknown'
      ? words.sourceNamed(kinds[lead.kind], named(lead.name))
      : kinds[lead.kind],
    count(lead.sent),
  ]);
  return { words, figuresLines, leadLines };
}

/** The weekly e-mail of `figures` to one account. */
export function weeklyReportMail(
  figures: WeeklyReportFigures,
  address: WeeklyReportAddress,
): MailMessage {
  const { words, figuresLines, leadLines } = reportLines(figures, address);
  const week = weekInWords(figures, words.locale, address.business.timeZone);
  const link = address.siteUrl ? `${address.siteUrl.replace(/\/+$/, '')}/admin/#/weekly` : '';
  const heading = words.heading(week);
  const asText = (lines: Line[]) => lines.map(([label, value]) => `${label}: ${value}`);
  const text = [
    heading,
    '',
    ...asText(figuresLines),
    '',
    `${words.leadsBySource}:`,
    ...(leadLines.length ? asText(leadLines).map((line) => `  ${line}`) : [`  ${words.noLeads}`]),
    '',
    link ? `${words.pictureLink}: ${link}` : words.pictureWhere,
    '',
    '-- ',
    words.why,
    '',
  ].join('\n');
  const rows = (lines: Line[]) =>
    lines
      .map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('');
  const html = [
    `<!doctype html><html lang="${address.setting.language}"><body>`,
    `<h1>${escapeHtml(heading)}</h1>`,
    `<table>${rows(figuresLines)}</table>`,
    `<h2>${escapeHtml(words.leadsBySource)}</h2>`,
    leadLines.length ? `<table>${rows(leadLines)}</table>` : `<p>${escapeHtml(words.noLeads)}</p>`,
    link
      ? `<p><a href="${escapeHtml(link)}">${escapeHtml(words.pictureLink)}</a></p>`
      : `<p>${escapeHtml(words.pictureWhere)}</p>`,
    `<p><small>${escapeHtml(words.why)}</small></p>`,
    '</body></html>',
  ].join('\n');
  return {
    from: address.from,
    to: [address.to],
    subject: oneLine(words.subject(address.business.name, week), 200),
    text,
    html,
    messageId: address.messageId,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
  };
}
