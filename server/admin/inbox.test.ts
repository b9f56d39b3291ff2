import { createClient } from '@libsql/client';
import type { InboxPage, InboxQuery } from '../../src/admin/contract.ts';
import type { DatabaseConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { engines } from '../testing/engines.ts';
import { forms } from '../intake/forms.ts';
import { forEngine, migrations } from '../db/migrations.ts';
import { createStore, type Store } from '../store/store.ts';
import { applicationBody, quoteBody, tempDataDir } from '../testing/fixtures.ts';
import { inbox, searchQuery, type Inbox } from './inbox.ts';
import { DEFAULT_OPENING_HOURS } from '../../src/content/opening-hours.ts';
import { NOTHING_PUBLISHED, publishedVersion } from '../../src/content/published.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse('2030-05-01T12:00:00Z');
const owner = 'owner@example.com';

let data: { database: DatabaseConfig; remove(): void };
let database: Database | undefined;
let store: Store;
let box: Inbox;
let clock: number;
const now = () => clock;

async function open(config: DatabaseConfig): Promise<Database> {
  const opened = await openDatabase(config);
  database = opened;
  store = createStore(opened, { now });
  box = inbox(opened, { forms, now, published: () => NOTHING_PUBLISHED });
  return opened;
}

beforeEach(() => {
  clock = T0;
});

afterEach(async () => {
  await database?.close();
  database = undefined;
  data.remove();
});

async function save(
  form: 'quote' | 'application',
  fields: Record<string, unknown>,
  notify = false,
): Promise<string> {
  const result = await store.save({ form, fields: { ...fields }, notify });
  if (result.status !== 'created') throw new Error(`not stored: ${result.status}`);
  return result.id;
}

const quote = (n: number, overrides: Parameters<typeof quoteBody>[1] = {}) =>
  save('quote', quoteBody(n, overrides));
const application = (n: number, overrides: Parameters<typeof applicationBody>[1] = {}) =>
  save('application', applicationBody(n, overrides));

const ids = (page: InboxPage) => page.items.map((item) => item.id);
const found = async (q: string, query: InboxQuery = {}) => ids(await box.page({ ...query, q }));

describe.each(engines)('the inbox on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    await open(data.database);
  });

  it('counts the deadlines and names the business as the live version has them', async () => {
    const id = await quote(1);
    const published = publishedVersion({
      version: 3,
      facts: {
        'business/name': 'Capital Shift Events',
        'business/openingHours': DEFAULT_OPENING_HOURS.map((day) => ({ ...day, opens: '08:00' })),
      },
    });
    const live = inbox(database as Database, { forms, now, published: () => published });
    // Received Wednesday 8:00 AM in New York: at opening, 4 business hours later.
    expect((await live.page({})).items[0]?.respondBy).toBe(Date.parse('2030-05-01T12:00:00-04:00'));
    const detail = await live.detail(id);
    expect(detail?.respondBy).toBe(Date.parse('2030-05-01T12:00:00-04:00'));
    expect(detail?.businessName).toBe('Capital Shift Events');
    // The code's hours: from 9:00.
    expect((await box.detail(id))?.respondBy).toBe(Date.parse('2030-05-01T13:00:00-04:00'));
  });

  it('counts the time to the first response in the live version’s hours, a closed day left out', async () => {
    const id = await quote(1);
    // Received Wednesday 8:00 AM; answered Friday 10:00 AM; Thursday published as closed.
    const live = inbox(database as Database, {
      forms,
      now,
      published: () =>
        publishedVersion({
          version: 2,
          facts: { 'business/closedDays': [{ date: '2030-05-02', note: 'Closed' }] },
        }),
    });
    clock = Date.parse('2030-05-03T10:00:00-04:00');
    await live.update(id, { status: 'handled' }, 'owner@example.com');
    // Wednesday 9-17 and Friday 9-10: nine hours; the code's hours would count Thursday's eight.
    expect((await live.detail(id))?.firstResponseBusinessMs).toBe(9 * HOUR);
    expect((await box.detail(id))?.firstResponseBusinessMs).toBe(17 * HOUR);
  });

  describe('page', () => {
    it('lists both forms newest first with the summary fields of each', async () => {
      const first = await quote(1);
      clock += MINUTE;
      const second = await application(2);
      clock += MINUTE;
      const third = await quote(3);

      const page = await box.page({});
      expect(ids(page)).toEqual([third, second, first]);
      expect(page.next).toBeNull();
      expect(page.items[0]).toEqual({
        id: third,
        form: 'quote',
        receivedAt: T0 + 2 * MINUTE,
        status: 'new',
        fields: {
          clientName: 'Jordan Rivera 3',
          email: 'jordan.rivera+3@example.com',
          phone: '(202) 555-0143',
          eventDate: quoteBody(3).eventDate,
          guestCount: '120',
        },
        attachments: 0,
        // Received Wednesday 8:02 AM in New York, before opening: 4 business hours from 9:00.
        respondBy: Date.parse('2030-05-01T13:00:00-04:00'),
        quoteBy: T0 + 2 * MINUTE + 24 * HOUR,
      });
      expect(page.items[1]?.fields).toEqual({
        fullName: 'Camila Torres 2',
        email: 'camila.torres+2@example.com',
        phone: '703-555-0188',
        positionInterest: ['Bartender', 'Mixologist'],
        languages: ['Spanish', 'English'],
        availability: ['Friday', 'Saturday', 'Sunday'],
      });
      expect(page.items[1]?.respondBy).toBeNull();
    });

    it('pages 120 submissions 50 at a time with no duplicates and no gaps', async () => {
      const saved: { id: string; at: number; form: string }[] = [];
      for (let n = 0; n < 120; n += 1) {
        // Pairs share a time: the order of arrival breaks ties; 50 of them are applications.
        if (n % 2 === 0) clock += MINUTE;
        const form = n % 12 < 5 ? 'application' : 'quote';
        const id = form === 'quote' ? await quote(n) : await application(n);
        saved.push({ id, at: clock, form });
      }
      const newestFirst = [...saved].reverse();

      const first = await box.page({});
      const second = await box.page({ after: first.next ?? undefined });
      const third = await box.page({ after: second.next ?? undefined });
      expect([first, second, third].map((page) => page.items.length)).toEqual([50, 50, 20]);
      expect(first.next).toMatch(/^\d+$/);
      expect(second.next).not.toBeNull();
      expect(third.next).toBeNull();
      const all = [...ids(first), ...ids(second), ...ids(third)];
      expect(new Set(all).size).toBe(120);
      expect(all).toEqual(newestFirst.map((row) => row.id));
      expect(first.counts).toEqual({ new: 120, in_progress: 0, handled: 0, spam: 0 });
      expect(third.counts).toEqual(first.counts);

      // Exactly one page's worth: no next page.
      const applications = await box.page({ form: 'application' });
      expect(applications.items).toHaveLength(50);
      expect(applications.next).toBeNull();
      expect(ids(applications)).toEqual(
        newestFirst.filter((row) => row.form === 'application').map((row) => row.id),
      );

      // Filters hold across pages.
      const quotes1 = await box.page({ form: 'quote' });
      const quotes2 = await box.page({ form: 'quote', after: quotes1.next ?? undefined });
      expect([quotes1.items.length, quotes2.items.length, quotes2.next]).toEqual([50, 20, null]);
      expect([...ids(quotes1), ...ids(quotes2)]).toEqual(
        newestFirst.filter((row) => row.form === 'quote').map((row) => row.id),
      );
    });

    it('pages a search the same through narrow ranges of arrival as in one query', async () => {
      const saved: string[] = [];
      for (let n = 0; n < 130; n += 1) {
        clock += MINUTE;
        // Every third quote matches 'gala', so that a page spans several ranges.
        const info = n % 3 === 0 ? 'Spring gala for the board' : 'Retirement dinner';
        saved.push(await quote(n, { additionalInfo: info }));
      }
      const matching = saved.filter((_, n) => n % 3 === 0);
      const pages = async (query: InboxQuery) => {
        const all: string[] = [];
        let after: string | undefined;
        do {
          const page = await box.page({ ...query, q: 'gala', after });
          all.push(...ids(page));
          after = page.next ?? undefined;
        } while (after);
        return all;
      };
      const search = database?.engine.search;
      if (!search) throw new Error('no database');
      const original = search.window;
      try {
        for (const window of [undefined, 1, 7, 64]) {
          search.window = window;
          expect(await pages({})).toEqual([...matching].reverse());
          // Needs a reply: oldest first.
          expect(await pages({ view: 'needs-reply' })).toEqual(matching);
        }
      } finally {
        search.window = original;
      }
    });

    describe('filters and counts', () => {
      let q1: string;
      let a1: string;
      let q2: string;
      let a2: string;

      beforeEach(async () => {
        q1 = await quote(1);
        clock = T0 + HOUR;
        a1 = await application(1, { fullName: 'Camila Torres' });
        clock = T0 + 2 * HOUR;
        q2 = await quote(2);
        clock = T0 + 3 * HOUR;
        a2 = await application(2);
        await box.update(q2, { status: 'handled' }, owner);
        await box.update(a2, { status: 'spam' }, owner);
      });

      it('filters by form, status and time (from inclusive, to exclusive)', async () => {
        expect(ids(await box.page({ form: 'quote' }))).toEqual([q2, q1]);
        // a2 is spam: only the Spam tab shows it.
        expect(ids(await box.page({ form: 'application' }))).toEqual([a1]);
        expect(ids(await box.page({ form: 'application', status: 'spam' }))).toEqual([a2]);
        expect(ids(await box.page({ status: 'handled' }))).toEqual([q2]);
        expect(ids(await box.page({ status: 'new' }))).toEqual([a1, q1]);
        expect(ids(await box.page({ status: 'in_progress' }))).toEqual([]);
        expect(ids(await box.page({ from: T0 + HOUR, to: T0 + 3 * HOUR }))).toEqual([q2, a1]);
        expect(ids(await box.page({ from: T0 + HOUR + 1 }))).toEqual([q2]);
        expect(ids(await box.page({ to: T0 + HOUR }))).toEqual([q1]);
        expect(ids(await box.page({ to: T0 }))).toEqual([]);
        expect(
          ids(await box.page({ form: 'application', status: 'new', from: T0, to: T0 + 4 * HOUR })),
        ).toEqual([a1]);
      });

      it('counts by status under the form and time filters, not the status or the search', async () => {
        const everything = { new: 2, in_progress: 0, handled: 1, spam: 1 };
        expect((await box.page({})).counts).toEqual(everything);
        expect((await box.page({ status: 'handled' })).counts).toEqual(everything);
        const searched = await box.page({ q: 'Camila' });
        expect(ids(searched)).toEqual([a1]);
        expect(ids(await box.page({ q: 'Camila', status: 'spam' }))).toEqual([a2]);
        expect(searched.counts).toEqual(everything);
        expect((await box.page({ form: 'quote' })).counts).toEqual({
          new: 1,
          in_progress: 0,
          handled: 1,
          spam: 0,
        });
        expect((await box.page({ from: T0 + 2 * HOUR })).counts).toEqual({
          new: 0,
          in_progress: 0,
          handled: 1,
          spam: 1,
        });
        expect((await box.page({ form: 'application', to: T0 + 2 * HOUR })).counts).toEqual({
          new: 1,
          in_progress: 0,
          handled: 0,
          spam: 0,
        });
      });

      it('exports every match newest first, ignoring the page cursor', async () => {
        const all = await box.all({ form: 'quote', after: `${T0 + 2 * HOUR}_${q2}` });
        expect(all.map((row) => [row.id, row.status])).toEqual([
          [q2, 'handled'],
          [q1, 'new'],
        ]);
      });
    });
  });

  describe('search', () => {
    let jordan: string;
    let maria: string;

    beforeEach(async () => {
      jordan = await quote(1, {
        clientName: 'Jordan Rivera',
        email: 'jordan.rivera@eventos.example',
      });
      clock += MINUTE;
      maria = await application(1, {
        fullName: 'María José Núñez',
        email: 'mjnunez@correo.example',
        phone: '(703) 555-0188',
      });
    });

    it('matches the start of words', async () => {
      expect(await found('Jor')).toEqual([jordan]);
      expect(await found('jordan riv')).toEqual([jordan]);
      expect(await found('  RIVERA  ')).toEqual([jordan]);
      expect(await found('ordan')).toEqual([]);
      expect(await found('jordan maría')).toEqual([]);
      expect(await found('Willard')).toEqual([jordan]);
      expect(await found('bartender')).toEqual([jordan, maria].reverse());
    });

    it('ignores accents and case', async () => {
      expect(await found('maria')).toEqual([maria]);
      expect(await found('MARIA nunez')).toEqual([maria]);
      expect(await found('María José')).toEqual([maria]);
      expect(await found('Mari\u0301a')).toEqual([maria]);
      expect(await found('jose')).toEqual([maria]);
    });

    it('finds a phone number by its digits, with or without punctuation', async () => {
      expect(await found('2025550143')).toEqual([jordan]);
      expect(await found('202555')).toEqual([jordan]);
      expect(await found('555-0143')).toEqual([jordan]);
      expect(await found('(202) 555-0143')).toEqual([jordan]);
      expect(await found('7035550188')).toEqual([maria]);
      expect(await found('555')).toEqual([maria, jordan]);
      expect(await found('5550199')).toEqual([]);
    });

    it('finds parts of e-mail addresses and the id', async () => {
      expect(await found('eventos')).toEqual([jordan]);
      expect(await found('jordan.rivera@eventos')).toEqual([jordan]);
      expect(await found('mjnunez')).toEqual([maria]);
      expect(await found('correo.example')).toEqual([maria]);
      expect(await found(maria.slice(0, 8))).toEqual([maria]);
    });

    it('finds the note once it is written, and no longer the old one once changed', async () => {
      expect(await found('Zanzibar')).toEqual([]);
      await box.update(jordan, { note: 'Called back: wants the Zanzibar package' }, owner);
      expect(await found('zanzi')).toEqual([jordan]);
      expect(await found('Jordan zanzibar')).toEqual([jordan]);
      await box.update(jordan, { note: 'Sent the Kalahari offer' }, owner);
      expect(await found('zanzibar')).toEqual([]);
      expect(await found('kalahari')).toEqual([jordan]);
      // The fields stay searchable after the note changed.
      expect(await found('jordan')).toEqual([jordan]);
      // A status change keeps the entry.
      await box.update(jordan, { status: 'handled' }, owner);
      expect(await found('kalahari')).toEqual([jordan]);
    });

    it('indexes what arrived since the last search, with a note written before then', async () => {
      // Nothing searched yet: the note is written while the row is not in the index.
      await box.update(maria, { note: 'Asked about the Serengeti room' }, owner);
      expect(await found('serengeti')).toEqual([maria]);
      clock += HOUR;
      const later = await quote(99, { clientName: 'Priya Raman' });
      expect(await found('priya')).toEqual([later]);
      expect(await found('555')).toEqual([later, maria, jordan]);
    });

    it('combines the search with the other filters', async () => {
      expect(await found('555', { form: 'quote' })).toEqual([jordan]);
      expect(await found('555', { from: T0 + MINUTE })).toEqual([maria]);
      await box.update(maria, { status: 'spam' }, owner);
      expect(await found('555', { status: 'spam' })).toEqual([maria]);
    });

    it('never reads the text as the query syntax of either engine (FTS5, tsquery)', async () => {
      const texts = [
        '"',
        '""',
        '"jordan',
        '*',
        'jor*',
        '(',
        ')',
        '(jordan',
        'NEAR',
        'NEAR(jordan maria)',
        'jordan NEAR maria',
        '-',
        '-jordan',
        'jordan -rivera',
        'jordan OR maria',
        'jordan AND',
        'NOT maria',
        'body:jordan',
        'id:1',
        '^jordan',
        '{body}: jordan',
        "'; DROP TABLE submissions; --",
        'jordan & maria',
        'jordan | maria',
        '!maria',
        'jor:*',
        'jordan <-> rivera',
        'rivera:A',
        "'jordan'",
        '\\',
        '\u0000',
        '🙂',
        'a'.repeat(200),
      ];
      for (const q of texts) {
        await expect(box.page({ q }), q).resolves.toMatchObject({ next: null });
      }
      expect(await found('jordan -rivera')).toEqual([jordan]);
      expect(await found('"Jordan"')).toEqual([jordan]);
      expect(await found('jordan OR maria')).toEqual([]);
      expect(await found('NEAR(jordan maria)')).toEqual([]);
      expect(await found('jordan | maria')).toEqual([]);
      expect(await found('!maria')).toEqual([maria]);
      expect(await found('jor:*')).toEqual([jordan]);
      // Nothing searchable at all: no search, the whole list.
      expect(await found('"*(-')).toEqual([maria, jordan]);
      expect(await box.page({ q: '' })).toMatchObject({ items: [{ id: maria }, { id: jordan }] });
      expect((await store.list()).length).toBe(2);
    });

    it('keeps the letters and digits of at most eight words, NFKC-normalised', () => {
      expect(searchQuery(undefined)).toBeUndefined();
      expect(searchQuery(' "*( ')).toBeUndefined();
      expect(searchQuery('Jor "NEAR"(x)')).toEqual(['Jor', 'NEAR', 'x']);
      expect(searchQuery('jordan.rivera@eventos & 555-0143:*')).toEqual([
        'jordan',
        'rivera',
        'eventos',
        '555',
        '0143',
      ]);
      expect(searchQuery('1 2 3 4 5 6 7 8 9 10')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
      // A combining accent joins its letter, full-width letters and ligatures become plain ones.
      expect(searchQuery('Mari\u0301a ＪＯＲ ﬁesta')).toEqual(['María', 'JOR', 'fiesta']);
    });
  });

  describe('update', () => {
    let id: string;

    beforeEach(async () => {
      id = await quote(1);
    });

    it('records who changed the status and when, once per change', async () => {
      clock = T0 + HOUR;
      const changed = await box.update(id, { status: 'in_progress' }, owner);
      expect(changed?.status).toBe('in_progress');
      expect(changed?.events).toEqual([
        { at: T0 + HOUR, user: owner, kind: 'status', status: 'in_progress' },
      ]);

      clock = T0 + 2 * HOUR;
      const again = await box.update(id, { status: 'in_progress' }, 'partner@example.com');
      expect(again?.events).toHaveLength(1);

      clock = T0 + 3 * HOUR;
      const handled = await box.update(id, { status: 'handled' }, 'partner@example.com');
      expect(handled?.status).toBe('handled');
      expect(handled?.events).toEqual([
        { at: T0 + HOUR, user: owner, kind: 'status', status: 'in_progress' },
        { at: T0 + 3 * HOUR, user: 'partner@example.com', kind: 'status', status: 'handled' },
      ]);
      expect((await store.get(id))?.status).toBe('handled');
    });

    it('records a note change as a note event, and nothing when the note is the same', async () => {
      clock = T0 + HOUR;
      const noted = await box.update(id, { note: 'called, sending an offer' }, owner);
      expect(noted?.note).toBe('called, sending an offer');
      expect(noted?.status).toBe('new');
      expect(noted?.events).toEqual([{ at: T0 + HOUR, user: owner, kind: 'note', status: null }]);

      clock = T0 + 2 * HOUR;
      expect(
        (await box.update(id, { note: 'called, sending an offer' }, owner))?.events,
      ).toHaveLength(1);

      clock = T0 + 3 * HOUR;
      const both = await box.update(id, { status: 'handled', note: '' }, owner);
      expect(both?.note).toBe('');
      expect(both?.events).toEqual([
        { at: T0 + HOUR, user: owner, kind: 'note', status: null },
        { at: T0 + 3 * HOUR, user: owner, kind: 'status', status: 'handled' },
        { at: T0 + 3 * HOUR, user: owner, kind: 'note', status: null },
      ]);

      clock = T0 + 4 * HOUR;
      const statusOnly = await box.update(id, { status: 'spam', note: '' }, owner);
      expect(statusOnly?.events.slice(3)).toEqual([
        { at: T0 + 4 * HOUR, user: owner, kind: 'status', status: 'spam' },
      ]);
      const noteOnly = await box.update(id, { status: 'spam', note: 'spam after all' }, owner);
      expect(noteOnly?.events.slice(4)).toEqual([
        { at: T0 + 4 * HOUR, user: owner, kind: 'note', status: null },
      ]);
    });

    it('records one event when the same change is made twice at once', async () => {
      clock = T0 + HOUR;
      const changes = ['owner@example.com', 'partner@example.com'].flatMap((user) => [
        box.update(id, { status: 'handled', note: 'booked' }, user),
      ]);
      await Promise.all(changes);
      const detail = await box.detail(id);
      expect(detail?.events.map((event) => event.kind).sort()).toEqual(['note', 'status']);
      expect(detail?.firstResponseAt).toBe(T0 + HOUR);
    });

    it('changes nothing and records nothing for an unknown id', async () => {
      expect(
        await box.update('no-such-id', { status: 'handled', note: 'x' }, owner),
      ).toBeUndefined();
      const events = await database?.db.selectFrom('submission_events').selectAll().execute();
      expect(events).toEqual([]);
      expect((await store.get(id))?.status).toBe('new');
    });
  });

  describe('detail', () => {
    it('answers undefined for an unknown id', async () => {
      await quote(1);
      expect(await box.detail('00000000-0000-0000-0000-000000000000')).toBeUndefined();
      expect(await box.detail('')).toBeUndefined();
    });

    it('holds every field, the note, the languages and no events yet', async () => {
      const result = await store.save({
        form: 'application',
        fields: applicationBody(1),
        language: 'es-US',
        siteLanguage: 'es',
        notify: false,
      });
      const id = result.status === 'created' ? result.id : '';
      expect(await box.detail(id)).toEqual({
        id,
        form: 'application',
        receivedAt: T0,
        status: 'new',
        note: '',
        language: 'es-US',
        siteLanguage: 'es',
        fields: applicationBody(1),
        attachments: [],
        events: [],
        notification: { state: 'off' },
        acknowledgement: { state: 'off' },
        respondBy: null,
        quoteBy: null,
        firstResponseAt: null,
        firstResponseBusinessMs: null,
        spam: null,
        mailPaused: null,
        replies: [],
        answerWaitingSince: null,
        visit: null,
        // Nothing published: the code's name, for the reply's subject.
        businessName: 'Potomac Staffing',
      });
    });

    it("tells the outbox's pause with the detail, so that the page says why its e-mail waits", async () => {
      const id = await save('quote', quoteBody(1), true);
      expect((await box.detail(id))?.mailPaused).toBeNull();
      await store.pauseRelay('EAUTH 535', MINUTE);
      const since = (await store.relayPause())?.since;
      expect((await box.detail(id))?.mailPaused).toEqual({ since, code: 'EAUTH 535' });
    });

    it('tells the state of the e-mail notification', async () => {
      const silent = await quote(1);
      expect((await box.detail(silent))?.notification).toEqual({ state: 'off' });

      const sent = await save('quote', quoteBody(2), true);
      const retrying = await save('quote', quoteBody(3), true);
      const failed = await save('quote', quoteBody(4), true);
      for (const id of [sent, retrying, failed]) {
        expect((await box.detail(id))?.notification, id).toEqual({ state: 'pending' });
      }
      const claimed = await store.claimNotifications({
        limit: 10,
        leaseMs: MINUTE,
        maxAttempts: 30,
      });
      const claimOf = (id: string) => {
        const entry = claimed.find((notification) => notification.submission.id === id);
        if (!entry) throw new Error(`no notification for ${id}`);
        return entry;
      };

      // The outbox's times are the database's clock's, not the store's (an injected one here).
      const before = Date.now();
      await store.markNotificationSent(claimOf(sent));
      const sentState = (await box.detail(sent))?.notification;
      expect(sentState).toEqual({ state: 'sent', at: expect.any(Number) as number });
      if (sentState?.state !== 'sent') throw new Error('not sent');
      expect(sentState.at).toBeGreaterThanOrEqual(before - 1000);

      await store.markNotificationFailed(claimOf(retrying), {
        retryInMs: 2 * HOUR,
        error: 'connection refused',
      });
      const retryingState = (await box.detail(retrying))?.notification;
      expect(retryingState).toEqual({
        state: 'retrying',
        attempts: 1,
        nextAttemptAt: expect.any(Number) as number,
        error: 'connection refused',
      });
      if (retryingState?.state !== 'retrying') throw new Error('not retrying');
      expect(retryingState.nextAttemptAt - sentState.at).toBeGreaterThanOrEqual(2 * HOUR - 1000);
      expect(retryingState.nextAttemptAt - Date.now()).toBeLessThanOrEqual(2 * HOUR);

      await store.markNotificationFailed(claimOf(failed), {
        retryInMs: null,
        error: 'mailbox unavailable',
      });
      expect((await box.detail(failed))?.notification).toEqual({
        state: 'failed',
        attempts: 1,
        at: expect.any(Number) as number,
        error: 'mailbox unavailable',
      });
      expect((await box.detail(silent))?.notification).toEqual({ state: 'off' });
    });
  });
});

