import type { Store } from '../../store/store.ts';
import { openStore } from '../../store/store.ts';
import { engines, type TestEngine } from '../../testing/engines.ts';
import { quoteBody } from '../../testing/fixtures.ts';
import { imapMissing, startImap, type TestImap } from '../../testing/imap.ts';
import { newReplyToken, replyAddressWith } from '../reply-token.ts';
import { startAnswerWatcher, type AnswerWatcher } from './imap-watch.ts';
import { smtpSender } from '../../mail/transport.ts';
import { bodyText, startSmtp } from '../../testing/smtp.ts';
import { startTestOutbox } from '../../testing/outbox.ts';
import { inbox } from '../../admin/inbox.ts';
import { forms } from '../../intake/forms.ts';
import { NOTHING_PUBLISHED } from '../../../src/content/published.ts';

const REPLY_ADDRESS = 'replies@staffing.example';
const FROM = 'Potomac Staffing <hello@staffing.example>';
const quiet = process.env.WATCH_LOG
  ? { info: console.log, warn: console.log }
  : { info: () => undefined, warn: () => undefined };

let imap: TestImap;
let store: Store;
let data: Awaited<ReturnType<TestEngine['create']>>;
let watcher: AnswerWatcher | undefined;
let serial = 0;

interface Mail {
  to?: string;
  messageId?: string | null;
  inReplyTo?: string;
  references?: string;
  body?: string;
}

/** A raw answer as a visitor's mail program would send it. */
function mail({ to = 'owner@staffing.example', messageId, inReplyTo, references, body }: Mail) {
  serial += 1;
  const id =
    messageId === undefined ? `<answer.${serial}.${Date.now()}@visitor.example>` : messageId;
  return [
    'From: Ana López <ana@visitor.example>',
    `To: ${to}`,
    'Subject: Re: Your quote request',
    ...(id ? [`Message-ID: ${id}`] : []),
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`] : []),
    ...(references ? [`References: ${references}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body ??
      'Yes, 120 guests.\n\nOn Thu, May 2, 2030 at 10:00 AM Potomac Staffing wrote:\n> How many guests?',
    '',
  ].join('\r\n');
}

/** Polls the database every 50 ms until `read` gives a value, for at most 10 s. */
async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('not in the database within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function answerWith(messageId: string) {
  return until(() =>
    store.database.db
      .selectFrom('replies')
      .selectAll()
      .where('message_id', '=', messageId)
      .where('direction', '=', 'in')
      .executeTakeFirst(),
  );
}

/** A submission (Handled, with a reply token and a reply sent); its id, token and reply's Message-ID. */
async function submissionWithReply(status = 'handled') {
  const saved = await store.save({ form: 'quote', fields: quoteBody(serial++), notify: false });
  if (saved.status !== 'created') throw new Error('not saved');
  const token = newReplyToken();
  const replyId = `<reply.${token}@staffing.example>`;
  const { db } = store.database;
  await db
    .updateTable('submissions')
    .set({ reply_token: token, status })
    .where('id', '=', saved.id)
    .execute();
  await db
    .insertInto('replies')
    .values({
      submission_id: saved.id,
      direction: 'out',
      at: Date.now(),
      user_email: 'owner@staffing.example',
      from_address: 'hello@staffing.example',
      to_address: 'ana@visitor.example',
      subject: 'Re: Your quote request',
      body: 'How many guests?',
      message_id: replyId,
    })
    .execute();
  return { id: saved.id, token, replyId, address: replyAddressWith(REPLY_ADDRESS, token) };
}

async function rowsOf(submissionId: string) {
  const { db } = store.database;
  const [replies, events, outbox, submission] = await Promise.all([
    db
      .selectFrom('replies')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .where('direction', '=', 'in')
      .execute(),
    db
      .selectFrom('submission_events')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .execute(),
    db
      .selectFrom('outbox')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .where('kind', '=', 'answer')
      .execute(),
    db
      .selectFrom('submissions')
      .selectAll()
      .where('id', '=', submissionId)
      .executeTakeFirstOrThrow(),
  ]);
  return { replies, events, outbox, submission };
}

