import path from 'node:path';
import { setupCodeMessage, setupCodes } from './admin/setup-code.ts';
import { startBackupSchedule } from './data/backup-schedule.ts';
import { backupState } from './data/nightly-backup.ts';
import { keyFileOf } from './data/sqlite-file.ts';
import { UpgradeError } from './db/upgrade.ts';
import { buildApp } from './http/app.ts';
import { ConfigError, databaseAt, fileOfUrl, loadConfig, type Config } from './config.ts';
import { logStream } from './http/log-stream.ts';
import { forms } from './intake/forms.ts';
import { checkDomainRecords, checkRelay } from './mail/check/mail-check.ts';
import { startMailWatch, type MailWatch } from './mail/check/mail-watch.ts';
import { startOutbox, type Outbox } from './mail/outbox.ts';
import { startWeeklyReports } from './admin/weekly-report.ts';
import { startPushScans } from './push/push-events.ts';
import { startPushSender, type PushSender } from './push/push-sender.ts';
import { vapidKeys } from './push/vapid-keys.ts';
import { businessContent } from '../src/content/business.ts';
import { startAnswerWatcher } from './replies/answers/imap-watch.ts';
import { smtpSender } from './mail/transport.ts';
import { openStore } from './store/store.ts';
import { startRetentionJob } from './data/erasure.ts';
import { formAnswerRenderer } from './site/form-answers.ts';
import { instanceStore } from './site/instances.ts';
import { liveSite } from './site/live-site.ts';
import { startMediaCleanup } from './site/media-cleanup.ts';
import { siteStore } from './site/site-store.ts';
import { startDailyPass } from './store/daily-pass.ts';
import { addUpVisitDays } from './visits/visit-days.ts';
import { startVisitCounter } from './visits/visit-counter.ts';

/** The form endpoints the site was built with (scripts/build/server.mjs), for the CSP. */
declare const __BUILD_FORM_ENDPOINTS__: string[] | undefined;

/** Where the data is, for the log: a local file's path; never a remote address's credentials. */
function databaseLabel(url: string): string {
  const at = databaseAt(url);
  if (at === 'file') return url;
  return at === 'postgres' ? 'postgres' : 'remote libsql';
}

/** Where the inbox is, on this machine and behind whatever address the site has. */
function adminLocation(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const url = `http://${name.includes(':') ? `[${name}]` : name}:${port}/admin/`;
  return `${url} (or /admin/ on the site's own address)`;
}

