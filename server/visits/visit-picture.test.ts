import type { FunnelRow } from '../../src/admin/contract.ts';
import { businessContent } from '../../src/content/business.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { scheduleOf } from '../../src/business-time/schedule.ts';
import { lastWeekStarts } from '../../src/business-time/weeks.ts';
import { weeklyPicture } from '../admin/staffing-desk.ts';
import { openDatabase, type Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import { createStore, type Store } from '../store/store.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { applicationBody, quoteBody } from '../testing/fixtures.ts';
import { visitPicture } from './visit-picture.ts';

const business = businessContent(NOTHING_PUBLISHED).business;
/** Wednesday 6 May 2026, 10:00 AM in New York: the latest week is Monday 4 May's. */
const T0 = Date.parse('2026-05-06T10:00:00-04:00');

let data: Awaited<ReturnType<TestEngine['create']>>;
let database: Database;
let store: Store;
let clock = T0;

type SourceRow = Tables['visit_sources'];
type Source = Pick<SourceRow, 'language' | 'source_kind' | 'source_name' | 'campaign'>;

const en = (kind: string, name = '', campaign = ''): Source => ({
  language: 'en',
  source_kind: kind,
  source_name: name,
  campaign,
});
const es = (kind: string, name = '', campaign = ''): Source => ({
  ...en(kind, name, campaign),
  language: 'es',
});

async function addedUp(day: string, source: Source, visitors: number, sawForm = 0, started = 0) {
  await database.db
    .insertInto('visit_sources')
    .values({ day, ...source, visitors, saw_form: sawForm, started })
    .execute();
}

let visitor = 0;
/** One visitor's day not yet added up. */
async function visitorDay(day: string, source: Source, sawForm = 0, started = 0) {
  visitor += 1;
  await database.db
    .insertInto('visitor_days')
    .values({
      day,
      visitor: `key-${visitor}`,
      ...source,
      entry_page: 'home',
      views: 2,
      saw_form: sawForm,
      started,
    })
    .execute();
}

async function views(day: string, page: string, language: string, count: number) {
  await database.db
    .insertInto('visit_pages')
    .values({ day, page, language, views: count })
    .execute();
}

/** A submission received at `at`, from a visit of `source` (null: not known). */
async function submission(
  at: string,
  form: 'quote' | 'application',
  visit: { language: string | null; kind: string | null; name?: string; campaign?: string },
  after: { status?: string; repliedAt?: string } = {},
) {
  clock = Date.parse(at);
  visitor += 1;
  const fields = form === 'quote' ? quoteBody(visitor) : applicationBody(visitor);
  const result = await store.save({ form, fields: { ...fields }, notify: false });
  if (result.status !== 'created') throw new Error(`not stored: ${result.status}`);
  const known = visit.kind !== null;
  await database.db
    .updateTable('submissions')
    .set({
      site_language: visit.language,
      source_kind: visit.kind,
      source_name: known ? (visit.name ?? '') : null,
      source_campaign: known ? (visit.campaign ?? '') : null,
      ...(after.status && { status: after.status }),
      ...(after.repliedAt && { first_response_at: Date.parse(after.repliedAt) }),
    })
    .where('id', '=', result.id)
    .execute();
  clock = T0;
}

const row = (
  week: number,
  language: 'en' | 'es',
  kind: FunnelRow['kind'],
  name: string,
  counts: [number, number, number, number, number],
): FunnelRow => {
  const [visitors, sawForm, started, sent, replied] = counts;
  return { week, language, kind, name, campaign: '', visitors, sawForm, started, sent, replied };
};

describe.each(engines)('the weekly picture of visits on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    database = await openDatabase(data.database);
    clock = T0;
    store = createStore(database, { now: () => clock });
  });

  afterEach(async () => {
    await database.close();
    data.remove();
  });

  it('counts the way to a lead per week, language and source, added up or not', async () => {
    // Before the 12 weeks (Sunday 15 Feb), then the first week's Monday.
    await addedUp('2026-02-15', en('direct'), 100, 50, 20);
    await addedUp('2026-02-16', en('direct'), 3);
    // The latest full week (27 April to Sunday 3 May), added up.
    await addedUp('2026-04-28', en('search', 'google'), 10, 4, 2);
    await addedUp('2026-05-03', en('search', 'google'), 2, 1, 0);
    await addedUp('2026-04-29', es('campaign', 'flyer'), 5, 3, 2);
    // This week: Monday added up; Tuesday and today not yet (one row per visitor).
    await addedUp('2026-05-04', en('direct'), 7, 1, 0);
    await visitorDay('2026-05-05', es('campaign', 'flyer'), 1, 1);
    await visitorDay('2026-05-06', es('campaign', 'flyer'), 1, 1);
    await visitorDay('2026-05-06', es('campaign', 'flyer'));
    await visitorDay('2026-05-06', en('direct'), 1, 0);
    // A quote from the flyer in Spanish, replied to within 2 business hours; a spam one left out;
    // an application of no known visit nor language (its own row, English); a quote from Google.
    await submission(
      '2026-05-05T09:00:00-04:00',
      'quote',
      { language: 'es', kind: 'campaign', name: 'flyer' },
      { status: 'handled', repliedAt: '2026-05-05T11:00:00-04:00' },
    );
    await submission(
      '2026-05-05T09:30:00-04:00',
      'quote',
      { language: 'es', kind: 'campaign', name: 'flyer' },
      { status: 'spam' },
    );
    await submission('2026-05-05T10:00:00-04:00', 'application', { language: null, kind: null });
    await submission('2026-04-28T10:00:00-04:00', 'quote', {
      language: 'en',
      kind: 'search',
      name: 'google',
    });
    await views('2026-04-28', 'home', 'en', 30);
    await views('2026-05-01', 'home', 'en', 5);
    await views('2026-04-28', 'quote', 'es', 6);
    await views('2026-05-06', 'team', 'es', 2);
    await views('2026-02-15', 'home', 'en', 99);

    const picture = await weeklyPicture(database.engine, T0, business);

    expect(picture.funnel).toEqual([
      row(0, 'en', 'direct', '', [3, 0, 0, 0, 0]),
      row(10, 'en', 'search', 'google', [12, 5, 2, 1, 0]),
      row(10, 'es', 'campaign', 'flyer', [5, 3, 2, 0, 0]),
      row(11, 'en', 'direct', '', [8, 2, 0, 0, 0]),
      row(11, 'es', 'campaign', 'flyer', [3, 2, 2, 1, 1]),
      row(11, 'en', 'unknown', '', [0, 0, 0, 1, 0]),
    ]);
    expect(picture.pages).toEqual(
      expect.arrayContaining([
        { week: 10, page: 'home', language: 'en', views: 35 },
        { week: 10, page: 'quote', language: 'es', views: 6 },
        { week: 11, page: 'team', language: 'es', views: 2 },
      ]),
    );
    expect(picture.pages).toHaveLength(3);
    // The flyer's quote came within the promise (4 business hours).
    expect(picture.weeks[11]).toMatchObject({ quotes: 1, responded: 1, withinPromise: 1 });
    expect(picture.weeks[10]).toMatchObject({ quotes: 1, responded: 0, withinPromise: 0 });
  });

  it('puts a lead whose visit was not counted (GPC) in its own row, not under direct', async () => {
    // One direct visitor counted; a visitor under Global Privacy Control, never counted, sends a
    // quote (its source not recorded) that is replied to.
    await visitorDay('2026-05-05', en('direct'), 1, 1);
    await submission(
      '2026-05-05T09:00:00-04:00',
      'quote',
      { language: 'en', kind: null },
      { status: 'handled', repliedAt: '2026-05-05T10:00:00-04:00' },
    );

    const { funnel } = await weeklyPicture(database.engine, T0, business);

    expect(funnel).toEqual([
      row(11, 'en', 'direct', '', [1, 1, 1, 0, 0]),
      row(11, 'en', 'unknown', '', [0, 0, 0, 1, 1]),
    ]);
  });

  it('puts each day and submission in its local week across a change of the clocks', async () => {
    // Madrid moves its clocks forward on Sunday 29 March 2026: the week of Monday 23 March is 167
    // hours long, and its Monday starts at 23:00 UTC the day before.
    const madrid = { ...business, timeZone: 'Europe/Madrid' };
    const now = Date.parse('2026-04-01T12:00:00+02:00');
    const starts = lastWeekStarts(now, 12, scheduleOf(madrid));
    expect(starts[10]).toBe(Date.parse('2026-03-23T00:00:00+01:00'));
    await addedUp('2026-03-22', en('direct'), 1);
    await addedUp('2026-03-23', en('direct'), 2);
    await addedUp('2026-03-29', en('direct'), 4);
    await addedUp('2026-03-30', en('direct'), 8);
    await views('2026-03-29', 'home', 'en', 5);
    await views('2026-03-30', 'home', 'en', 7);
    // Sunday 23:30 in Madrid (summer time), then Monday 00:30.
    await submission('2026-03-29T23:30:00+02:00', 'quote', { language: 'en', kind: 'direct' });
    await submission('2026-03-30T00:30:00+02:00', 'quote', { language: 'en', kind: 'direct' });
    await submission('2026-03-30T00:40:00+02:00', 'quote', { language: 'en', kind: 'direct' });

    const { funnel, pages } = await visitPicture(database.engine, starts, now, madrid);

    expect(funnel).toEqual([
      row(9, 'en', 'direct', '', [1, 0, 0, 0, 0]),
      row(10, 'en', 'direct', '', [6, 0, 0, 1, 0]),
      row(11, 'en', 'direct', '', [8, 0, 0, 2, 0]),
    ]);
    expect(pages).toEqual(
      expect.arrayContaining([
        { week: 10, page: 'home', language: 'en', views: 5 },
        { week: 11, page: 'home', language: 'en', views: 7 },
      ]),
    );
    expect(pages).toHaveLength(2);
  });

  it('answers an empty picture when nothing was counted', async () => {
    const picture = await weeklyPicture(database.engine, T0, business);
    expect(picture.funnel).toEqual([]);
    expect(picture.pages).toEqual([]);
    expect(picture.weeks.map((week) => week.withinPromise)).toEqual(Array(12).fill(0));
  });
});
