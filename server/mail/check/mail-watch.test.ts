// The mail watch against a real SMTP server and a real DNS server: a refused sign-in pauses the
// outbox in the database (on both engines), and the outbox's own probe ends it once the relay
// accepts; a relay not reached for 15 minutes (an injected clock) is `relayDown` until a good
// check; a missing DMARC record is in `dns`, and a lookup that fails keeps what was known. No log
// line names an address.
import { createServer } from 'node:net';
import { Resolver } from 'node:dns/promises';
import nodemailer from 'nodemailer';
import type { RecordCheck, RelayCheck } from '../../../src/admin/mail-check/contract.ts';
import type { NotifyConfig } from '../../config.ts';
import { openStore, type Store } from '../../store/store.ts';
import { startDns, type TestDns } from '../../testing/dns.ts';
import { engines, type TestEngine } from '../../testing/engines.ts';
import { startTestOutbox } from '../../testing/outbox.ts';
import { startSmtp } from '../../testing/smtp.ts';
import { failureCode } from '../send-failures.ts';
import { smtpSender, transportOptions } from '../transport.ts';
import type { DomainRecords } from './mail-check.ts';
import { RELAY_DOWN_AFTER_MS, startMailWatch, type MailWatch } from './mail-watch.ts';
import { notifySettings } from '../../testing/fixtures.ts';

const DOMAIN = 'staffing.example';
const SECRET = 'old-password';

function notifyFor(smtpUrl: string): NotifyConfig {
  return notifySettings(smtpUrl, {
    to: [`bookings@${DOMAIN}`],
    from: `forms@${DOMAIN}`,
    acknowledge: false,
    dkim: { domain: DOMAIN, selector: 'mail' },
  });
}

/** A relay check that always finds the relay answering (the records' tests). */
const relayAnswers = (): Promise<RelayCheck> =>
  Promise.resolve({ state: 'ok', host: '127.0.0.1', port: 25, signedIn: false, secure: false });

/** The tests' relay check: a session up to the sign-in with nodemailer's verify, no message. */
async function verifyRelay(notify: NotifyConfig): Promise<RelayCheck> {
  const url = new URL(notify.smtpUrl);
  const place = { host: url.hostname, port: Number(url.port) };
  const transport = nodemailer.createTransport(transportOptions(notify));
  try {
    await transport.verify();
    return { state: 'ok', ...place, signedIn: url.username !== '', secure: false };
  } catch (error) {
    return { state: 'failed', ...place, code: failureCode(error) };
  } finally {
    transport.close();
  }
}