/** The checked environment; a wrong variable stops the start with a message that names it. */
function configuration(): Config {
  try {
    return loadConfig(
      process.env,
      typeof __BUILD_FORM_ENDPOINTS__ === 'undefined' ? [] : __BUILD_FORM_ENDPOINTS__,
    );
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\nSee .env.example and docs/configuration.md.`);
    process.exit(1);
  }
}

/** A failed upgrade stops the start with its message (which names the copy and the restore). */
function stopOnFailedUpgrade(error: unknown): never {
  if (!(error instanceof UpgradeError)) throw error;
  console.error(error.message);
  process.exit(1);
}

/** The SQLite file on this machine and its folder; undefined for Postgres or a remote libSQL server. */
function localData(database: Config['database']): { file: string; dir: string } | undefined {
  if (databaseAt(database.url) !== 'file') return undefined;
  const file = fileOfUrl(database.url);
  return { file, dir: database.dir ?? path.dirname(file) };
}

const config = configuration();
let outbox: Outbox | undefined;
/** The mail watch (the inbox's banner), started with the outbox once the app (its log) is there. */
const mail: { watch?: MailWatch } = {};
/** The push queue's sender, started once the app (its log) is there. */
const push: { sender?: PushSender } = {};
let log: { warn(fields: object, message: string): void } = {
  warn: (fields, message) => console.warn(message, fields),
};
const store = await openStore(config.database, {
  // The pool replaces the connection; the next query (or /healthz) tells whether the database is back.
  onError: (error) =>
    log.warn({ code: (error as { code?: string }).code }, 'database connection lost'),
}).catch(stopOnFailedUpgrade);
const local = localData(config.database);
const sender = config.notify ? smtpSender(config.notify) : undefined;

// The owner's published site: made live before the first request, then kept up with the database.
const sites = siteStore(store.database);
const instances = instanceStore(store.database);
const live = liveSite({
  store: sites,
  instances,
  renderTimeoutMs: config.publishTimeoutMs,
  log: { warn: (fields, message) => log.warn(fields, message), info: () => undefined },
});
// A version this instance cannot make (a build without its renderer) is said in the log, in
// /readyz (503, with the reason) and in the site editor; the next looks try again, every 10 s.
await live
  .sync()
  .catch((error: unknown) =>
    console.warn(`The published site could not be made: ${(error as Error).message}`),
  );

// Web Push's keys (docs/push.md): the settings' pair, else one made once and kept in the database.
const pushKeys = vapidKeys(store.database.engine, {
  given: config.push.vapid,
  subject: config.push.subject,
  notifyFrom: config.notify?.from,
  businessEmail: () => businessContent(live.published()).business.email,
});

// A form sent without JavaScript is answered with its page, made by the build's renderer in a
// worker, in the live version (a plain page when the build has none).
const formAnswers = formAnswerRenderer({
  log: { warn: (fields, message) => log.warn(fields, message) },
});

// Visits counted without cookies (VISITS, docs/visits.md): views kept in memory, written every
// second in chunks of a few views, one transaction each; the day's clock is the live version's
// time zone.
const visitLog = { warn: (fields: object, message: string) => log.warn(fields, message) };
const counter = config.visits.on
  ? startVisitCounter({
      engine: store.database.engine,
      business: () => businessContent(live.published()).business,
      log: visitLog,
    })
  : undefined;
/** The site's own hosts (CORS_ORIGINS, SITE_URL): a referrer there is no source. */
const siteHosts = [...config.corsOrigins, ...(config.visits.siteUrl ? [config.visits.siteUrl] : [])]
  .filter((origin) => origin !== '*' && URL.canParse(origin))
  .map((origin) => new URL(origin).hostname);

const app = await buildApp({
  visits: counter ? { counter, ownHosts: siteHosts } : undefined,
  site: { live, store: sites, instances },
  formAnswers,
  distDir: config.distDir,
  store,
  forms,
  rateLimitMax: config.rateLimitMax,
  altchaHmacKey: config.altchaHmacKey,
  connectSources: config.connectSources,
  corsOrigins: config.corsOrigins,
  trustProxy: config.trustProxy,
  logLevel: config.logLevel,
  logStream: logStream(),
  notify: config.notify !== undefined,
  acknowledge: config.notify?.acknowledge ?? false,
  acknowledgeDomainMaxPerHour: config.notify?.acknowledgeDomainMaxPerHour,
  onStored: () => {
    outbox?.nudge();
    // A new lead's pushes were queued with it (server/store/save-submission.ts).
    push.sender?.nudge();
  },
  admin: {
    // The inbox's deadlines count on the live version's hours and promises.
    published: () => live.published(),
    appDir: config.adminDir,
    // Replies from the inbox leave from NOTIFY_FROM, through the outbox (none without e-mail).
    replyFrom: config.notify?.from,
    // The launch checklist's mail section and the banner's watch (server/mail/check/).
    mailCheck: config.notify
      ? {
          notify: config.notify,
          watch: () => mail.watch?.state() ?? {},
          recordsChecked: (records) => mail.watch?.noteRecords(records),
        }
      : undefined,
    cookieSecure: config.cookieSecure,
    backups: local
      ? () =>
          backupState(config.backups?.dir, Date.now(), {
            upgradeDir: config.database.upgradeBackupDir,
            databaseFile: local.file,
          })
      : undefined,
    retainDays: config.retainDays,
    // The job below runs the pass the owner lets go on (no request comes before it is started).
    retention: { confirm: (at, by) => retention.confirm(at, by) },
    push: { keys: pushKeys, extraEndpointOrigins: config.push.extraEndpointOrigins },
  },
  ready: { dataDir: local?.dir, site: live },
});

log = app.log;

if (config.notify && sender) {
  outbox = startOutbox({
    store,
    forms,
    // Each e-mail is written in the version live when it leaves (the owner's phones, hours…).
    published: () => live.published(),
    sender,
    from: config.notify.from,
    to: config.notify.to,
    replyAddress: config.notify.replyAddress,
    leaseMs: config.notify.leaseMs,
    log: app.log.child({ component: 'outbox' }),
  });
  // The relay every 15 minutes and the sending domain's records every hour, on every instance:
  // a refused sign-in pauses the outbox even with nothing waiting (docs/mail-delivery.md).
  mail.watch = startMailWatch({
    notify: config.notify,
    store,
    log: app.log.child({ component: 'mail-watch' }),
    onPaused: () => outbox?.nudge(),
    checkRelay,
    checkDomainRecords: (notify) => checkDomainRecords(notify),
  });
}

// The weekly e-mail to each account that has it on (Monday from 08:00, business time; docs/visits.md),
// on every instance: each week's e-mail to an account is claimed once. Only with e-mail set up.
const weeklyReports =
  config.notify && sender
    ? startWeeklyReports({
        engine: store.database.engine,
        sender,
        from: config.notify.from,
        published: () => live.published(),
        siteUrl: config.visits.siteUrl,
        visits: config.visits.on,
        log: app.log.child({ component: 'weekly-email' }),
      })
    : undefined;

// Pushes to the owner's devices: the sender, and the scans that find replies soon due and mail the
// relay refuses (every minute, on every instance; each event is queued once per device).
push.sender = startPushSender({
  engine: store.database.engine,
  submission: (id) => store.get(id),
  keys: pushKeys,
  timeZone: () => businessContent(live.published()).business.timeZone,
  extraEndpointOrigins: config.push.extraEndpointOrigins,
  log: app.log.child({ component: 'push' }),
});
const pushScans = startPushScans({
  engine: store.database.engine,
  published: () => live.published(),
  onQueued: () => push.sender?.nudge(),
  log: app.log.child({ component: 'push' }),
});

// The reply mailbox (IMAP_URL): visitors' answers added to their submissions, the owner told
// through the outbox; one instance watches at a time (docs/replies.md).
const answers =
  config.notify?.imapUrl !== undefined
    ? startAnswerWatcher({
        engine: store.database.engine,
        imapUrl: config.notify.imapUrl,
        replyAddress: config.notify.replyAddress,
        from: config.notify.from,
        log: app.log.child({ component: 'answers' }),
        onAnswer: () => outbox?.nudge(),
      })
    : undefined;

live.start();

// The nightly backups of the SQLite file (BACKUP_DIR; config.ts refuses it with Postgres).
const backups =
  config.backups && local
    ? startBackupSchedule({
        file: local.file,
        dir: config.backups.dir,
        hour: config.backups.hour,
        keyFile: keyFileOf(config.database),
        log: app.log.child({ component: 'backup' }),
      })
    : undefined;

// Erases old handled submissions daily (RETAIN_…_DAYS) by the database's clock, through its guard
// (data/retention-guard.ts); nothing runs when none is set.
const retention = startRetentionJob({
  database: store.database,
  days: config.retainDays,
  log: app.log.child({ component: 'retention' }),
});

// Removes the owner's uploads that no draft and no version uses, two days after (media-cleanup.ts).
const mediaCleanup = startMediaCleanup({
  store: sites,
  log: app.log.child({ component: 'site-photos' }),
});

// Finished days added up and old counts deleted, every few minutes on every instance (safe at
// once: server/visits/visit-days.ts). With VISITS=off too: the last day counted before the switch
// still has its keys and salt, which must go, and old counts their retention.
const visitDays = startDailyPass(
  () =>
    addUpVisitDays({
      engine: store.database.engine,
      now: Date.now(),
      timeZone: businessContent(live.published()).business.timeZone,
      retentionDays: config.visits.retentionDays,
    }),
  {
    firstRunMs: 60_000,
    everyMs: 5 * 60_000,
    log: app.log.child({ component: 'visits' }),
    failed: 'visit days not added up',
  },
);

// Runs once every in-flight request has been answered.
app.addHook('onClose', async () => {
  live.stop();
  await instances.remove().catch(() => undefined);
  // The passes running (the day's, one the owner let go on) end before the store closes.
  await Promise.all([retention.stop(), mediaCleanup.stop(), visitDays.stop()]);
  // The views still in memory are written before the store closes.
  await counter?.close();
  await formAnswers.close?.();
  await answers?.stop();
  await weeklyReports?.stop();
  await mail.watch?.stop();
  await outbox?.stop();
  await pushScans.stop();
  await push.sender?.stop();
  await backups?.stop();
  await store.close();
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const deadline = setTimeout(() => {
    app.log.error('requests still running after 10 s; exiting anyway');
    process.exit(1);
  }, 10_000);
  deadline.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    database: databaseLabel(config.database.url),
    notifications: config.notify ? 'on' : 'off',
  },
  'form receiver ready',
);

/**
 * With no account yet: the one-time setup code, in plain words on standard output, outside the
 * JSON log, so that no LOG_LEVEL hides it. Standard output is where a host without a terminal
 * shows it (its log viewer), and whatever keeps that output keeps the code too: it claims the site
 * once, and is deleted with the first account. `npm run admin -- setup-code` shows it again.
 */
try {
  const code = await setupCodes(store.database).ensure();
  if (code) {
    process.stdout.write(`${setupCodeMessage(code, adminLocation(config.host, config.port))}\n`);
  }
} catch (error) {
  app.log.warn(
    { errorCode: (error as { code?: string }).code },
    'no setup code could be made; `npm run admin -- setup-code` tries again',
  );
}
