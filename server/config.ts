import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

/** Everything the receiver reads from its environment (docs/configuration.md). */
export interface Config {
  port: number;
  host: string;
  distDir: string;
  logLevel: string;
  database: DatabaseConfig;
  rateLimitMax: number;
  trustProxy: TrustProxy;
  corsOrigins: string[];
  connectSources: string[];
  notify: NotifyConfig | undefined;
  /** The built inbox app served at /admin/. */
  adminDir: string;
  cookieSecure: boolean;
  /** A publish whose pages take longer fails and leaves the site as it was (PUBLISH_TIMEOUT_MS). */
  publishTimeoutMs: number;
  /** Signs the forms' proof-of-work challenges (ALTCHA_HMAC_KEY); else derived from the address key. */
  altchaHmacKey: string | undefined;
  /** The nightly backups of the SQLite file (BACKUP_DIR, BACKUP_HOUR); off when BACKUP_DIR is unset. */
  backups: BackupConfig | undefined;
  /**
   * Days each form's submissions are kept once handled (RETAIN_APPLICATIONS_DAYS,
   * RETAIN_QUOTES_DAYS; Spam at least 30, counted by the database's clock, through the guard of
   * server/data/retention-guard.ts); a form left out is kept until someone deletes it
   * (docs/retention.md).
   */
  retainDays: { application?: number; quote?: number };
  /** Web Push to the owner's devices (docs/push.md). */
  push: PushConfig;
  /** Visits counted without cookies, and the weekly e-mail (docs/visits.md). */
  visits: VisitsConfig;
}

export interface VisitsConfig {
  /** Count visits (VISITS=on, the default; off counts nothing; the beacon is still answered 204). */
  on: boolean;
  /** Days the daily counts are kept (VISIT_RETENTION_DAYS, default 730: two years). */
  retentionDays: number;
  /**
   * The site's public address (SITE_URL, an origin such as https://staffing.example): the weekly
   * e-mail's link to the weekly picture; without it the e-mail names the inbox's page in words.
   */
  siteUrl: string | undefined;
}

export interface PushConfig {
  /**
   * The VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url as `web-push
   * generate-vapid-keys` prints them); unset: made at the first start and kept in the database,
   * shared by every instance.
   */
  vapid?: { publicKey: string; privateKey: string } | undefined;
  /** Who the push services may contact (VAPID_SUBJECT, mailto: or https:); unset: NOTIFY_FROM's address. */
  subject?: string | undefined;
  /**
   * Origins a device's push endpoint may name besides the known push services
   * (PUSH_ENDPOINT_ORIGINS; for the tests' local push service). Empty unless set: fail closed.
   */
  extraEndpointOrigins: string[];
}

export interface BackupConfig {
  /** Where the nightly copies and their status file go (server/data/nightly-backup.ts). */
  dir: string;
  /** The hour of the day (0-23, the server's local time) the nightly copy is made. */
  hour: number;
}

export interface DatabaseConfig {
  url: string;
  authToken?: string;
  /** The folder to create before opening a local file. */
  dir?: string;
  /** The key of the address hash: kept out of the database (see `Database.clientHash`). */
  addressKey: { secret: string } | { file: string };
  /** Postgres's time limits (the PG_… variables); each one's default when left out. */
  postgres?: Partial<PostgresLimits>;
  /**
   * A local file only: where the copy made before an upgrade's migrations goes (BACKUP_DIR, else
   * the data folder's `backups/`; server/db/upgrade.ts).
   */
  upgradeBackupDir?: string;
}

/**
 * How long Postgres may take, so that a stuck database fails a request instead of hanging it (and
 * /healthz with it). Milliseconds; 0 turns a limit off.
 */
export interface PostgresLimits {
  /** One statement, on the server (statement_timeout); the client gives up up to 5 s later. */
  statementTimeoutMs: number;
  /** Waiting for a row or table lock (lock_timeout). */
  lockTimeoutMs: number;
  /** A transaction left open and idle (idle_in_transaction_session_timeout). */
  idleInTransactionTimeoutMs: number;
  /** Opening a connection, or waiting for a free one of the pool. */
  connectTimeoutMs: number;
  /** TCP keep-alive: the first probe of a silent connection after this. */
  keepAliveDelayMs: number;
  /** Waiting at start for another instance's migrations (their advisory lock). */
  migrationWaitMs: number;
}