function seen(flags: Map<number, Set<string>>, uid: number) {
  return flags.get(uid)?.has('\\Seen') ?? false;
}

describe.skipIf(imapMissing !== '')(
  `the reply mailbox's watcher${imapMissing ? ` (skipped: ${imapMissing})` : ''}`,
  () => {
    beforeAll(async () => {
      imap = await startImap();
    }, 20_000);
    afterAll(async () => {
      await imap?.close();
    });

    describe.each(engines)('on $name', (engine) => {
      beforeEach(async () => {
        data = await engine.create();
        store = await openStore(data.database);
        watcher = startAnswerWatcher({
          engine: store.database.engine,
          imapUrl: imap.url,
          replyAddress: REPLY_ADDRESS,
          from: FROM,
          log: quiet,
          retry: { firstMs: 50, maxMs: 400 },
          leaseMs: 3000,
        });
      });
      afterEach(async () => {
        await watcher?.stop();
        watcher = undefined;
        await store.close();
        data.remove();
      });

      it('adds an answer to its reply address, folded, and the submission needs a reply again', async () => {
        const sub = await submissionWithReply('handled');
        const uid = await imap.append(mail({ to: sub.address, messageId: '<a1@visitor.example>' }));
        const answer = await answerWith('<a1@visitor.example>');
        expect(answer).toMatchObject({
          submission_id: sub.id,
          from_address: 'ana@visitor.example',
          to_address: sub.address,
          subject: 'Re: Your quote request',
          body: 'Yes, 120 guests.',
          user_email: null,
        });
        expect(answer.quoted).toMatch(/^On Thu.*wrote:\n> How many guests\?$/);
        const rows = await rowsOf(sub.id);
        expect(rows.submission.status).toBe('new');
        expect(Number(rows.submission.answer_waiting_since)).toBe(Number(answer.at));
        expect(rows.events).toMatchObject([{ kind: 'answer', user_email: '', status: 'new' }]);
        expect(rows.outbox.map((row) => Number(row.reply_id))).toEqual([Number(answer.id)]);
        await until(async () => (seen(await imap.flags(), uid) ? true : undefined));
        // As the submission's page shows it: the answer in its conversation, a reply due again.
        const shown = await inbox(store.database, {
          forms,
          published: () => NOTHING_PUBLISHED,
        }).detail(sub.id);
        expect(shown?.status).toBe('new');
        expect(shown?.answerWaitingSince).toBe(Number(answer.at));
        expect(shown?.replies.at(-1)).toMatchObject({
          direction: 'in',
          body: 'Yes, 120 guests.',
          mail: null,
        });
        expect(shown?.events.at(-1)).toMatchObject({ kind: 'answer', user: '' });
      }, 20_000);

      it('tells the owner by e-mail through the outbox: who answered and their words, not the quote', async () => {
        const smtp = await startSmtp();
        const outbox = startTestOutbox(store, smtpSender(`smtp://127.0.0.1:${smtp.port}`), {
          to: ['bookings@staffing.example'],
        });
        try {
          const sub = await submissionWithReply('handled');
          await imap.append(mail({ to: sub.address, messageId: '<a9@visitor.example>' }));
          await answerWith('<a9@visitor.example>');
          outbox.nudge();
          const notice = await until(async () =>
            smtp.received.find((each) => each.raw.includes(`${sub.id}.answer.`)),
          );
          expect(notice.to).toEqual(['bookings@staffing.example']);
          const text = bodyText(notice.raw);
          expect(text).toContain('Yes, 120 guests.');
          expect(text).not.toContain('How many guests?');
          expect(notice.raw).toMatch(/^Auto-Submitted: auto-generated/m);
        } finally {
          await outbox.stop();
          await smtp.close();
        }
      }, 20_000);

      it('adds nothing for a forged token or an unrelated message, and leaves them unseen', async () => {
        const sub = await submissionWithReply('in_progress');
        const forged = await imap.append(
          mail({
            to: replyAddressWith(REPLY_ADDRESS, newReplyToken()),
            inReplyTo: '<reply.nothing@staffing.example>',
          }),
        );
        const unrelated = await imap.append(mail({ inReplyTo: '<somewhere@else.example>' }));
        const foreignAck = await imap.append(
          mail({ inReplyTo: `<${sub.id}.acknowledgement@else.example>` }),
        );
        // Read in order: once the later answer is in, the three before it were read and left.
        await imap.append(mail({ to: sub.address, messageId: '<a2@visitor.example>' }));
        await answerWith('<a2@visitor.example>');
        const count = await store.database.db
          .selectFrom('replies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('direction', '=', 'in')
          .executeTakeFirstOrThrow();
        expect(Number(count.n)).toBe(1);
        const flags = await imap.flags();
        expect([forged, unrelated, foreignAck].map((uid) => seen(flags, uid))).toEqual([
          false,
          false,
          false,
        ]);
      }, 20_000);

      it("matches by In-Reply-To alone: a reply's, or the acknowledgement's", async () => {
        const sub = await submissionWithReply('new');
        await imap.append(mail({ inReplyTo: sub.replyId, messageId: '<a3@visitor.example>' }));
        expect((await answerWith('<a3@visitor.example>')).submission_id).toBe(sub.id);
        const other = await submissionWithReply('spam');
        await imap.append(
          mail({
            references: `<${other.id}.acknowledgement@staffing.example>`,
            messageId: '<a4@visitor.example>',
          }),
        );
        expect((await answerWith('<a4@visitor.example>')).submission_id).toBe(other.id);
        const rows = await rowsOf(other.id);
        // Spam stays Spam; its event says no status changed.
        expect(rows.submission.status).toBe('spam');
        expect(rows.events).toMatchObject([{ kind: 'answer', status: null }]);
      }, 20_000);

      it('adds the same message once, and one without a Message-ID once', async () => {
        const sub = await submissionWithReply('handled');
        const twice = mail({ to: sub.address, messageId: '<a5@visitor.example>' });
        const bare = mail({ to: sub.address, messageId: null, body: 'No id here.' });
        const uids = [
          await imap.append(twice),
          await imap.append(twice),
          await imap.append(bare),
          await imap.append(bare),
        ];
        await imap.append(mail({ to: sub.address, messageId: '<a6@visitor.example>' }));
        await answerWith('<a6@visitor.example>');
        const rows = await rowsOf(sub.id);
        expect(rows.replies.map((row) => row.body).sort()).toEqual([
          'No id here.',
          'Yes, 120 guests.',
          'Yes, 120 guests.',
        ]);
        expect(rows.outbox).toHaveLength(3);
        expect(rows.events).toHaveLength(3);
        const flags = await imap.flags();
        expect(uids.map((uid) => seen(flags, uid))).toEqual([true, true, true, true]);
      }, 20_000);

      it('reads only the first bytes of a huge message: its words, never its attachment', async () => {
        const sub = await submissionWithReply('handled');
        const attachment = Buffer.alloc(3 * 1024 * 1024, 7).toString('base64');
        const raw = [
          'From: Ana López <ana@visitor.example>',
          `To: ${sub.address}`,
          'Subject: Re: Your quote request',
          'Message-ID: <huge@visitor.example>',
          'MIME-Version: 1.0',
          'Content-Type: multipart/mixed; boundary="b"',
          '',
          '--b',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'The venue plan is attached.',
          '--b',
          'Content-Type: application/pdf; name="plan.pdf"',
          'Content-Disposition: attachment; filename="plan.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          ...(attachment.match(/.{1,76}/g) ?? []),
          '--b',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'Words past the first megabytes.',
          '--b--',
          '',
        ].join('\r\n');
        const uid = await imap.append(raw);
        const answer = await answerWith('<huge@visitor.example>');
        expect(answer.body).toContain('The venue plan is attached.');
        expect(answer.body).not.toContain('Words past the first megabytes.');
        await until(async () => (seen(await imap.flags(), uid) ? true : undefined));
      }, 30_000);

      it('with a wrong password logs a code, tries again later and stops cleanly', async () => {
        await watcher?.stop();
        const logged: { fields: object; message: string }[] = [];
        const log = (fields: object, message: string) => logged.push({ fields, message });
        watcher = startAnswerWatcher({
          engine: store.database.engine,
          imapUrl: imap.url.replace(':test-imap-password@', ':wrong%23password@'),
          replyAddress: REPLY_ADDRESS,
          from: FROM,
          log: { info: log, warn: log },
          retry: { firstMs: 50, maxMs: 100 },
          leaseMs: 3000,
        });
        await until(async () => (logged.length >= 2 ? true : undefined));
        await watcher.stop();
        watcher = undefined;
        expect(logged[0]).toMatchObject({ message: 'reply mailbox lost' });
        const codes = logged.map((entry) => (entry.fields as { errorCode?: unknown }).errorCode);
        // Dovecot's answer to a wrong password: NO [AUTHENTICATIONFAILED].
        expect(codes).toEqual(codes.map(() => 'AUTHENTICATIONFAILED'));
        expect(JSON.stringify(logged)).not.toMatch(/password|replies@|failed\./i);
      }, 20_000);

      it('leaves a bounce or an out-of-office unseen, and the submission as it was', async () => {
        const sub = await submissionWithReply('handled');
        const bounce = await imap.append(
          mail({ to: sub.address, inReplyTo: sub.replyId }).replace(
            'From: Ana López <ana@visitor.example>',
            'From: Mail Delivery System <MAILER-DAEMON@mx.visitor.example>',
          ),
        );
        const away = await imap.append(
          `Auto-Submitted: auto-replied\r\n${mail({ to: sub.address, inReplyTo: sub.replyId })}`,
        );
        await imap.append(mail({ to: sub.address, messageId: '<after-bounce@visitor.example>' }));
        await answerWith('<after-bounce@visitor.example>');
        const rows = await rowsOf(sub.id);
        expect(rows.replies).toHaveLength(1);
        expect(rows.events).toHaveLength(1);
        const flags = await imap.flags();
        expect([seen(flags, bounce), seen(flags, away)]).toEqual([false, false]);
      }, 20_000);

      it('with two instances on one database, adds each message once', async () => {
        const second = startAnswerWatcher({
          engine: store.database.engine,
          imapUrl: imap.url,
          replyAddress: REPLY_ADDRESS,
          from: FROM,
          log: quiet,
          retry: { firstMs: 50, maxMs: 400 },
          leaseMs: 3000,
        });
        try {
          const sub = await submissionWithReply('handled');
          for (const n of [1, 2, 3]) {
            await imap.append(mail({ to: sub.address, messageId: `<two.${n}@visitor.example>` }));
          }
          await answerWith('<two.3@visitor.example>');
          // The first instance lets go: the second takes the mailbox over and finds nothing new.
          await watcher?.stop();
          watcher = undefined;
          await imap.append(mail({ to: sub.address, messageId: '<two.4@visitor.example>' }));
          await answerWith('<two.4@visitor.example>');
          const rows = await rowsOf(sub.id);
          expect(rows.replies).toHaveLength(4);
          expect(rows.events).toHaveLength(4);
          expect(rows.outbox).toHaveLength(4);
        } finally {
          await second.stop();
        }
      }, 30_000);

      it('keeps watching after the IMAP server restarts', async () => {
        const sub = await submissionWithReply('handled');
        await imap.append(mail({ to: sub.address, messageId: '<a7@visitor.example>' }));
        await answerWith('<a7@visitor.example>');
        await imap.stop();
        await imap.start();
        await imap.append(mail({ to: sub.address, messageId: '<a8@visitor.example>' }));
        await answerWith('<a8@visitor.example>');
        const rows = await rowsOf(sub.id);
        expect(rows.replies).toHaveLength(2);
        // The earlier answer still waits: its time is kept.
        expect(Number(rows.submission.answer_waiting_since)).toBe(
          Math.min(...rows.replies.map((row) => Number(row.at))),
        );
      }, 30_000);
    });
  },
);