/** The tests' records check on the test DNS server: found, missing, or not known (SERVFAIL). */
function recordsOn(dns: TestDns) {
  const resolver = new Resolver({ timeout: 500, tries: 1 });
  resolver.setServers([dns.server]);
  async function lookUp(name: string, tag: string): Promise<RecordCheck> {
    try {
      const values = (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
      const value = values.find((found) => found.startsWith(tag));
      if (value) return { state: 'found', name, value };
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'ERROR';
      if (code !== 'ENOTFOUND' && code !== 'ENODATA') return { state: 'unknown', name, code };
    }
    const host = name === DOMAIN ? '@' : name.slice(0, -DOMAIN.length - 1);
    return { state: 'missing', name, add: { type: 'TXT', name, host, value: `${tag} …` } };
  }
  return async (): Promise<DomainRecords> => ({
    domain: DOMAIN,
    spf: await lookUp(DOMAIN, 'v=spf1'),
    dmarc: await lookUp(`_dmarc.${DOMAIN}`, 'v=DMARC1'),
    dkim: {
      selector: 'mail',
      signing: 'relay',
      record: await lookUp(`mail._domainkey.${DOMAIN}`, 'v=DKIM1'),
    },
  });
}

/** A port nothing listens on now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A log that keeps its lines, to count them and to look for addresses in them. */
function keptLog() {
  const lines: string[] = [];
  const keep = (details: object, message: string) =>
    lines.push(`${message} ${JSON.stringify(details)}`);
  return { lines, log: { info: keep, warn: keep } };
}

const HOUR = 60 * 60_000;
const NEVER = { relayMs: 24 * HOUR, dnsMs: 24 * HOUR };
const noRecords = async (): Promise<DomainRecords> => {
  throw new Error('not asked');
};

describe.each(engines)('the mail watch and the outbox’s pause, on $name', (engine: TestEngine) => {
  let data: Awaited<ReturnType<TestEngine['create']>>;
  let store: Store;
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    data = await engine.create();
    store = await openStore(data.database);
  });

  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await store.close();
    data.remove();
  });

  it('pauses the outbox when the relay refuses the sign-in, with no e-mail waiting; the outbox’s probe ends it', async () => {
    const relay = await startSmtp(0, { refuseSignIn: true });
    closers.push(relay.close);
    const url = `smtp://forms:${SECRET}@127.0.0.1:${relay.port}`;
    const { lines, log } = keptLog();
    const watch = startMailWatch({
      notify: notifyFor(url),
      store,
      log,
      every: NEVER,
      checkRelay: verifyRelay,
      checkDomainRecords: noRecords,
    });
    closers.push(watch.stop);
    await watch.checkRelayNow();

    expect(relay.signIns()).toBeGreaterThan(0);
    expect((await store.mailState()).paused).toMatchObject({ code: 'EAUTH 535' });
    // A refusal is an answer: the relay is not down.
    expect(watch.state().relayDown).toBeNull();
    // Checked again, still refused: the same pause, one line in all.
    await watch.checkRelayNow();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('outbox paused');

    relay.acceptSignIn();
    const outbox = startTestOutbox(store, smtpSender(url), { probeEveryMs: 60_000 });
    closers.push(outbox.stop);
    // The outbox probes at its start: the relay accepts, the pause ends for every instance.
    await outbox.idle();
    expect((await store.mailState()).paused).toBeNull();
  });

  it('says in the log, once, a refusal that comes back after a probe had ended the pause', async () => {
    const relay = await startSmtp(0, { refuseSignIn: true });
    closers.push(relay.close);
    // The outbox paused, and its probe (or another instance's) has just ended the pause: the log's
    // last word is 'the mail relay accepts again'.
    await store.pauseRelay('EAUTH 535', 60_000);
    await store.resumeRelay();
    const { lines, log } = keptLog();
    const watch = startMailWatch({
      notify: notifyFor(`smtp://forms:${SECRET}@127.0.0.1:${relay.port}`),
      store,
      log,
      every: NEVER,
      checkRelay: verifyRelay,
      checkDomainRecords: noRecords,
    });
    closers.push(watch.stop);
    await watch.checkRelayNow();
    await watch.checkRelayNow();

    expect((await store.mailState()).paused).toMatchObject({ code: 'EAUTH 535' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('outbox paused');
  });
});

