import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { WeeklyPicture } from '../../src/admin/contract.ts';
import { adminText } from '../../src/content/admin.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { forms } from '../intake/forms.ts';
import { weeklyEmailText } from '../../src/content/weekly-email.ts';
import { buildApp } from '../http/app.ts';
import { silentLog } from '../testing/outbox.ts';
import { smtpSender } from '../mail/transport.ts';
import { createStore, type Store } from '../store/store.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { injectSignIn, SAME_ORIGIN } from '../testing/admin-session.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { applicationBody, quoteBody } from '../testing/fixtures.ts';
import { startSmtp, type SmtpServer } from '../testing/smtp.ts';
import { inbox } from './inbox.ts';
import { users } from './users.ts';
import { setWeeklyEmail } from './weekly-email-setting.ts';
import { sendWeeklyReports, type WeeklyReportOptions } from './weekly-report.ts';
import { weeklyReportMail } from './weekly-report-mail.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const PASSWORD = 'a long enough password';
const OWNER = 'owner@example.com';
const PARTNER = 'socia@example.com';
const QUIET = 'quiet@example.com';
const FROM = 'Potomac Staffing <notify@potomac.example>';
/** Monday 23 November 2026, 08:05 in Washington (EST): the week of 16–22 November has ended. */
const MONDAY_0805 = Date.parse('2026-11-23T08:05:00-05:00');
const LAST_WEEK = Date.parse('2026-11-16T00:00:00-05:00');

let data: Awaited<ReturnType<TestEngine['create']>>;
let database: Database;
let store: Store;
let app: FastifyInstance;
let smtp: SmtpServer;
let clock: number;
const now = () => clock;
/** The senders a test made: their pools are closed before the relay is. */
const senders: ReturnType<typeof smtpSender>[] = [];
function sender(url = `smtp://127.0.0.1:${smtp.port}`) {
  const made = smtpSender(url);
  senders.push(made);
  return made;
}

async function save(form: 'quote' | 'application', fields: object, at: string): Promise<string> {
  clock = Date.parse(at);
  const result = await store.save({ form, fields: { ...fields }, notify: false });
  if (result.status !== 'created') throw new Error(`not stored: ${result.status}`);
  return result.id;
}

function options(overrides: Partial<WeeklyReportOptions> = {}): WeeklyReportOptions {
  return {
    engine: database.engine,
    sender: sender(),
    from: FROM,
    published: () => NOTHING_PUBLISHED,
    siteUrl: 'https://potomac.example',
    log: silentLog,
    now,
    ...overrides,
  };
}

const parsed = () => Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text;

/**
 * Last week (16–22 November): a quote answered in an hour (from a Google search), a quote never
 * answered (overdue now), an application, a spam quote; a quote of this week; visitors counted on
 * two days of the week and one after it.
 */
async function seedWeek() {
  const answered = await save('quote', quoteBody(1), '2026-11-17T09:00:00-05:00');
  clock = Date.parse('2026-11-17T10:00:00-05:00');
  await database.db
    .updateTable('submissions')
    .set({ source_kind: 'search', source_name: 'google', source_campaign: '' })
    .where('id', '=', answered)
    .execute();
  const box = inbox(database, { forms, now, published: () => NOTHING_PUBLISHED });
  await box.update(answered, { status: 'handled' }, OWNER);
  await save('quote', quoteBody(2), '2026-11-18T10:00:00-05:00');
  await save('application', applicationBody(3), '2026-11-19T12:00:00-05:00');
  const spam = await save('quote', quoteBody(4), '2026-11-20T12:00:00-05:00');
  await box.update(spam, { status: 'spam' }, OWNER);
  await save('quote', quoteBody(5), '2026-11-23T07:00:00-05:00');
  const visits = (day: string, language: string, kind: string, name: string, visitors: number) => ({
    day,
    language,
    source_kind: kind,
    source_name: name,
    campaign: '',
    visitors,
    saw_form: 0,
    started: 0,
  });
  await database.db
    .insertInto('visit_sources')
    .values([
      visits('2026-11-17', 'en', 'search', 'google', 30),
      visits('2026-11-20', 'es', 'direct', '', 12),
      visits('2026-11-23', 'en', 'direct', '', 99),
    ])
    .execute();
}

