import type { InboxPage, InboxQuery } from '../../src/admin/contract.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { forms } from '../intake/forms.ts';
import { createStore, type Store } from '../store/store.ts';
import { applicationBody, quoteBody } from '../testing/fixtures.ts';
import { inbox, type Inbox } from './inbox.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Wednesday 6 May 2026, 10:00 AM in New York. */
const T0 = Date.parse('2026-05-06T10:00:00-04:00');

let data: Awaited<ReturnType<TestEngine['create']>>;
let database: Database;
let store: Store;
let box: Inbox;
let clock: number;
const now = () => clock;

async function save(form: 'quote' | 'application', fields: object): Promise<string> {
  const result = await store.save({ form, fields: { ...fields }, notify: false });
  if (result.status !== 'created') throw new Error(`not stored: ${result.status}`);
  return result.id;
}

const ids = (page: InboxPage) => page.items.map((item) => item.id);
const listed = async (query: InboxQuery) => ids(await box.page(query));

describe.each(engines)('the staffing desk on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    database = await openDatabase(data.database);
    clock = T0;
    store = createStore(database, { now });
    box = inbox(database, { forms, now, published: () => NOTHING_PUBLISHED });
  });

  afterEach(async () => {
    await database.close();
    data.remove();
  });

  describe('the applicant roster', () => {
    async function applicants() {
      const spanishBartender = await save('application', applicationBody(1));
      const englishBartender = await save(
        'application',
        applicationBody(2, {
          fullName: 'Jordan Okafor',
          languages: ['English'],
          availability: ['Monday'],
        }),
      );
      const spanishServer = await save(
        'application',
        applicationBody(3, {
          positionInterest: ['Professional Server'],
          shiftPreference: 'mañana',
          hasExperience: 'no',
        }),
      );
      // A quote that names the same words in its free text is not an applicant.
      await save('quote', quoteBody(4, { additionalInfo: 'Bartender Spanish Saturday' }));
      return { spanishBartender, englishBartender, spanishServer };
    }

    it('finds Spanish-speaking bartenders (AND across filters)', async () => {
      const people = await applicants();
      expect(await listed({ position: ['Bartender'], language: ['Spanish'] })).toEqual([
        people.spanishBartender,
      ]);
      expect(
        await listed({ position: ['Bartender'], language: ['Spanish'], day: ['Saturday'] }),
      ).toEqual([people.spanishBartender]);
      expect(await listed({ position: ['Bartender'], day: ['Tuesday'] })).toEqual([]);
    });

    it('takes any of several values of one filter (OR within it)', async () => {
      const people = await applicants();
      expect(await listed({ position: ['Bartender', 'Professional Server'] })).toEqual([
        people.spanishServer,
        people.englishBartender,
        people.spanishBartender,
      ]);
      expect(await listed({ day: ['Monday', 'Tuesday'], language: ['English', 'French'] })).toEqual(
        [people.englishBartender],
      );
      expect(await listed({ day: ['Monday', 'Sunday'] })).toEqual([
        people.spanishServer,
        people.englishBartender,
        people.spanishBartender,
      ]);
    });

    it('filters by shift and experience, and combines with the search and the status', async () => {
      const people = await applicants();
      expect(await listed({ shift: ['mañana'] })).toEqual([people.spanishServer]);
      expect(await listed({ experience: ['no'] })).toEqual([people.spanishServer]);
      expect(await listed({ experience: ['yes'], q: 'okafor' })).toEqual([people.englishBartender]);
      await box.update(people.spanishBartender, { status: 'handled' }, 'owner@example.com');
      expect(await listed({ language: ['Spanish'], status: 'handled' })).toEqual([
        people.spanishBartender,
      ]);
      const page = await box.page({ language: ['Spanish'] });
      expect(page.counts).toEqual({ new: 1, in_progress: 0, handled: 1, spam: 0 });
    });

    it('exports exactly the filtered roster', async () => {
      const people = await applicants();
      const rows = await box.all({ position: ['Bartender'], language: ['Spanish'] });
      expect(rows.map((row) => row.id)).toEqual([people.spanishBartender]);
    });
  });

  describe('needs a reply', () => {
    it('lists the open quotes oldest first, marks the overdue, and counts them', async () => {
      // Monday 9:00 AM: due Monday 1:00 PM, overdue by Wednesday.
      clock = T0 - 2 * DAY - HOUR;
      const overdue = await save('quote', quoteBody(1));
      clock = T0 - 5 * MINUTE;
      const dueSoon = await save('quote', quoteBody(2));
      const answered = await save('quote', quoteBody(3));
      await save('application', applicationBody(4));
      clock = T0;
      await box.update(answered, { status: 'in_progress' }, 'owner@example.com');

      const page = await box.page({ view: 'needs-reply' });
      expect(ids(page)).toEqual([overdue, dueSoon]);
      expect(page.needsReply).toEqual({ open: 2, overdue: 1 });
      expect(page.items[0]?.respondBy).toBe(Date.parse('2026-05-04T13:00:00-04:00'));
      expect(page.items[1]?.respondBy).toBe(Date.parse('2026-05-06T13:55:00-04:00'));

      clock = Date.parse('2026-05-06T13:55:01-04:00');
      expect((await box.page({})).needsReply).toEqual({ open: 2, overdue: 2 });
    });

    it('pages oldest first with the cursor', async () => {
      const saved: string[] = [];
      for (let n = 0; n < 55; n += 1) saved.push(await save('quote', quoteBody(n)));
      const first = await box.page({ view: 'needs-reply' });
      expect(ids(first)).toEqual(saved.slice(0, 50));
      const second = await box.page({ view: 'needs-reply', after: first.next ?? '' });
      expect(ids(second)).toEqual(saved.slice(50));
    });

    it('records the first response when the status first leaves New for work', async () => {
      const id = await save('quote', quoteBody(1));
      clock = T0 + HOUR;
      await box.update(id, { status: 'spam' }, 'owner@example.com');
      expect((await box.detail(id))?.firstResponseAt).toBeNull();
      clock = T0 + 2 * HOUR;
      await box.update(id, { status: 'in_progress' }, 'owner@example.com');
      clock = T0 + 3 * HOUR;
      await box.update(id, { status: 'handled' }, 'owner@example.com');
      expect((await box.detail(id))?.firstResponseAt).toBe(T0 + 2 * HOUR);
    });
  });

  describe('the weekly picture', () => {
    it('counts 12 weeks of quotes and applications and the median first response', async () => {
      // This week (from Monday 4 May): three quotes answered in 1, 2 and 9 business hours.
      const answeredAfter = [1, 2, 9];
      for (const [n, hours] of answeredAfter.entries()) {
        clock = Date.parse('2026-05-05T09:00:00-04:00');
        const id = await save('quote', quoteBody(n));
        // 9 business hours from Tuesday 9:00 AM is Wednesday 10:00 AM.
        clock = hours === 9 ? T0 : clock + hours * HOUR;
        await box.update(id, { status: 'handled' }, 'owner@example.com');
      }
      clock = Date.parse('2026-05-05T11:00:00-04:00');
      await save('application', applicationBody(9));
      const spam = await save('quote', quoteBody(10));
      await box.update(spam, { status: 'spam' }, 'owner@example.com');
      // Eleven weeks before: one application; twelve weeks before: outside the picture.
      clock = Date.parse('2026-02-16T12:00:00-05:00');
      await save('application', applicationBody(11));
      clock = Date.parse('2026-02-15T12:00:00-05:00');
      await save('application', applicationBody(12));
      clock = T0;

      const { weeks, promiseMs } = await box.weekly();
      expect(promiseMs).toBe(4 * HOUR);
      expect(weeks).toHaveLength(12);
      expect(weeks[0]).toEqual({
        start: Date.parse('2026-02-16T00:00:00-05:00'),
        quotes: 0,
        applications: 1,
        responded: 0,
        medianResponseMs: null,
        withinPromise: 0,
      });
      expect(weeks[11]).toEqual({
        start: Date.parse('2026-05-04T00:00:00-04:00'),
        quotes: 3,
        applications: 1,
        responded: 3,
        medianResponseMs: 2 * HOUR,
        // 1 and 2 business hours within the promise of 4; 9 not.
        withinPromise: 2,
      });
      expect(weeks.slice(1, 11).every((week) => week.quotes + week.applications === 0)).toBe(true);
    });
  });
});
