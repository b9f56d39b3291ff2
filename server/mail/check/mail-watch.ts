/**
 * The mail watch (docs/mail-delivery.md#when-mail-fails-the-inboxs-banner): the mail check's cheap
 * parts on a timer, on every instance, for the inbox's banner. Every 15 minutes a session with the
 * relay up to the sign-in: a refusal of our account or TLS pauses the outbox as the outbox's own
 * refusal does (its probe ends the pause once the relay accepts again); a relay not reached on
 * every check for 15 minutes is `relayDown`. Every hour the sending domain's records: those
 * missing or wrong are `dns`. One log line when a state changes, never one per check.
 */
import type { MailState } from '../../../src/admin/contract.ts';
import type { MailDnsState, RelayCheck } from '../../../src/admin/mail-check/contract.ts';
import type { NotifyConfig } from '../../config.ts';
import type { RelayPauseStore } from '../../store/relay-pause.ts';
import { codePausesOutbox, failureCode } from '../send-failures.ts';
import type { DomainRecords } from './mail-check.ts';

export interface MailWatchLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MailWatchOptions {
  notify: NotifyConfig;
  /** The outbox's pause (server/store/relay-pause.ts), shared by every instance. */
  store: Pick<RelayPauseStore, 'pauseRelay'>;
  log: MailWatchLog;
  now?: () => number;
  every?: { relayMs?: number; dnsMs?: number };
  /** The outbox's `probeEveryMs`: when a pause this watch starts is first probed. */
  probeEveryMs?: number;
  /** The outbox paused by this watch: the instance's outbox looks at once (main.ts's nudge). */
  onPaused?: () => void;
  checkRelay: (notify: NotifyConfig) => Promise<RelayCheck>;
  checkDomainRecords: (notify: NotifyConfig) => Promise<DomainRecords>;
}

export type MailWatchState = Pick<MailState, 'dns' | 'relayDown'>;

export interface MailWatch {
  /** What the latest checks found (AdminMailCheck's `watch`). */
  state(): MailWatchState;
  /** The relay's check, now (as the timer runs it); after any one under way. */
  checkRelayNow(): Promise<void>;
  /** The records' check, now; after any one under way. */
  checkDnsNow(): Promise<void>;
  /** Records looked up elsewhere (the launch checklist's check), learnt as the timer's are. */
  noteRecords(records: DomainRecords): void;
  /**
   * Ends the timers, at once: a check under way is left to end by itself (a relay that does not
   * answer holds one for nodemailer's time-outs, past main.ts's 10 s for the whole shutdown), and
   * what it finds then changes nothing.
   */
  stop(): Promise<void>;
}

/** A relay not reached on every check for this long is said to be down. */
export const RELAY_DOWN_AFTER_MS = 15 * 60_000;

type Problem = MailDnsState['problems'][number];
const PROBLEMS: readonly Problem[] = ['spf', 'dmarc', 'dkim'];

/** Each record: a problem (missing, wrong), fine (found), or not known (its lookup failed, or none). */
function recordStates(records: DomainRecords): Record<Problem, boolean | undefined> {
  const of = (check: DomainRecords['spf'] | null) => {
    if (!check || check.state === 'unknown') return undefined;
    return check.state !== 'found';
  };
  return { spf: of(records.spf), dmarc: of(records.dmarc), dkim: of(records.dkim.record) };
}

