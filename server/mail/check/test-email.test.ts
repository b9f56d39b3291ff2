import { createServer } from 'node:net';
import { bodyText, startSmtp, type SmtpServer, startDrippingRelay } from '../../testing/smtp.ts';
import { testEmailText } from '../../../src/content/admin-mail-check.ts';
import { sendTestEmail } from './test-email.ts';
import { notifySettings } from '../../testing/fixtures.ts';

const AT = Date.parse('2026-06-01T14:00:00Z');
const OWNER = 'owner@staffing.test';

const settings = notifySettings;

/** A port on loopback nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('sendTestEmail', () => {
  let smtp: SmtpServer | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it('sends one e-mail at once to the address, with the relay’s answer', async () => {
    smtp = await startSmtp();
    const notify = settings(`smtp://127.0.0.1:${smtp.port}`, {
      envelopeFrom: 'bounces@mail.staffing.test',
    });

    const result = await sendTestEmail(notify, OWNER, { now: () => AT });

    expect(result).toMatchObject({ sent: true, to: OWNER });
    if (!result.sent) throw new Error('not sent');
    expect(result.response).toMatch(/^250 /);
    expect(result.messageId).toMatch(
      new RegExp(`^<mail-check\\.${AT}\\.[0-9a-f]+@staffing\\.test>$`),
    );
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('bounces@mail.staffing.test');
    expect(mail?.to).toEqual([OWNER]);
    const raw = mail?.raw ?? '';
    expect(raw).toMatch(/^From: Potomac Staffing <hello@staffing\.test>$/m);
    expect(raw).toMatch(/^To: owner@staffing\.test$/m);
    expect(raw).toContain(`Message-ID: ${result.messageId}`);
    expect(raw).toMatch(/^Auto-Submitted: auto-generated$/m);
    // As on every e-mail the server makes by itself: an Exchange out-of-office does not answer it.
    expect(raw).toMatch(/^X-Auto-Response-Suppress: All$/m);
    expect(raw).toMatch(/^Date: Mon, 01 Jun 2026 14:00:00 \+0000$/m);
    expect(raw).toContain(`Subject: ${testEmailText.subject}`);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    expect(bodyText(raw)).toContain('Nothing needs doing.');
  });

  it('sends from From’s address when no envelope sender is set; a new Message-ID each time', async () => {
    smtp = await startSmtp();
    const notify = settings(`smtp://127.0.0.1:${smtp.port}`);
    const first = await sendTestEmail(notify, OWNER, { now: () => AT });
    const second = await sendTestEmail(notify, OWNER, { now: () => AT });
    expect(smtp.received.map((mail) => mail.from)).toEqual([
      'hello@staffing.test',
      'hello@staffing.test',
    ]);
    expect(first.sent && second.sent && first.messageId !== second.messageId).toBe(true);
  });

  it('answers a refused sign-in in the outbox’s code, with the relay’s reply, and sends nothing', async () => {
    smtp = await startSmtp(0, { refuseSignIn: true });
    const notify = settings(`smtp://user:wrong-password@127.0.0.1:${smtp.port}`);

    const result = await sendTestEmail(notify, OWNER, { now: () => AT });

    expect(result).toMatchObject({ sent: false, to: OWNER, code: 'EAUTH 535' });
    expect(result.sent ? '' : result.response).toMatch(/^535 /);
    expect(smtp.received).toHaveLength(0);
  });

  it('answers a refused recipient and a relay not reached, without throwing', async () => {
    smtp = await startSmtp(0, { refuseRecipient: OWNER });
    const refused = await sendTestEmail(settings(`smtp://127.0.0.1:${smtp.port}`), OWNER);
    expect(refused).toMatchObject({ sent: false, code: 'EENVELOPE 550' });

    const port = await closedPort();
    const unreached = await sendTestEmail(settings(`smtp://127.0.0.1:${port}`), OWNER);
    expect(unreached).toEqual({
      sent: false,
      to: OWNER,
      code: 'ECONNREFUSED',
      response: undefined,
    });
  });

  it('a relay that answers a line at a time and never finishes: ETIMEDOUT at the limit', async () => {
    const dripping = await startDrippingRelay();
    const { port } = dripping;
    try {
      const result = await sendTestEmail(settings(`smtp://127.0.0.1:${port}`), OWNER, {
        limitMs: 500,
      });
      expect(result).toMatchObject({ sent: false, code: 'ETIMEDOUT' });
    } finally {
      await dripping.close();
    }
  });
});