export const POSTGRES_LIMITS: PostgresLimits = {
  statementTimeoutMs: 15_000,
  lockTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 60_000,
  connectTimeoutMs: 5_000,
  keepAliveDelayMs: 10_000,
  migrationWaitMs: 60_000,
};

/**
 * Who may name the client in X-Forwarded-For. `proxies`: the addresses, CIDRs or proxy-addr names
 * (`loopback`, `linklocal`, `uniquelocal`) of the proxy this server talks to; none trusts nobody.
 * `hops`: how many proxies stand in front, counting that one; the header is believed only when the
 * connection itself comes from one of `proxies`.
 */
export interface TrustProxy {
  proxies: string[];
  hops?: number | undefined;
}

export interface NotifyConfig {
  smtpUrl: string;
  to: string[];
  from: string;
  /** Also tell each visitor by e-mail that their request arrived (ACKNOWLEDGE, on by default). */
  acknowledge: boolean;
  /** Acknowledgements per recipient domain per hour (ACK_DOMAIN_MAX_PER_HOUR, 20 by default). */
  acknowledgeDomainMaxPerHour: number;
  /**
   * The SMTP envelope sender of every e-mail (MAIL_ENVELOPE_FROM), where bounces go; the From
   * header stays `from`. Unset: the envelope sender is `from`'s address.
   */
  envelopeFrom?: string | undefined;
  /**
   * How long an instance holds an e-mail it is sending before another instance may take it over
   * (OUTBOX_LEASE_SECONDS, 120 by default): the longest an e-mail waits after its instance died.
   * A live instance renews it every third of it while the send runs.
   */
  leaseMs: number;
  /**
   * Where the visitors' answers to replies go (REPLY_ADDRESS, e.g. replies@staffing.example): a
   * reply's Reply-To is this address with the submission's token (replies+TOKEN@...), read back
   * by the IMAP watcher. Unset: a reply's Reply-To is the owner's mailbox (the first NOTIFY_TO).
   */
  replyAddress?: string | undefined;
  /**
   * The mailbox the server watches for answers (IMAP_URL, imap:// or imaps://user:password@host/
   * with an optional mailbox path, INBOX by default); unset: none is watched.
   */
  imapUrl?: string | undefined;
  /**
   * DKIM (docs/mail-delivery.md): the selector the mail check looks up (DKIM_SELECTOR), in the
   * domain DKIM_DOMAIN (default: the From address's domain); with `privateKey` (read from
   * DKIM_PRIVATE_KEY_FILE, PEM) the outbox signs every e-mail itself. Unset: the mail check tries
   * the selectors mail providers commonly use.
   */
  dkim?: DkimConfig | undefined;
  /**
   * The DNS servers the mail check asks (MAIL_DNS_SERVERS, `IP` or `IP:PORT`); unset: the
   * system's.
   */
  dnsServers?: string[] | undefined;
}

export interface DkimConfig {
  domain: string;
  selector: string;
  /** The PEM private key the outbox signs with; unset: the relay signs (or nobody does). */
  privateKey?: string | undefined;
}

type Env = Record<string, string | undefined>;

/** The environment was wrong: the message names every variable at fault. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Unset and blank are the same: the default. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    schema.optional(),
  );
}

/**
 * Whether IMAP_URL reads as the watcher reads it (server/replies/answers/imap-url.ts): a URL with
 * a host and a user, whose parts decode. Never thrown later with the URL (and its password) in it.
 */
function imapUrlReadable(value: string): boolean {
  try {
    const url = new URL(value);
    for (const part of [url.username, url.password, url.pathname]) decodeURIComponent(part);
    return url.hostname !== '' && url.username !== '' && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

/** A domain name: labels of letters, digits and hyphens, at least two. */
export const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

/** A DKIM selector: DNS labels of letters, digits, - and _ (DKIM_SELECTOR, `dkim-key --selector`). */
export const DKIM_SELECTOR =
  /^[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?)*$/i;

/** A MAIL_DNS_SERVERS entry as Node's resolver takes it: an IP, or IPv4:PORT, or [IPv6]:PORT. */
function dnsServerReadable(value: string): boolean {
  if (isIP(value)) return true;
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(value);
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  return host !== undefined && isIP(host) !== 0 && port >= 1 && port <= 65535;
}

function wholeNumber(min: number, max: number, hint = '') {
  return z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}${hint}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}${hint}`);
}

function commaList<T extends z.ZodType<string, string>>(item: T) {
  return optional(
    z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(item)),
  );
}

/** A key as `web-push generate-vapid-keys` prints it: base64url without padding, `length` characters. */
function base64url(what: string, length: number) {
  return z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${length}}$`),
      `must be ${what}, ${length} base64url characters`,
    );
}

