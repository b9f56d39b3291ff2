import type { FederalHoliday, Weekday } from './opening-hours';

/**
 * The words of the site editor's opening hours and closed days (the business part at
 * /admin/#/site): src/admin/site/fields/opening-hours-field.tsx and closed-days-field.tsx.
 */

export const hoursEditorText = {
  week: {
    hint: (timeZone: string) =>
      `When the office answers. Every deadline (the reply promised to visitors, Respond by in your e-mail, the inbox and the staffing desk) counts only inside these hours, on the office's clock (${timeZone}).`,
    /** A weekday's tick box: its visible name is the day's, said with what the tick means. */
    openOn: 'Open on',
    opens: 'Opens',
    closes: 'Closes',
    closed: 'Closed',
  },
  closedDays: {
    hint: 'Days the office is closed all day, such as holidays: deadlines skip them. The name is for you; it may be left empty.',
    none: 'No closed days.',
    item: (number: number) => `Closed day ${number}`,
    date: 'Date',
    note: 'Name (optional)',
    remove: 'Remove',
    add: 'Add a closed day',
    addHolidays: (first: number, second: number) =>
      `Add the US federal holidays of ${first} and ${second}`,
    holidaysHint:
      'A holiday on a Saturday is added on the Friday before, one on a Sunday on the Monday after, as federal offices observe them. Inauguration Day (Washington, D.C. only) is not included.',
    removePast: (count: number) => `Remove the ${count} past ${count === 1 ? 'day' : 'days'}`,
    pastRemoved: (count: number) => `${count} past ${count === 1 ? 'day' : 'days'} removed.`,
    added: (count: number) =>
      count === 0
        ? 'Every one of those holidays is in the list already.'
        : `${count} ${count === 1 ? 'holiday' : 'holidays'} added.`,
  },
  days: {
    Monday: 'Monday',
    Tuesday: 'Tuesday',
    Wednesday: 'Wednesday',
    Thursday: 'Thursday',
    Friday: 'Friday',
    Saturday: 'Saturday',
    Sunday: 'Sunday',
  } satisfies Record<Weekday, string>,
  holidays: {
    newYear: 'New Year’s Day',
    martinLutherKing: 'Birthday of Martin Luther King, Jr.',
    presidents: 'Washington’s Birthday (Presidents’ Day)',
    memorial: 'Memorial Day',
    juneteenth: 'Juneteenth',
    independence: 'Independence Day',
    labor: 'Labor Day',
    columbus: 'Columbus Day / Indigenous Peoples’ Day',
    veterans: 'Veterans Day',
    thanksgiving: 'Thanksgiving Day',
    christmas: 'Christmas Day',
  } satisfies Record<FederalHoliday, string>,
  observed: (name: string) => `${name} (observed)`,
};