describe('the mail watch', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  const noPause = { pauseRelay: () => Promise.resolve({ state: 'new' as const, again: 0 }) };

  function watchWith(
    options: Partial<Parameters<typeof startMailWatch>[0]> &
      Pick<Parameters<typeof startMailWatch>[0], 'notify'>,
  ): { watch: MailWatch; lines: string[] } {
    const { lines, log } = keptLog();
    const watch = startMailWatch({
      store: noPause,
      log,
      every: NEVER,
      checkRelay: verifyRelay,
      checkDomainRecords: noRecords,
      ...options,
    });
    closers.push(watch.stop);
    return { watch, lines };
  }

  it('says the relay is down once nothing has answered for 15 minutes, until a good check', async () => {
    let now = Date.parse('2026-11-24T15:00:00Z');
    const start = now;
    const port = await closedPort();
    const notify = notifyFor(`smtp://forms:${SECRET}@127.0.0.1:${port}`);
    const { watch, lines } = watchWith({
      notify,
      now: () => now,
    });
    await watch.checkRelayNow();
    expect(watch.state().relayDown).toBeNull();

    now += RELAY_DOWN_AFTER_MS - 60_000;
    await watch.checkRelayNow();
    expect(watch.state().relayDown).toBeNull();

    now += 60_000;
    await watch.checkRelayNow();
    expect(watch.state().relayDown).toEqual({ since: start, code: 'ECONNREFUSED' });
    now += RELAY_DOWN_AFTER_MS;
    await watch.checkRelayNow();
    expect(watch.state().relayDown).toEqual({ since: start, code: 'ECONNREFUSED' });

    const relay = await startSmtp(port);
    closers.push(relay.close);
    now += RELAY_DOWN_AFTER_MS;
    await watch.checkRelayNow();
    expect(watch.state().relayDown).toBeNull();
    // Down once, back once: two lines for five checks, neither with an address or the password.
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('@');
      expect(line).not.toContain(SECRET);
      expect(line).not.toContain('127.0.0.1');
    }
  });

  it('checks the relay and the records at its start', async () => {
    const dns = await startDns({ [DOMAIN]: ['v=spf1 mx -all'] });
    closers.push(dns.close);
    const port = await closedPort();
    let asked = 0;
    const { watch } = watchWith({
      notify: notifyFor(`smtp://127.0.0.1:${port}`),
      checkRelay: (notify) => {
        asked += 1;
        return verifyRelay(notify);
      },
      checkDomainRecords: recordsOn(dns),
    });
    await Promise.all([watch.checkRelayNow(), watch.checkDnsNow()]);
    // The start's checks ran before the ones just asked for: two of the relay, records found.
    expect(asked).toBe(2);
    expect(dns.asked).toContain(`TXT _dmarc.${DOMAIN}`);
  });

  it('names the records missing, and keeps what it knew through a lookup that fails', async () => {
    const dns = await startDns({
      [DOMAIN]: ['v=spf1 include:_spf.relay.example -all'],
      [`mail._domainkey.${DOMAIN}`]: ['v=DKIM1; k=rsa; p=MIIB'],
    });
    closers.push(dns.close);
    let now = Date.parse('2026-11-24T15:00:00Z');
    const { watch, lines } = watchWith({
      notify: notifyFor('smtp://127.0.0.1:25'),
      now: () => now,
      checkRelay: relayAnswers,
      checkDomainRecords: recordsOn(dns),
    });
    await watch.checkDnsNow();
    const checkedAt = now;
    expect(watch.state().dns).toEqual({ domain: DOMAIN, problems: ['dmarc'], checkedAt });

    // The DNS host in trouble: not known, so the banner still says what was known.
    dns.failName(`_dmarc.${DOMAIN}`);
    dns.failName(DOMAIN);
    dns.failName(`mail._domainkey.${DOMAIN}`);
    now += 6 * HOUR;
    await watch.checkDnsNow();
    expect(watch.state().dns).toEqual({ domain: DOMAIN, problems: ['dmarc'], checkedAt });

    // Only DMARC's lookup fails, and SPF is gone meanwhile: SPF is known missing, DMARC still is.
    dns.setTxt(DOMAIN);
    dns.setTxt(`mail._domainkey.${DOMAIN}`, 'v=DKIM1; k=rsa; p=MIIB');
    now += 6 * HOUR;
    await watch.checkDnsNow();
    expect(watch.state().dns?.problems).toEqual(['spf', 'dmarc']);

    // Both published: nothing to say.
    dns.setTxt(DOMAIN, 'v=spf1 include:_spf.relay.example -all');
    dns.setTxt(`_dmarc.${DOMAIN}`, 'v=DMARC1; p=none');
    now += 6 * HOUR;
    await watch.checkDnsNow();
    expect(watch.state().dns).toBeNull();
    // A line when the state changed (three changes), none for the check that learnt nothing.
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain('@');
  });

  it('learns the records the launch checklist just looked up, without waiting for its hour', async () => {
    const dns = await startDns({
      [DOMAIN]: ['v=spf1 include:_spf.relay.example -all'],
      [`mail._domainkey.${DOMAIN}`]: ['v=DKIM1; k=rsa; p=MIIB'],
    });
    closers.push(dns.close);
    const { watch } = watchWith({
      notify: notifyFor('smtp://127.0.0.1:25'),
      checkRelay: relayAnswers,
      checkDomainRecords: recordsOn(dns),
    });
    await watch.checkDnsNow();
    expect(watch.state().dns?.problems).toEqual(['dmarc']);
    // The owner publishes DMARC; the checklist's check finds it and hands it over.
    dns.setTxt(`_dmarc.${DOMAIN}`, 'v=DMARC1; p=none');
    watch.noteRecords(await recordsOn(dns)());
    expect(watch.state().dns).toBeNull();
  });

  it('stops at once while a relay check hangs, and what that check finds later changes nothing', async () => {
    // A relay that takes the connection and never greets holds nodemailer's check for its
    // greeting's time-out (10 s), past main.ts's 10 s for the whole shutdown.
    let answer: (check: RelayCheck) => void = () => undefined;
    const hanging = new Promise<RelayCheck>((resolve) => (answer = resolve));
    const paused: string[] = [];
    const { watch, lines } = watchWith({
      notify: notifyFor('smtp://forms:secret@relay.example:587'),
      store: {
        pauseRelay: (code) => {
          paused.push(code);
          return Promise.resolve({ state: 'new', again: 0 });
        },
      },
      checkRelay: () => hanging,
    });
    const stopped = await Promise.race([
      watch.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000)),
    ]);
    expect(stopped).toBe('stopped');

    answer({ state: 'failed', host: 'relay.example', port: 587, code: 'EAUTH 535' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paused).toEqual([]);
    expect(lines).toEqual([]);
  });
});