describe('migration 2 (SQLite)', () => {
  beforeEach(() => {
    data = tempDataDir();
  });

  it('gives the rows of a version-1 database a status and makes them searchable', async () => {
    const client = createClient({ url: data.database.url });
    try {
      await client.execute(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
      );
      for (const step of migrations[0]?.statements ?? []) {
        const statement = forEngine(step, 'sqlite');
        if (statement) await client.execute(statement);
      }
      await client.execute({
        sql: 'INSERT INTO schema_migrations (version, applied_at) VALUES (1, ?)',
        args: [T0],
      });
      await client.execute({
        sql: `INSERT INTO submissions (id, form, received_at, fields, client_hash, user_agent)
              VALUES (?, 'quote', ?, ?, NULL, 'old browser')`,
        args: [
          '11111111-2222-4333-8444-555555555555',
          T0 - HOUR,
          JSON.stringify(quoteBody(1, { clientName: 'Jordan Álvarez' })),
        ],
      });
    } finally {
      client.close();
    }

    const opened = await open(data.database);
    const versions = await opened.db
      .selectFrom('schema_migrations')
      .select('version')
      .orderBy('version')
      .execute();
    expect(versions.map((row) => Number(row.version))).toEqual(
      migrations.map((migration) => migration.version),
    );

    const row = await store.get('11111111-2222-4333-8444-555555555555');
    expect(row).toMatchObject({ status: 'new', note: '', language: null });
    for (const q of ['Jordan', 'alvarez', '2025550143', '555-0143', 'Willard', '11111111']) {
      expect(await found(q), q).toEqual(['11111111-2222-4333-8444-555555555555']);
    }
    expect((await box.page({})).counts).toEqual({ new: 1, in_progress: 0, handled: 0, spam: 0 });

    // New rows and notes are indexed by the triggers as before.
    const fresh = await quote(2, { clientName: 'Jordan Baker' });
    expect(await found('jordan')).toEqual([fresh, '11111111-2222-4333-8444-555555555555']);
    await box.update('11111111-2222-4333-8444-555555555555', { note: 'returning client' }, owner);
    expect(await found('returning')).toEqual(['11111111-2222-4333-8444-555555555555']);
    expect(await found('alvarez')).toEqual(['11111111-2222-4333-8444-555555555555']);
  });
});
