// A submission's replies and answers in search, in the person's copy of their data and in every
// erasure (a person's, the retention job's, a restore's again), on both engines
// (docs/replies.md, "Search, export and erasure").
import { sql } from 'kysely';
import pg from 'pg';
import { inbox, type Inbox } from '../admin/inbox.ts';
import { forms } from '../intake/forms.ts';
import { openStore, type Store } from '../store/store.ts';
import { engines } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { eraseAgain } from './erase-again.ts';
import { eraseExpired, erasePerson, personData } from './erasure.ts';

const DAY = 86_400_000;
const T0 = Date.parse('2030-05-01T12:00:00Z');
const OWNER = { userId: null, label: 'owner@example.com' };
const DANA = 'dana@example.com';

let store: Store;
let box: Inbox;
let remove: () => void;
let url: string;
let messages = 0;

async function quote(n: number, email: string) {
  const saved = await store.save({
    form: 'quote',
    fields: { ...quoteBody(n, { email, phone: `(202) 555-01${10 + n}` }) },
    notify: true,
  });
  if (saved.status !== 'created') throw new Error(saved.status);
  return saved.id;
}

interface Words {
  subject: string;
  body: string;
  quoted?: string;
}

/** A reply sent to the visitor ('out') or their answer ('in'), with its outbox row, as the app writes them. */
async function converse(submission: string, direction: 'out' | 'in', words: Words) {
  const { db } = store.database;
  messages += 1;
  const reply = await db
    .insertInto('replies')
    .values({
      submission_id: submission,
      direction,
      at: T0 + messages * 60_000,
      user_email: direction === 'out' ? 'owner@example.com' : null,
      template_id: null,
      language: 'es',
      from_address: direction === 'out' ? 'hello@example.com' : DANA,
      to_address: direction === 'out' ? DANA : 'reply+token@example.com',
      subject: words.subject,
      body: words.body,
      quoted: words.quoted ?? null,
      message_id: `<reply.${messages}@example.com>`,
      in_reply_to: null,
      ref_ids: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(reply.id);
  await db
    .insertInto('outbox')
    .values({
      submission_id: submission,
      kind: direction === 'out' ? 'reply' : 'answer',
      created_at: T0,
      next_attempt_at: T0,
      lease_until: null,
      last_error: null,
      last_error_at: null,
      sent_at: null,
      gave_up_at: null,
      claim_token: null,
      reply_id: id,
    })
    .execute();
  return id;
}

/** Dana's conversation: a reply and her answer, in Spanish, quoting the reply. */
async function danaConverses(submission: string) {
  const reply = await converse(submission, 'out', {
    subject: 'Re: Your quote request',
    body: 'Your marimba band quote is attached.',
  });
  const answer = await converse(submission, 'in', {
    subject: 'Re: Re: Your quote request',
    body: 'Gracias, es para el cumpleaños de mi madre.',
    quoted: '> Your xylophone quote is attached.',
  });
  return [reply, answer];
}

const search = async (q: string) => (await box.page({ q })).items.map((item) => item.id);

/**
 * How many entries of the search index hold this word, submission or not: on SQLite the index is a
 * table of its own (on Postgres a column of the submission's row, gone with it).
 */
async function indexed(word: string) {
  if (store.database.engine.kind !== 'sqlite') return 0;
  const { rows } = await sql`SELECT rowid FROM submissions_search
    WHERE submissions_search MATCH ${word}`.execute(store.database.db);
  return rows.length;
}

/** The rows left of these replies and answers: theirs, and the outbox's that name them. */
async function left(submissions: readonly string[], replies: readonly number[]) {
  const { db } = store.database;
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    replies: await count(
      db
        .selectFrom('replies')
        .select('id')
        .where((eb) => eb.or([eb('id', 'in', replies), eb('submission_id', 'in', submissions)]))
        .execute(),
    ),
    outbox: await count(
      db
        .selectFrom('outbox')
        .select('id')
        .where((eb) =>
          eb.or([eb('reply_id', 'in', replies), eb('submission_id', 'in', submissions)]),
        )
        .execute(),
    ),
  };
}

describe.each(engines)('replies and answers on $name', (engine) => {
  beforeEach(async () => {
    messages = 0;
    const created = await engine.create();
    remove = created.remove;
    url = created.database.url;
    store = await openStore(created.database, { now: () => T0 });
    box = inbox(store.database, { forms, now: () => T0, published: () => NOTHING_PUBLISHED });
  });

  afterEach(async () => {
    await store.close();
    remove();
  });

  it('search finds a submission by its reply and by its answer (accents folded), not by the quoted text', async () => {
    const indexed = await quote(1, DANA);
    const other = await quote(2, 'erin@example.com');
    // Indexed before its conversation (the replies' triggers write it again on SQLite)…
    expect(await search('Jordan')).toHaveLength(2);
    await danaConverses(indexed);
    // …and one that has its conversation before the search first indexes it.
    const fresh = await quote(3, 'fran@example.com');
    await converse(fresh, 'out', { subject: 'Interview', body: 'The marimba audition is Monday.' });

    expect(await search('marimba')).toEqual([fresh, indexed]);
    expect(await search('cumpleanos')).toEqual([indexed]);
    expect(await search('CUMPLEAÑOS')).toEqual([indexed]);
    expect(await search('madre marimba')).toEqual([indexed]);
    expect(await search('audition')).toEqual([fresh]);
    expect(await search('xylophone')).toEqual([]);
    // A note written later keeps the conversation's words in the search.
    await box.update(indexed, { note: 'Call back on Friday' }, 'owner@example.com');
    expect(await search('friday cumpleanos')).toEqual([indexed]);
    expect(await search('Jordan')).toEqual([fresh, other, indexed]);
  });

  it('erasing a person removes their replies, answers and their e-mails, from every table and the search', async () => {
    const dana = [await quote(1, DANA), await quote(2, DANA)];
    const erin = await quote(3, 'erin@example.com');
    await search('Jordan');
    const replies = [
      ...(await danaConverses(dana[0] ?? '')),
      ...(await danaConverses(dana[1] ?? '')),
    ];
    const erins = await converse(erin, 'out', { subject: 'Hello', body: 'A marimba for you too.' });
    // An answer's notice filed under another submission still names Dana's answer: it goes too.
    await store.database.db
      .updateTable('outbox')
      .set({ submission_id: erin })
      .where('reply_id', '=', replies[1] ?? 0)
      .execute();
    expect(await search('cumpleanos')).toEqual([...dana].reverse());
    expect(await indexed('cumpleanos')).toBe(engine.name === 'sqlite' ? 2 : 0);
    const before = await left(dana, replies);
    // Each submission's notice to the company, and an e-mail per reply and answer.
    expect(before).toEqual({ replies: 4, outbox: 2 + 4 });

    const erased = await erasePerson(store.database, { email: DANA }, OWNER, T0);

    expect(erased.submissions).toBe(2);
    // The submissions, their duplicate keys, and what `before` counted.
    expect(erased.rows).toBe(2 + 2 + 4 + 6);
    expect(await left(dana, replies)).toEqual({ replies: 0, outbox: 0 });
    expect(await search('cumpleanos')).toEqual([]);
    expect(await indexed('cumpleanos')).toBe(0);
    expect(await search('marimba')).toEqual([erin]);
    expect(await left([erin], [erins])).toEqual({ replies: 1, outbox: 2 });
  });

  it("the person's copy of their data holds their replies and answers, word for word", async () => {
    const id = await quote(1, DANA);
    await danaConverses(id);
    const data = await personData(store.database, { email: DANA }, T0);
    const [submission] = data.submissions;
    expect(submission?.replies).toEqual([
      {
        direction: 'out',
        at: new Date(T0 + (messages - 1) * 60_000).toISOString(),
        by: 'owner@example.com',
        from: 'hello@example.com',
        to: DANA,
        subject: 'Re: Your quote request',
        body: 'Your marimba band quote is attached.',
        quoted: null,
      },
      {
        direction: 'in',
        at: new Date(T0 + messages * 60_000).toISOString(),
        by: null,
        from: DANA,
        to: 'reply+token@example.com',
        subject: 'Re: Re: Your quote request',
        body: 'Gracias, es para el cumpleaños de mi madre.',
        quoted: '> Your xylophone quote is attached.',
      },
    ]);
    // The reply's e-mail went to her; the notice of her answer, to the company.
    expect(submission?.emails.map((email) => [email.kind, email.to])).toEqual([
      ['notify', 'the company'],
      ['reply', DANA],
      ['answer', 'the company'],
    ]);
  });

  it('the retention job and a restore erasing again remove replies and answers too', async () => {
    const expired = await quote(1, DANA);
    const erased = await quote(2, 'erin@example.com');
    await search('Jordan');
    const expiredReplies = await danaConverses(expired);
    const erasedReplies = await danaConverses(erased);
    await box.update(expired, { status: 'handled' }, 'owner@example.com');

    const pass = await eraseExpired(store.database, { quote: 1 }, T0 + 2 * DAY);
    expect(pass.submissions).toBe(1);
    expect(await left([expired], expiredReplies)).toEqual({ replies: 0, outbox: 0 });

    // An erasure recorded in another copy of the database, replayed here (server/data/erase-again.ts).
    const again = await eraseAgain(store.database.engine, [
      {
        token: 'a-past-erasure',
        at: T0,
        reason: 'person',
        userId: null,
        label: 'owner',
        ids: [erased],
      },
    ]);
    expect(again).toEqual({ erasures: 1, submissions: 1 });
    expect(await left([erased], erasedReplies)).toEqual({ replies: 0, outbox: 0 });
    expect(await search('cumpleanos')).toEqual([]);
  });

  it.runIf(engine.name === 'postgres')(
    'two replies of one submission written at once are both in its search',
    async () => {
      const id = await quote(1, DANA);
      const [first, second] = [new pg.Client(url), new pg.Client(url)];
      await Promise.all([first.connect(), second.connect()]);
      const insert = (client: pg.Client, n: number, word: string) =>
        client.query(
          `INSERT INTO replies (submission_id, direction, at, from_address, to_address, subject,
            body, message_id) VALUES ($1, 'in', $2, $3, $4, 'Re: Quote', $5, $6)`,
          [id, T0 + n, DANA, 'reply+token@example.com', word, `<answer.${n}@example.com>`],
        );
      try {
        await first.query('BEGIN');
        await insert(first, 1, 'Saxophone');
        await second.query('BEGIN');
        // The second waits for the first's lock on the submission, then reads its reply too.
        const writing = insert(second, 2, 'Trombone');
        await lockWaiters(first, 1);
        await first.query('COMMIT');
        await writing;
        await second.query('COMMIT');
      } finally {
        await Promise.all([first.end(), second.end()]);
      }
      expect(await search('saxophone trombone')).toEqual([id]);
    },
  );
});

/** Waits until `count` sessions of this database wait for a lock (10 s at most). */
async function lockWaiters(client: pg.Client, count: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await client.query<{ n: string }>(
      "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
    );
    if (Number(rows[0]?.n) >= count) return;
    if (Date.now() > deadline) throw new Error(`no ${count} lock waiters after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
