/**
 * The business's opening hours (one entry per weekday) and closed days (single dates), as the
 * owner publishes them in the business part (src/content/business.ts), and the
 * two ways the public site writes them: lines for people (the contact page, the footer) and
 * schema.org's `openingHoursSpecification` for search engines. Deadlines count inside them
 * (src/business-time/schedule.ts). Their rules are in opening-hours-rules.ts, apart: the public
 * pages read this module, and need no zod.
 */

/** The weekdays, Monday first: the order the owner edits and the site lists them in. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The US federal holidays the editor offers as closed days (src/business-time/holidays.ts). */
export const FEDERAL_HOLIDAYS = [
  'newYear',
  'martinLutherKing',
  'presidents',
  'memorial',
  'juneteenth',
  'independence',
  'labor',
  'columbus',
  'veterans',
  'thanksgiving',
  'christmas',
] as const;
export type FederalHoliday = (typeof FEDERAL_HOLIDAYS)[number];

/** One weekday's hours. A closed day keeps its times, so that opening it again restores them. */
export interface DayHours {
  day: Weekday;
  open: boolean;
  /** 24-hour 'HH:MM' on the office's clock. */
  opens: string;
  /** 'HH:MM', later than `opens`. */
  closes: string;
}

/** A date the business is closed all day (a holiday, a staff day), on the office's calendar. */
export interface ClosedDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** What the day is ('Thanksgiving Day'); may be empty. */
  note: string;
}

const day = (name: Weekday, open: boolean): DayHours => ({
  day: name,
  open,
  opens: '09:00',
  closes: '17:00',
});

/** The code's hours, as before they were the owner's: Monday to Friday, 9:00 to 17:00. */
export const DEFAULT_OPENING_HOURS: readonly DayHours[] = WEEKDAYS.map((name) =>
  day(name, name !== 'Saturday' && name !== 'Sunday'),
);

/** The most closed days kept: a few years of holidays and more. */
export const MAX_CLOSED_DAYS = 120;
export const MAX_CLOSED_NOTE = 60;

/** Days in a row (Monday to Sunday) that open at the same times; closed days are left out. */
function sameHoursRuns(week: readonly DayHours[]): DayHours[][] {
  const runs: DayHours[][] = [];
  let previous: DayHours | undefined;
  for (const entry of week) {
    const last = runs.at(-1);
    const same =
      entry.open &&
      previous?.open === true &&
      previous.opens === entry.opens &&
      previous.closes === entry.closes;
    if (same && last) last.push(entry);
    else if (entry.open) runs.push([entry]);
    previous = entry;
  }
  return runs;
}

/** schema.org's opening hours: one entry per set of days with the same times (as today's). */
export function openingHoursSpecification(week: readonly DayHours[]) {
  const byTimes = new Map<string, { dayOfWeek: Weekday[]; opens: string; closes: string }>();
  for (const entry of week.filter((each) => each.open)) {
    const key = `${entry.opens}-${entry.closes}`;
    const found = byTimes.get(key);
    if (found) found.dayOfWeek.push(entry.day);
    else byTimes.set(key, { dayOfWeek: [entry.day], opens: entry.opens, closes: entry.closes });
  }
  return [...byTimes.values()].map((times) => ({
    '@type': 'OpeningHoursSpecification' as const,
    ...times,
  }));
}

/** schema.org's closed dates: a day that opens and closes at midnight is closed all day. */
export function specialOpeningHoursSpecification(closed: readonly ClosedDay[]) {
  return closed.map(({ date }) => ({
    '@type': 'OpeningHoursSpecification' as const,
    opens: '00:00',
    closes: '00:00',
    validFrom: date,
    validThrough: date,
  }));
}

/** How a language writes opening hours (src/content/company.ts and its Spanish twin). */
export interface HoursWords {
  /** Each weekday's name as it starts a line ('Monday', 'Lunes'). */
  days: Record<Weekday, string>;
  /** Each weekday's name as it ends a range ('Friday', 'viernes'). */
  untilDays: Record<Weekday, string>;
  /** A range of days or times: '{from} - {to}'. */
  dayRange: string;
  timeRange: string;
  am: string;
  pm: string;
}

const fill = (template: string, from: string, to: string) =>
  template.replace('{from}', from).replace('{to}', to);

/** '13:30' → '1:30 PM' in `words`' way. */
function clockText(clock: string, words: HoursWords): string {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${hours < 12 ? words.am : words.pm}`;
}

/** The open days as people read them: 'Monday - Friday' with '9:00 AM - 5:00 PM'. */
export function openingLines(
  week: readonly DayHours[],
  words: HoursWords,
): { days: string; time: string }[] {
  return sameHoursRuns(week).map((run) => {
    const first = run[0] as DayHours;
    const last = run.at(-1) as DayHours;
    const days =
      run.length === 1
        ? words.days[first.day]
        : fill(words.dayRange, words.days[first.day], words.untilDays[last.day]);
    const time = fill(
      words.timeRange,
      clockText(first.opens, words),
      clockText(first.closes, words),
    );
    return { days, time };
  });
}