/** The relay's side: its checks, the pause they start, and `relayDown`. */
function relayWatch(options: MailWatchOptions, now: () => number, stopped: () => boolean) {
  const { notify, store, log } = options;
  /** Since when every check has failed to reach the relay, and the latest code. */
  let failing: { since: number; code: string } | undefined;
  let down: MailState['relayDown'] = null;
  let threw = false;

  function reached() {
    if (down) log.info({ downSince: down.since }, 'the mail relay answers again');
    failing = undefined;
    down = null;
  }

  async function failed(code: string) {
    if (codePausesOutbox(code)) {
      reached();
      const { state, again } = await store.pauseRelay(code, options.probeEveryMs ?? 60_000);
      if (state === 'new') {
        log.warn({ code }, 'the mail relay refuses our sign-in or TLS: outbox paused');
      } else if (state === 'again' && again === 1) {
        // A probe had just ended the pause (its line the log's last word): the relay flaps, or
        // an instance still has the old settings. Said once, as the outbox says its own.
        log.warn({ code }, 'the mail relay refuses our sign-in or TLS again: outbox paused');
      }
      if (state !== 'on') options.onPaused?.();
      return;
    }
    const at = now();
    failing = { since: failing?.since ?? at, code };
    if (at - failing.since < RELAY_DOWN_AFTER_MS) return;
    if (!down) log.warn({ code, downSince: failing.since }, 'the mail relay cannot be reached');
    down = { ...failing };
  }

  return {
    down: () => down,
    async check() {
      let answer: RelayCheck;
      try {
        answer = await options.checkRelay(notify);
      } catch (error) {
        // The check itself broke: what the relay does is not known, so nothing changes.
        if (stopped()) return;
        if (!threw) log.warn({ code: failureCode(error) }, 'the mail relay’s check failed');
        threw = true;
        return;
      }
      if (stopped()) return;
      threw = false;
      if (answer.state === 'ok') reached();
      else await failed(answer.code);
    },
  };
}

/** The records' side: the last known state of each, kept through a lookup that fails. */
function dnsWatch(options: MailWatchOptions, now: () => number, stopped: () => boolean) {
  const { notify, log } = options;
  const known: Partial<Record<Problem, boolean>> = {};
  let dns: MailDnsState | null = null;

  /** What `records` say of each record; a lookup that failed leaves that record's last state. */
  function learn(records: DomainRecords) {
    const found = recordStates(records);
    const learnt = PROBLEMS.filter((name) => found[name] !== undefined);
    if (learnt.length === 0) return;
    for (const name of learnt) known[name] = found[name];
    const problems = PROBLEMS.filter((name) => known[name] === true);
    const before = dns?.problems.join(' ') ?? '';
    dns = problems.length > 0 ? { domain: records.domain, problems, checkedAt: now() } : null;
    if (problems.join(' ') === before) return;
    if (problems.length > 0) {
      log.warn({ problems }, 'the sending domain’s mail records are missing or wrong');
    } else log.info({}, 'the sending domain’s mail records are in place');
  }

  return {
    dns: () => dns,
    learn,
    async check() {
      let records: DomainRecords;
      try {
        records = await options.checkDomainRecords(notify);
      } catch {
        return;
      }
      if (!stopped()) learn(records);
    },
  };
}

/** Runs `check` now and then every `ms` after each one ends, until stopped. */
function repeat(ms: number, check: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = running.then(check).catch(() => undefined);
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void run().then(schedule), ms);
    timer.unref();
  };
  void run().then(schedule);
  return {
    run,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Starts the watch on this instance: both checks at once, then the relay's every `relayMs` (15
 * minutes) and the records' every `dnsMs` (an hour; and whenever the launch checklist has
 * just looked them up: `noteRecords`).
 */
export function startMailWatch(options: MailWatchOptions): MailWatch {
  const now = options.now ?? Date.now;
  let stopped = false;
  const relay = relayWatch(options, now, () => stopped);
  const records = dnsWatch(options, now, () => stopped);
  const relayTimer = repeat(options.every?.relayMs ?? 15 * 60_000, relay.check);
  const dnsTimer = repeat(options.every?.dnsMs ?? 60 * 60_000, records.check);
  return {
    state: () => ({ dns: records.dns(), relayDown: relay.down() }),
    checkRelayNow: relayTimer.run,
    checkDnsNow: dnsTimer.run,
    noteRecords: (found) => records.learn(found),
    stop() {
      stopped = true;
      relayTimer.stop();
      dnsTimer.stop();
      return Promise.resolve();
    },
  };
}