/** An origin a push endpoint may name (the tests' local push service): no path, no wildcard. */
const pushOrigin = z
  .string()
  .refine(
    (text) => URL.canParse(text) && new URL(text).origin === text,
    'each entry must be an origin such as http://127.0.0.1:9000 (no path, no trailing slash)',
  );

const origin = z
  .string()
  .refine(
    (text) => text === '*' || (URL.canParse(text) && new URL(text).origin === text),
    'each entry must be an origin such as https://staffing.example (no path, no trailing slash) or *',
  );

const proxyList = z.string().transform((text, context) => {
  if (text === 'false' || text === 'none') return [];
  if (text === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        'true would let any visitor choose their own address; name the proxy instead (loopback, an address or a CIDR)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    context.addIssue({
      code: 'custom',
      message: `"${text}" is a hop count: name the proxy the server talks to in TRUST_PROXY (e.g. loopback or 10.0.0.0/8) and put the count in TRUST_PROXY_HOPS`,
    });
    return z.NEVER;
  }
  const proxies = text.split(',').map((part) => part.trim());
  try {
    proxyAddr.compile(proxies);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
  return proxies;
});

const endpoint = z
  .string()
  .refine(
    (text) => text.startsWith('/') || /^https?:\/\//.test(text),
    'must be a path on this site (/api/forms/…) or an http(s) URL',
  );

const RETAIN_HINT = ' (days a handled submission is kept; leave it unset to keep them all)';

const databaseEnv = z.object({
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^(libsql|https?|wss?|file|postgres|postgresql):/,
        'must start with file:, libsql:, https:, wss:, postgres: or postgresql:',
      ),
  ),
  DATABASE_AUTH_TOKEN: optional(z.string()),
  ADDRESS_HASH_SECRET: optional(
    z
      .string()
      .min(32, 'must be at least 32 characters (e.g. the output of `openssl rand -hex 32`)'),
  ),
  PG_STATEMENT_TIMEOUT_MS: optional(wholeNumber(0, 3_600_000)),
  PG_LOCK_TIMEOUT_MS: optional(wholeNumber(0, 3_600_000)),
  PG_IDLE_TX_TIMEOUT_MS: optional(wholeNumber(0, 3_600_000)),
  PG_CONNECT_TIMEOUT_MS: optional(wholeNumber(100, 600_000)),
  PG_KEEPALIVE_DELAY_MS: optional(wholeNumber(1000, 3_600_000)),
  PG_MIGRATION_WAIT_MS: optional(wholeNumber(1000, 3_600_000)),
  BACKUP_DIR: optional(z.string()),
});