/** The weekly picture as the inbox shows it at `clock`, through its API. */
async function picture(): Promise<WeeklyPicture> {
  const token = await injectSignIn(app, OWNER, PASSWORD);
  const answer = await app.inject({
    method: 'GET',
    url: '/admin/api/weekly',
    headers: { ...SAME_ORIGIN, cookie: `admin_session=${token}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<WeeklyPicture>();
}

describe.each(engines)('the weekly e-mail on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    database = await openDatabase(data.database);
    clock = MONDAY_0805;
    store = createStore(database, { now });
    smtp = await startSmtp();
    app = await buildApp({ store, logLevel: false, admin: { cost, now } });
    const accounts = users(database, { cost, now });
    await accounts.add(OWNER, PASSWORD);
    const partner = await accounts.add(PARTNER, PASSWORD);
    const quiet = await accounts.add(QUIET, PASSWORD);
    await setWeeklyEmail(database.db, partner.id, { on: true, language: 'es' });
    await setWeeklyEmail(database.db, quiet.id, { on: false, language: 'en' });
  });

  afterEach(async () => {
    await app.close();
    senders.splice(0).forEach((made) => made.close?.());
    await smtp.close();
    await database.close();
    data.remove();
  });

  it('sends each account that has it on one e-mail in its language, with the weekly picture’s figures', async () => {
    await seedWeek();
    clock = MONDAY_0805;
    expect(await sendWeeklyReports(options())).toBe(2);
    const mails = await parsed();
    expect(mails.map(to).sort()).toEqual([OWNER, PARTNER]);

    // The figures of the week as GET /admin/api/weekly gives them.
    const shown = await picture();
    const index = shown.weeks.findIndex((week) => week.start === LAST_WEEK);
    const week = shown.weeks[index];
    if (!week) throw new Error('last week is not in the picture');
    const visitors = shown.funnel
      .filter((row) => row.week === index)
      .reduce((sum, row) => sum + row.visitors, 0);
    // What was seeded: two quotes (spam aside) and an application last week, one quote overdue now.
    expect([week.quotes, week.applications]).toEqual([2, 1]);
    // The visitors seeded last week (30 + 12).
    expect(visitors).toBe(42);
    const percent = Math.round((100 * week.withinPromise) / week.quotes);

    const english = mails.find((mail) => to(mail) === OWNER);
    const en = weeklyEmailText.en;
    expect(english?.subject).toMatch(/^Your week at Potomac Staffing: November 16\s?–\s?22, 2026$/);
    expect(english?.text).toContain(`${en.visitors}: ${visitors}\n`);
    expect(english?.text).toContain(`${en.quotes}: 2\n`);
    expect(english?.text).toContain(`${en.applications}: 1\n`);
    expect(english?.text).toContain(
      `${en.withinPromise(4)}: ${en.share(week.withinPromise, 2, percent)}\n`,
    );
    expect(english?.text).toContain(`${en.overdue}: ${en.overdueSome(1)}\n`);
    expect(english?.text).toContain(`${en.pictureLink}: https://potomac.example/admin/#/weekly`);
    expect(english?.html).toContain('href="https://potomac.example/admin/#/weekly"');
    expect(english?.html).toContain(`<td>${week.applications}</td>`);

    const spanish = mails.find((mail) => to(mail) === PARTNER);
    const es = weeklyEmailText.es;
    expect(spanish?.subject).toMatch(
      /^Su semana en Potomac Staffing: 16\s?–\s?22 de noviembre de 2026$/,
    );
    expect(spanish?.text).toContain(`${es.visitors}: ${visitors}\n`);
    expect(spanish?.text).toContain(`${es.quotes}: 2\n`);
    expect(spanish?.text).toContain(`${es.applications}: 1\n`);
    expect(spanish?.text).toContain(`${es.overdue}: ${es.overdueSome(1)}\n`);
    expect(spanish?.html).toContain('lang="es"');

    for (const mail of mails) {
      expect(mail.messageId).toMatch(/^<weekly\.2026-11-16\.\d+@potomac\.example>$/);
      expect(mail.date?.getTime()).toBeGreaterThan(0);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect(mail.html).toBeTruthy();
    }
  });

  it('lists the week’s leads by source, as the funnel counts them, in words', async () => {
    await seedWeek();
    clock = MONDAY_0805;
    await sendWeeklyReports(options());
    const shown = await picture();
    const index = shown.weeks.findIndex((week) => week.start === LAST_WEEK);
    const rows = shown.funnel.filter((row) => row.week === index && row.sent > 0);
    const mails = await parsed();
    const english = mails.find((mail) => to(mail) === OWNER)?.text ?? '';
    const spanish = mails.find((mail) => to(mail) === PARTNER)?.text ?? '';
    const en = weeklyEmailText.en;
    const sentFrom = (kind: string, name: string) =>
      rows
        .filter((row) => row.kind === kind && row.name === name)
        .reduce((sum, row) => sum + row.sent, 0);
    // The answered quote came from a Google search; the other quote and the application from no
    // known visit (not counted: GPC, say), not from direct visits. Google by the name the inbox
    // gives it, not the stored 'google'.
    expect([sentFrom('search', 'google'), sentFrom('unknown', ''), sentFrom('direct', '')]).toEqual(
      [1, 2, 0],
    );
    const google = `  ${en.sourceNamed(en.sourceKinds.search, 'Google')}: 1\n`;
    expect(english).toContain(google);
    expect(english).toContain('  Visit not known: 2\n');
    expect(english).not.toContain(`  ${en.sourceKinds.direct}:`);
    // Listed after the sources of counted visits, though more.
    expect(english.indexOf('Visit not known')).toBeGreaterThan(english.indexOf(google));
    expect(spanish).toContain('  Visita no registrada: 2\n');
  });

  it('sends nothing on Sunday or before 08:00 on Monday, nor to an account that turned it off, nor twice', async () => {
    for (const at of [
      '2026-11-22T23:59:00-05:00',
      '2026-11-23T07:59:00-05:00',
      '2026-11-24T08:05:00-05:00',
    ]) {
      clock = Date.parse(at);
      expect(await sendWeeklyReports(options()), at).toBe(0);
    }
    expect(await database.db.selectFrom('weekly_reports').selectAll().execute()).toEqual([]);

    // Two instances on one database, at once: each e-mail goes once.
    clock = MONDAY_0805;
    const other = await openDatabase(data.database);
    const counts = await Promise.all([
      sendWeeklyReports(options()),
      sendWeeklyReports(options({ engine: other.engine })),
    ]).finally(() => other.close());
    expect(counts[0] + counts[1]).toBe(2);
    clock = Date.parse('2026-11-23T23:55:00-05:00');
    expect(await sendWeeklyReports(options())).toBe(0);
    const mails = await parsed();
    expect(mails.map(to).sort()).toEqual([OWNER, PARTNER]);
    expect(mails.map(to)).not.toContain(QUIET);
  });

  it('tries a relay failure again after a growing wait, keeping only its code', async () => {
    await smtp.close();
    smtp = await startSmtp(0, { refuseSignIn: true });
    const relay = () => options({ sender: sender(`smtp://user:secret@127.0.0.1:${smtp.port}`) });
    const rows = () =>
      database.db.selectFrom('weekly_reports').selectAll().orderBy('user_id').execute();
    /** Each row's wait before its next try (in minutes), its tries and its code. */
    const waits = async () =>
      (await rows()).map((row) => [
        Math.round((Number(row.lease_until) - Date.now()) / 60_000),
        Number(row.attempts),
        row.last_error,
      ]);
    /** The wait is over (as it would be five minutes later). */
    const waited = () =>
      database.db.updateTable('weekly_reports').set({ lease_until: 0 }).execute();

    expect(await sendWeeklyReports(relay())).toBe(0);
    expect(await waits()).toEqual([
      [5, 1, 'EAUTH 535'],
      [5, 1, 'EAUTH 535'],
    ]);
    // Still waiting: the next look tries nothing.
    const tried = smtp.signIns();
    expect(await sendWeeklyReports(relay())).toBe(0);
    expect(smtp.signIns()).toBe(tried);
    // Tried again once the wait is over, failing again: the wait doubles.
    await waited();
    expect(await sendWeeklyReports(relay())).toBe(0);
    expect(smtp.signIns()).toBeGreaterThan(tried);
    expect(await waits()).toEqual([
      [10, 2, 'EAUTH 535'],
      [10, 2, 'EAUTH 535'],
    ]);
    smtp.acceptSignIn();
    await waited();
    expect(await sendWeeklyReports(relay())).toBe(2);
    expect(smtp.received).toHaveLength(2);
    expect(
      (await rows()).map((row) => [row.sent_at !== null, Number(row.attempts), row.last_error]),
    ).toEqual([
      [true, 3, null],
      [true, 3, null],
    ]);
  });

  it('gives a failing e-mail up after 5 tries', async () => {
    await smtp.close();
    smtp = await startSmtp(0, { refuseSignIn: true });
    const fast = { sender: sender(`smtp://u:p@127.0.0.1:${smtp.port}`), retryBaseMs: 0 };
    for (let pass = 0; pass < 5; pass += 1) await sendWeeklyReports(options(fast));
    const tried = smtp.signIns();
    await sendWeeklyReports(options(fast));
    expect(smtp.signIns()).toBe(tried);
    const rows = await database.db.selectFrom('weekly_reports').selectAll().execute();
    expect(rows.map((row) => Number(row.attempts))).toEqual([5, 5]);
  });

  it('lets an account that has had its e-mails be removed', async () => {
    expect(await sendWeeklyReports(options())).toBe(2);
    await users(database, { cost, now }).remove(PARTNER);
    const rows = await database.db.selectFrom('weekly_reports').select('user_id').execute();
    expect(rows).toHaveLength(1);
    expect(await users(database, { cost, now }).find(PARTNER)).toBeUndefined();
  });

  it('says where the weekly picture is without SITE_URL', async () => {
    await sendWeeklyReports(options({ siteUrl: undefined }));
    const [english] = (await parsed()).filter((mail) => to(mail) === OWNER);
    expect(english?.text).toContain(weeklyEmailText.en.pictureWhere);
    expect(english?.text).toContain(adminText.inbox.weeklyLink);
    expect(english?.text).not.toContain('#/weekly');
  });
});

