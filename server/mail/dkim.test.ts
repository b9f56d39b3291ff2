// Every kind of e-mail the server sends, through the real outbox (the weekly e-mail through its
// own loop on the same sender) to a real SMTP server: DKIM-signed with a key made here, verified
// by mailauth against the record on a real DNS server, and headed honestly (Message-ID in the
// sending domain, Date, a plain-text part, Auto-Submitted on the automatic ones).
import { generateKeyPairSync } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { DNSResolver } from 'mailauth';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';
import { sendReply } from '../admin/send-reply.ts';
import { users } from '../admin/users.ts';
import { setWeeklyEmail } from '../admin/weekly-email-setting.ts';
import { sendWeeklyReports } from '../admin/weekly-report.ts';
import { saveAnswer } from '../replies/answers/answer-store.ts';
import { openStore, type Store } from '../store/store.ts';
import { startDns, type TestDns } from '../testing/dns.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { quoteBody } from '../testing/fixtures.ts';
import { silentLog, startTestOutbox } from '../testing/outbox.ts';
import { startSmtp, type Received, type SmtpServer } from '../testing/smtp.ts';
import { dkimRecordValue } from './check/dkim-record.ts';
import type { Outbox } from './outbox.ts';
import { smtpSender, type MailSender, type MailTransportSettings } from './transport.ts';

const DOMAIN = 'staffing.example';
const SELECTOR = 'mail2026';
const RECORD = `${SELECTOR}._domainkey.${DOMAIN}`;
const OWNER = `bookings@${DOMAIN}`;
const VISITOR = 'jordan.rivera+1@example.com';
/** Monday 23 November 2026, 08:05 in Washington: last week's e-mail is due. */
const MONDAY_0805 = Date.parse('2026-11-23T08:05:00-05:00');
const cost = { log2N: 10, r: 8, p: 1 };

const newKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = newKey();
const privateKey = key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let dns: TestDns;
let smtp: SmtpServer;
let data: Awaited<ReturnType<TestEngine['create']>>;
let store: Store;
let outbox: Outbox | undefined;
let sender: MailSender | undefined;

/** mailauth's DNS: the test DNS server, asked as a receiver asks its own. */
function resolver(): DNSResolver {
  const asking = new Resolver();
  asking.setServers([dns.server]);
  return async (name, rrtype) => {
    if (rrtype !== 'TXT') throw Object.assign(new Error(`no ${rrtype}`), { code: 'ENODATA' });
    return asking.resolveTxt(name);
  };
}

/**
 * The DKIM results of a raw message, one per signature: 'pass', 'fail' (the signature does not
 * match the key), or mailauth's 'neutral' with why (a body changed after signing), or 'none'.
 */
async function dkimResults(raw: string): Promise<string[]> {
  const verified = await dkimVerify(Buffer.from(raw), { resolver: resolver() });
  return verified.results.map(({ status }) =>
    status.comment ? `${status.result} (${status.comment})` : status.result,
  );
}

const dkimSettings = (key_ = privateKey): MailTransportSettings['dkim'] => ({
  domain: DOMAIN,
  selector: SELECTOR,
  privateKey: key_,
});

/** The outbox sending through the real transport with `dkim`, as main.ts makes it. */
function startSending(from: string, dkim: MailTransportSettings['dkim']) {
  sender = smtpSender({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dkim });
  outbox = startTestOutbox(store, sender, { from, to: [OWNER], pollMs: 100 });
  return sender;
}

async function received(count: number): Promise<Received[]> {
  while (smtp.received.length < count) await smtp.next();
  return smtp.received.slice(0, count);
}

/** A quote with its notification and acknowledgement, a reply, the visitor's answer (its notice). */
async function queueConversation(from: string): Promise<string> {
  const saved = await store.save({
    form: 'quote',
    fields: { ...quoteBody(1) },
    notify: true,
    acknowledgeTo: VISITOR,
  });
  if (saved.status !== 'created') throw new Error('not saved');
  const body = {
    language: 'en' as const,
    subject: 'Re: Your quote',
    body: 'Hello Jordan,\n\nYes.\n',
    templateId: null,
  };
  const replied = await sendReply(store.database.engine, {
    id: saved.id,
    body,
    userEmail: OWNER,
    at: Date.now(),
    from,
    to: VISITOR,
    conversation: [],
  });
  expect(replied).toBe(true);
  await saveAnswer(store.database.engine, {
    submissionId: saved.id,
    at: Date.now(),
    fromAddress: VISITOR,
    toAddress: OWNER,
    subject: 'Re: Your quote',
    body: 'Thank you!',
    quoted: null,
    messageId: '<answer.1@example.com>',
    inReplyTo: null,
    refIds: null,
  });
  outbox?.nudge();
  return saved.id;
}

/** Last week's e-mail to the owner's account, through the same sender as main.ts gives it. */
async function sendWeekly(from: string, through: MailSender) {
  const owner = await users(store.database, { cost }).add(OWNER, 'a long enough password');
  await setWeeklyEmail(store.database.db, owner.id, { on: true, language: 'en' });
  const sent = await sendWeeklyReports({
    engine: store.database.engine,
    sender: through,
    from,
    published: () => NOTHING_PUBLISHED,
    log: silentLog,
    now: () => MONDAY_0805,
  });
  expect(sent).toBe(1);
}

type Kind = 'notification' | 'acknowledgement' | 'reply' | 'answer notice' | 'weekly';