const serverEnv = databaseEnv.extend({
  PORT: optional(wholeNumber(1, 65535)),
  HOST: optional(z.string()),
  DIST_DIR: optional(z.string()),
  BUILD_DIR: optional(z.string()),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  RATE_LIMIT_MAX: optional(
    wholeNumber(1, 1_000_000, ' (form posts per minute from one address; there is no "off")'),
  ),
  TRUST_PROXY: optional(proxyList),
  TRUST_PROXY_HOPS: optional(wholeNumber(1, 10)),
  CORS_ORIGINS: commaList(origin),
  COOKIE_SECURE: optional(z.enum(['true', 'false'])),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')),
  NOTIFY_TO: commaList(z.email('each entry must be an e-mail address')),
  NOTIFY_FROM: optional(
    z.string().regex(/^([^<>]*<)?[^\s<>@]+@[^\s<>@]+>?$/, 'must be an address or Name <address>'),
  ),
  ACKNOWLEDGE: optional(z.enum(['true', 'false'])),
  ACK_DOMAIN_MAX_PER_HOUR: optional(
    wholeNumber(1, 100_000, ' (acknowledgements per recipient domain per hour)'),
  ),
  MAIL_ENVELOPE_FROM: optional(
    z.email('must be a bare address such as bounces@staffing.example (no name, no <>)'),
  ),
  REPLY_ADDRESS: optional(
    z.email('must be a bare address such as replies@staffing.example (no name, no <>)'),
  ),
  DKIM_DOMAIN: optional(
    z
      .string()
      .regex(DOMAIN, 'must be a domain such as staffing.example (no @, no scheme)')
      .transform((text) => text.toLowerCase()),
  ),
  DKIM_SELECTOR: optional(
    z
      .string()
      .regex(DKIM_SELECTOR, 'must be a DNS label such as mail2026 (letters, digits, - and _)')
      .transform((text) => text.toLowerCase()),
  ),
  DKIM_PRIVATE_KEY_FILE: optional(z.string()),
  MAIL_DNS_SERVERS: commaList(
    z.string().refine(dnsServerReadable, 'each entry must be an IP address, optionally with :PORT'),
  ),
  IMAP_URL: optional(
    z
      .string()
      .regex(/^imaps?:\/\/[^/]/, 'must be an imap:// or imaps:// URL')
      .refine(
        imapUrlReadable,
        'must be imaps://USER:PASSWORD@HOST[:PORT]/MAILBOX, the user and the password percent-encoded (@ as %40, # as %23, / as %2F)',
      ),
  ),
  VAPID_PUBLIC_KEY: optional(base64url('the VAPID public key', 87)),
  VAPID_PRIVATE_KEY: optional(base64url('the VAPID private key', 43)),
  VAPID_SUBJECT: optional(
    z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL'),
  ),
  PUSH_ENDPOINT_ORIGINS: commaList(pushOrigin),
  OUTBOX_LEASE_SECONDS: optional(wholeNumber(2, 3600)),
  PUBLISH_TIMEOUT_MS: optional(wholeNumber(1, 600_000)),
  BACKUP_HOUR: optional(wholeNumber(0, 23, ' (the hour of the nightly backup, local time)')),
  ALTCHA_HMAC_KEY: optional(
    z
      .string()
      .min(32, 'must be at least 32 characters (e.g. the output of `openssl rand -hex 32`)'),
  ),
  VITE_QUOTE_ENDPOINT: optional(endpoint),
  VITE_APPLICATION_ENDPOINT: optional(endpoint),
  RETAIN_APPLICATIONS_DAYS: optional(wholeNumber(0, 36_500, RETAIN_HINT)),
  RETAIN_QUOTES_DAYS: optional(wholeNumber(0, 36_500, RETAIN_HINT)),
  VISITS: optional(z.enum(['on', 'off'])),
  VISIT_RETENTION_DAYS: optional(
    wholeNumber(1, 36_500, ' (days the daily visit counts are kept; default 730)'),
  ),
  SITE_URL: optional(
    z
      .string()
      .refine(
        (text) => URL.canParse(text) && new URL(text).origin === text,
        'must be an origin such as https://staffing.example (no path, no trailing slash)',
      ),
  ),
});

type ServerEnv = z.infer<typeof serverEnv>;

/** Every variable the receiver reads (.env.example and docs/configuration.md list them all). */
export const ENVIRONMENT_VARIABLES = Object.keys(serverEnv.shape);

/** Values never repeated in an error message. */
const SECRETS = new Set([
  'ADDRESS_HASH_SECRET',
  'ALTCHA_HMAC_KEY',
  'DATABASE_AUTH_TOKEN',
  'SMTP_URL',
  'IMAP_URL',
  'DATABASE_URL',
  'VAPID_PRIVATE_KEY',
]);

/** Parses `env` with `schema`, or throws one error that names each wrong variable and its value. */
function parseEnv<T extends z.ZodType>(schema: T, env: Env): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    const value = env[name];
    const shown = value === undefined || SECRETS.has(name) ? '' : ` (got "${value}")`;
    return `  ${name}: ${issue.message}${shown}`;
  });
  throw new ConfigError(`The environment is not valid:\n${lines.join('\n')}`);
}