describe('the weekly e-mail’s HTML part', () => {
  it('escapes every value it shows', () => {
    const mail = weeklyReportMail(
      {
        weekStart: LAST_WEEK,
        weekEnd: Date.parse('2026-11-23T00:00:00-05:00'),
        visitors: 3,
        leads: [{ kind: 'campaign', name: '<b>flyer</b> & "co"', sent: 1 }],
        quotes: 1,
        applications: 0,
        withinPromise: 1,
        promiseMs: 4 * 3_600_000,
        overdue: 0,
      },
      {
        from: FROM,
        to: OWNER,
        setting: { language: 'en' },
        business: { name: 'Smith & <Sons>', timeZone: 'America/New_York' },
        siteUrl: 'https://potomac.example',
        visits: true,
        messageId: '<weekly@potomac.example>',
      },
    );
    expect(mail.html).toContain('&lt;b&gt;flyer&lt;/b&gt; &amp; &quot;co&quot;');
    expect(mail.html).not.toContain('<b>flyer');
    expect(mail.text).toContain('Campaign (<b>flyer</b> & "co"): 1');
    expect(mail.text).toContain('1 of 1 (100%)');
    expect(mail.subject).toContain('Smith & <Sons>');
  });
});

describe('the weekly e-mail’s figures in words', () => {
  const figures = {
    weekStart: LAST_WEEK,
    weekEnd: Date.parse('2026-11-23T00:00:00-05:00'),
    visitors: 12_345,
    leads: [
      { kind: 'search' as const, name: 'duckduckgo', sent: 1_204 },
      { kind: 'campaign' as const, name: 'flyer', sent: 3 },
      { kind: 'whatsapp' as const, name: 'whatsapp', sent: 2 },
    ],
    quotes: 1_500,
    applications: 2,
    withinPromise: 1_200,
    promiseMs: 4 * 3_600_000,
    overdue: 1_001,
  };
  const address = (language: 'en' | 'es') => ({
    from: FROM,
    to: OWNER,
    setting: { language },
    business: { name: 'Potomac Staffing', timeZone: 'America/New_York' },
    visits: true,
    messageId: '<weekly@potomac.example>',
  });

  it('writes counts as each language does and sources as the inbox names them', () => {
    for (const language of ['en', 'es'] as const) {
      const words = weeklyEmailText[language];
      const { text } = weeklyReportMail(figures, address(language));
      expect(text).toContain(`${words.visitors}: 12,345\n`);
      expect(text).toContain(`${words.quotes}: 1,500\n`);
      expect(text).toContain(
        `${words.sourceNamed(words.sourceKinds.search, 'DuckDuckGo')}: 1,204\n`,
      );
      expect(text).toContain(`${words.sourceNamed(words.sourceKinds.campaign, 'flyer')}: 3\n`);
      expect(text).toContain(`  ${words.sourceKinds.whatsapp}: 2\n`);
      expect(text).toMatch(/: 1,200 (of|de) 1,500 \(80 ?%\)\n/);
      expect(text).toContain(': 1,001 (');
    }
  });
});