/** Each kind's message, known by its Message-ID's shape. */
async function byKind(raws: Received[], submissionId: string) {
  const kinds = new Map<Kind, { raw: string; mail: ParsedMail }>();
  for (const { raw } of raws) {
    const mail = await simpleParser(raw);
    const id = mail.messageId ?? '';
    const kind: Kind | undefined = id.startsWith(`<${submissionId}@`)
      ? 'notification'
      : id.startsWith(`<${submissionId}.acknowledgement@`)
        ? 'acknowledgement'
        : id.startsWith('<reply.')
          ? 'reply'
          : id.startsWith(`<${submissionId}.answer.`)
            ? 'answer notice'
            : id.startsWith('<weekly.')
              ? 'weekly'
              : undefined;
    expect(kind, `an e-mail of no known kind: ${id}`).toBeDefined();
    if (kind) kinds.set(kind, { raw, mail });
  }
  return kinds;
}

/** Sends one of every kind from `from` and returns them by kind. */
async function everyKind(from: string, dkim: MailTransportSettings['dkim']) {
  const through = startSending(from, dkim);
  const id = await queueConversation(from);
  await sendWeekly(from, through);
  const kinds = await byKind(await received(5), id);
  expect([...kinds.keys()].sort()).toEqual(
    ['acknowledgement', 'answer notice', 'notification', 'reply', 'weekly'].sort(),
  );
  return kinds;
}

beforeAll(async () => {
  dns = await startDns({ [RECORD]: [dkimRecordValue(key.publicKey)] });
  smtp = await startSmtp();
});

afterAll(async () => {
  await smtp.close();
  await dns.close();
});

describe.each(engines)('every e-mail, signed and headed ($name)', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
    smtp.received.splice(0);
    dns.setTxt(RECORD, dkimRecordValue(key.publicKey));
  });

  afterEach(async () => {
    await outbox?.stop();
    outbox = undefined;
    sender?.close?.();
    sender = undefined;
    store.close();
    data.remove();
  });

  it('signs every kind with the DKIM key: each verifies against the published record, and fails once changed', async () => {
    const kinds = await everyKind(`Potomac Staffing <forms@${DOMAIN}>`, dkimSettings());
    for (const [kind, { raw }] of kinds) {
      expect(raw, kind).toMatch(/^DKIM-Signature: .*\bd=staffing\.example;/m);
      expect(raw, kind).toMatch(/^DKIM-Signature: [^]*?\bs=mail2026;/m);
      expect(await dkimResults(raw), kind).toEqual(['pass']);
      // A changed body: the signature's body hash no longer matches.
      const start = raw.search(/\r\n\r\n/) + 4;
      const changed = `${raw.slice(0, start)}Changed on the way.\r\n${raw.slice(start)}`;
      expect(await dkimResults(changed), kind).toEqual(['neutral (body hash did not verify)']);
      // A changed signed header.
      const retitled = raw.replace(/^Subject: .*$/m, 'Subject: Something else');
      expect(await dkimResults(retitled), kind).toEqual(['fail (bad signature)']);
    }
  });

  it('fails verification when the published record holds another key', async () => {
    dns.setTxt(RECORD, dkimRecordValue(newKey().publicKey));
    const kinds = await everyKind(`forms@${DOMAIN}`, dkimSettings());
    for (const [kind, { raw }] of kinds) {
      expect(await dkimResults(raw), kind).toEqual(['fail (bad signature)']);
    }
  });

  it('signs nothing without a private key (a selector alone names the relay’s)', async () => {
    const kinds = await everyKind(`forms@${DOMAIN}`, { domain: DOMAIN, selector: SELECTOR });
    for (const [kind, { raw, mail }] of kinds) {
      expect(raw, kind).not.toMatch(/^DKIM-Signature:/im);
      expect(mail.headers.has('dkim-signature'), kind).toBe(false);
    }
  });

  it.each([`forms@${DOMAIN}`, `Potomac Staffing <forms@${DOMAIN}>`])(
    'heads every kind honestly, NOTIFY_FROM %s',
    async (from) => {
      const kinds = await everyKind(from, undefined);
      for (const [kind, { raw, mail }] of kinds) {
        // A Message-ID in the sending domain (NOTIFY_FROM's), whatever form it is written in.
        expect(mail.messageId, kind).toMatch(/^<[^<>@\s]+@staffing\.example>$/);
        // A Date the receiver can read, of now (nodemailer's, not a day in the past or future).
        expect(raw, kind).toMatch(/^Date: /m);
        expect(mail.date, kind).toBeInstanceOf(Date);
        expect(Math.abs((mail.date?.getTime() ?? 0) - Date.now()), kind).toBeLessThan(10 * 60_000);
        // A plain-text part: the whole e-mail readable without HTML.
        expect(mail.text?.trim().length, kind).toBeGreaterThan(0);
        expect(raw, kind).toMatch(/^Content-Type: text\/plain/im);
      }
      const automatic = (kind: Kind) => kinds.get(kind)?.mail.headers.get('auto-submitted');
      expect(automatic('acknowledgement')).toBe('auto-replied');
      expect(automatic('notification')).toBe('auto-generated');
      expect(automatic('answer notice')).toBe('auto-generated');
      expect(automatic('weekly')).toBe('auto-generated');
      // A reply is the owner's own words: a person's e-mail, not marked automatic.
      expect(automatic('reply')).toBeUndefined();
      // Out-of-office replies suppressed (Exchange's header) on the automatic ones, not on a reply.
      const suppress = (kind: Kind) =>
        kinds.get(kind)?.mail.headers.get('x-auto-response-suppress');
      for (const kind of ['acknowledgement', 'notification', 'answer notice', 'weekly'] as const) {
        expect(suppress(kind), kind).toBe('All');
      }
      expect(suppress('reply')).toBeUndefined();
      expect(kinds.get('notification')?.mail.messageId).toMatch(/^<[^.@]+@staffing\.example>$/);
    },
  );
});