function postgresLimits(parsed: z.infer<typeof databaseEnv>): PostgresLimits {
  const defaults = POSTGRES_LIMITS;
  return {
    statementTimeoutMs: parsed.PG_STATEMENT_TIMEOUT_MS ?? defaults.statementTimeoutMs,
    lockTimeoutMs: parsed.PG_LOCK_TIMEOUT_MS ?? defaults.lockTimeoutMs,
    idleInTransactionTimeoutMs: parsed.PG_IDLE_TX_TIMEOUT_MS ?? defaults.idleInTransactionTimeoutMs,
    connectTimeoutMs: parsed.PG_CONNECT_TIMEOUT_MS ?? defaults.connectTimeoutMs,
    keepAliveDelayMs: parsed.PG_KEEPALIVE_DELAY_MS ?? defaults.keepAliveDelayMs,
    migrationWaitMs: parsed.PG_MIGRATION_WAIT_MS ?? defaults.migrationWaitMs,
  };
}

/**
 * What a database address names, by its scheme: Postgres (postgres:// or postgresql://), a SQLite
 * file on this machine (file:), or else a remote libSQL server (libsql://, https://, …). The one
 * place that tells them apart.
 */
export function databaseAt(url: string): 'postgres' | 'file' | 'libsql' {
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  return url.startsWith('file:') ? 'file' : 'libsql';
}

export function databaseConfig(env: Env): DatabaseConfig {
  const parsed = parseEnv(databaseEnv, env);
  const dir = path.resolve(parsed.DATA_DIR ?? 'data');
  const addressKey = parsed.ADDRESS_HASH_SECRET
    ? { secret: parsed.ADDRESS_HASH_SECRET }
    : { file: path.join(dir, 'address-hash.key') };
  if (parsed.DATABASE_URL && databaseAt(parsed.DATABASE_URL) === 'postgres') {
    // A key file is one machine's: instances with different keys would dedupe and limit apart.
    if (!parsed.ADDRESS_HASH_SECRET) {
      throw new ConfigError(
        'The environment is not valid:\n  ADDRESS_HASH_SECRET: is required with a Postgres ' +
          'DATABASE_URL: every instance must hash client addresses with the same key, or ' +
          'duplicate posts and the limits would differ between them (e.g. `openssl rand -hex 32`)',
      );
    }
    return { url: parsed.DATABASE_URL, addressKey, postgres: postgresLimits(parsed) };
  }
  const backupDir = parsed.BACKUP_DIR ? path.resolve(parsed.BACKUP_DIR) : undefined;
  if (parsed.DATABASE_URL && databaseAt(parsed.DATABASE_URL) === 'file') {
    const folder = path.dirname(fileOfUrl(parsed.DATABASE_URL));
    const upgradeBackupDir = backupDir ?? path.join(folder, 'backups');
    return { url: parsed.DATABASE_URL, addressKey, upgradeBackupDir };
  }
  if (parsed.DATABASE_URL) {
    return { url: parsed.DATABASE_URL, authToken: parsed.DATABASE_AUTH_TOKEN, addressKey };
  }
  const upgradeBackupDir = backupDir ?? path.join(dir, 'backups');
  return { url: `file:${path.join(dir, 'submissions.db')}`, dir, addressKey, upgradeBackupDir };
}

/** The origins of absolute form endpoints, for the CSP's connect-src. */
export function endpointOrigins(endpoints: readonly (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const endpoint of endpoints) {
    if (!endpoint) continue;
    try {
      const url = new URL(endpoint);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // a relative endpoint is same-origin: 'self' covers it
    }
  }
  return [...origins];
}

/** Settings that are only wrong together. */
function checkCombinations(parsed: ServerEnv): string[] {
  const problems: string[] = [];
  const notifyParts = [parsed.SMTP_URL, parsed.NOTIFY_TO?.length ? parsed.NOTIFY_TO : undefined];
  if (notifyParts.filter(Boolean).length === 1) {
    problems.push('  SMTP_URL and NOTIFY_TO: e-mail notification needs both (or neither)');
  }
  if (parsed.ACKNOWLEDGE === 'true' && !parsed.SMTP_URL) {
    problems.push('  ACKNOWLEDGE: is true, but SMTP_URL is not set (acknowledgements are e-mails)');
  }
  if (parsed.NOTIFY_FROM && !parsed.SMTP_URL) {
    problems.push('  NOTIFY_FROM: is set, but SMTP_URL is not');
  }
  if (parsed.MAIL_ENVELOPE_FROM && !parsed.SMTP_URL) {
    problems.push('  MAIL_ENVELOPE_FROM: is set, but SMTP_URL is not');
  }
  if (parsed.IMAP_URL && !parsed.SMTP_URL) {
    problems.push(
      '  IMAP_URL: is set, but SMTP_URL is not (answers come back to replies sent by e-mail)',
    );
  }
  if (parsed.REPLY_ADDRESS && !parsed.IMAP_URL) {
    problems.push(
      '  REPLY_ADDRESS: is set, but IMAP_URL is not (answers sent there would never reach the inbox)',
    );
  }
  problems.push(...dkimProblems(parsed));
  if (Boolean(parsed.VAPID_PUBLIC_KEY) !== Boolean(parsed.VAPID_PRIVATE_KEY)) {
    problems.push(
      '  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: push needs both (or neither: made once and kept)',
    );
  }
  if (parsed.TRUST_PROXY_HOPS && parsed.TRUST_PROXY?.length === 0) {
    problems.push('  TRUST_PROXY_HOPS: is set, but TRUST_PROXY trusts no proxy');
  }
  if (parsed.BACKUP_DIR && parsed.DATABASE_URL && databaseAt(parsed.DATABASE_URL) !== 'file') {
    problems.push(
      '  BACKUP_DIR: the nightly backup copies a SQLite file on this machine; back up Postgres or ' +
        'a remote libSQL database with its own tools (docs/backups-and-upgrades.md: pg_dump)',
    );
  }
  if (parsed.BACKUP_HOUR !== undefined && !parsed.BACKUP_DIR) {
    problems.push('  BACKUP_HOUR: is set, but BACKUP_DIR is not (where would the backups go?)');
  }
  return problems;
}

/** The DKIM settings that are only wrong together, and a key file that cannot be read. */
function dkimProblems(parsed: ServerEnv): string[] {
  const problems: string[] = [];
  for (const name of ['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY_FILE'] as const) {
    if (parsed[name] && !parsed.SMTP_URL) problems.push(`  ${name}: is set, but SMTP_URL is not`);
  }
  if ((parsed.DKIM_PRIVATE_KEY_FILE || parsed.DKIM_DOMAIN) && !parsed.DKIM_SELECTOR) {
    problems.push(
      '  DKIM_SELECTOR: must be set with DKIM_PRIVATE_KEY_FILE or DKIM_DOMAIN (the record’s name: SELECTOR._domainkey.DOMAIN)',
    );
  }
  if (parsed.DKIM_PRIVATE_KEY_FILE) {
    const key = readPrivateKey(parsed.DKIM_PRIVATE_KEY_FILE);
    if ('problem' in key) problems.push(`  DKIM_PRIVATE_KEY_FILE: ${key.problem}`);
  }
  return problems;
}

const MAKE_A_KEY = '(make one with npm run admin -- dkim-key)';

/**
 * The PEM private key in `file`, or what is wrong with it: no such file, not readable, not a PEM
 * private key, or not RSA (nodemailer signs rsa-sha256 only: an Ed25519 key sent every e-mail
 * unsigned, an EC key signed it with a signature no receiver accepts).
 */
function readPrivateKey(file: string): { pem: string } | { problem: string } {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { problem: `no such file: ${file} ${MAKE_A_KEY}` };
    return {
      problem: `cannot read ${file} (${code ?? 'error'}): the server's user must be able to`,
    };
  }
  let type: string | undefined;
  try {
    type = createPrivateKey(pem).asymmetricKeyType;
  } catch {
    return { problem: `${file} holds no PEM private key ${MAKE_A_KEY}` };
  }
  if (type !== 'rsa') {
    return {
      problem: `${file} holds a key of type ${type ?? 'unknown'}: DKIM signing here takes an RSA key ${MAKE_A_KEY}`,
    };
  }
  return { pem };
}

/** The domain of an address (`Name <address>` or bare), lower case. */
export function domainOf(address: string): string {
  const bare = (/<([^<>]+)>\s*$/.exec(address)?.[1] ?? address).trim();
  return bare.slice(bare.lastIndexOf('@') + 1).toLowerCase();
}

function dkimConfig(parsed: ServerEnv, from: string): DkimConfig | undefined {
  if (!parsed.DKIM_SELECTOR) return undefined;
  const key = parsed.DKIM_PRIVATE_KEY_FILE
    ? readPrivateKey(parsed.DKIM_PRIVATE_KEY_FILE)
    : undefined;
  const privateKey = key && 'pem' in key ? key.pem : undefined;
  return {
    domain: parsed.DKIM_DOMAIN ?? domainOf(from),
    selector: parsed.DKIM_SELECTOR,
    privateKey,
  };
}

function notifyConfig(parsed: ServerEnv): NotifyConfig | undefined {
  const [firstRecipient] = parsed.NOTIFY_TO ?? [];
  if (!parsed.SMTP_URL || !firstRecipient || !parsed.NOTIFY_TO) return undefined;
  return {
    smtpUrl: parsed.SMTP_URL,
    to: parsed.NOTIFY_TO,
    from: parsed.NOTIFY_FROM ?? firstRecipient,
    acknowledge: parsed.ACKNOWLEDGE !== 'false',
    acknowledgeDomainMaxPerHour: parsed.ACK_DOMAIN_MAX_PER_HOUR ?? 20,
    envelopeFrom: parsed.MAIL_ENVELOPE_FROM,
    leaseMs: (parsed.OUTBOX_LEASE_SECONDS ?? 120) * 1000,
    replyAddress: parsed.REPLY_ADDRESS,
    imapUrl: parsed.IMAP_URL,
    dkim: dkimConfig(parsed, parsed.NOTIFY_FROM ?? firstRecipient),
    dnsServers: parsed.MAIL_DNS_SERVERS,
  };
}

/** Reads and checks every variable; throws a `ConfigError` naming each one that is wrong. */
export function loadConfig(env: Env = process.env, buildTimeEndpoints: string[] = []): Config {
  const parsed = parseEnv(serverEnv, env);
  const problems = checkCombinations(parsed);
  if (problems.length) {
    throw new ConfigError(`The environment is not valid:\n${problems.join('\n')}`);
  }
  return {
    port: parsed.PORT ?? 8080,
    host: parsed.HOST ?? '0.0.0.0',
    distDir: parsed.DIST_DIR ?? 'dist',
    logLevel: parsed.LOG_LEVEL ?? 'info',
    database: databaseConfig(env),
    rateLimitMax: parsed.RATE_LIMIT_MAX ?? 10,
    trustProxy: { proxies: parsed.TRUST_PROXY ?? ['loopback'], hops: parsed.TRUST_PROXY_HOPS },
    corsOrigins: parsed.CORS_ORIGINS ?? [],
    connectSources: endpointOrigins([
      parsed.VITE_QUOTE_ENDPOINT,
      parsed.VITE_APPLICATION_ENDPOINT,
      ...buildTimeEndpoints,
    ]),
    adminDir: path.join(parsed.BUILD_DIR ?? 'build', 'admin'),
    cookieSecure: parsed.COOKIE_SECURE === 'true',
    notify: notifyConfig(parsed),
    publishTimeoutMs: parsed.PUBLISH_TIMEOUT_MS ?? 60_000,
    altchaHmacKey: parsed.ALTCHA_HMAC_KEY,
    backups: parsed.BACKUP_DIR
      ? { dir: path.resolve(parsed.BACKUP_DIR), hour: parsed.BACKUP_HOUR ?? 3 }
      : undefined,
    retainDays: retainDays(parsed),
    push: {
      vapid:
        parsed.VAPID_PUBLIC_KEY && parsed.VAPID_PRIVATE_KEY
          ? { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY }
          : undefined,
      subject: parsed.VAPID_SUBJECT,
      extraEndpointOrigins: parsed.PUSH_ENDPOINT_ORIGINS ?? [],
    },
    visits: {
      on: parsed.VISITS !== 'off',
      retentionDays: parsed.VISIT_RETENTION_DAYS ?? 730,
      siteUrl: parsed.SITE_URL,
    },
  };
}

/** Only the forms with a retention set: the others are kept. */
function retainDays(parsed: ServerEnv): Config['retainDays'] {
  return {
    ...(parsed.RETAIN_APPLICATIONS_DAYS === undefined
      ? {}
      : { application: parsed.RETAIN_APPLICATIONS_DAYS }),
    ...(parsed.RETAIN_QUOTES_DAYS === undefined ? {} : { quote: parsed.RETAIN_QUOTES_DAYS }),
  };
}

/** The local file of a `file:` database address. */
export function fileOfUrl(url: string): string {
  if (url.startsWith('file://')) return fileURLToPath(url);
  return path.resolve(url.slice('file:'.length).replace(/\?.*$/, ''));
}
