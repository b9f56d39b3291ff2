import path from 'node:path';

/** Everything the receiver reads from its environment (README, "Environment variables"). */
export interface Config {
  port: number;
  host: string;
  distDir: string;
  logLevel: string;
  database: DatabaseConfig;
  rateLimitMax: number;
  trustProxy: boolean | number | string;
  corsOrigins: string[];
  connectSources: string[];
  notify: NotifyConfig | undefined;
  /** The built inbox app served at /admin/. */
  adminDir: string;
  cookieSecure: boolean;
}

export interface DatabaseConfig {
  url: string;
  authToken?: string;
  /** The folder to create before opening a local file. */
  dir?: string;
}

export interface NotifyConfig {
  smtpUrl: string;
  to: string[];
  from: string;
}

type Env = Record<string, string | undefined>;

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    throw new Error(`${name} must be a whole number, got "${value}"`);
  }
  return number;
}

function flag(value: string | undefined, name: string): boolean {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function databaseConfig(env: Env): DatabaseConfig {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN || undefined };
  }
  const dir = path.resolve(env.DATA_DIR || 'data');
  return { url: `file:${path.join(dir, 'submissions.db')}`, dir };
}

/**
 * `true`, a hop count, or the addresses/CIDRs of the proxies (fastify's trustProxy). By default
 * only a proxy on this machine may name the client: a direct visitor cannot forge an address.
 */
function trustProxy(value: string | undefined): boolean | number | string {
  const text = value?.trim() ?? '';
  if (text === '') return 'loopback';
  if (text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text;
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

export function loadConfig(env: Env = process.env, buildTimeEndpoints: string[] = []): Config {
  const notifyTo = list(env.NOTIFY_TO);
  const [firstRecipient] = notifyTo;
  const smtpUrl = env.SMTP_URL?.trim();
  return {
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    distDir: env.DIST_DIR || 'dist',
    logLevel: env.LOG_LEVEL || 'info',
    database: databaseConfig(env),
    rateLimitMax: positiveInt(env.RATE_LIMIT_MAX, 10, 'RATE_LIMIT_MAX'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    corsOrigins: list(env.CORS_ORIGINS),
    connectSources: endpointOrigins([
      env.VITE_QUOTE_ENDPOINT,
      env.VITE_APPLICATION_ENDPOINT,
      ...buildTimeEndpoints,
    ]),
    adminDir: path.join(env.BUILD_DIR || 'build', 'admin'),
    cookieSecure: flag(env.COOKIE_SECURE, 'COOKIE_SECURE'),
    notify:
      smtpUrl && firstRecipient
        ? { smtpUrl, to: notifyTo, from: env.NOTIFY_FROM?.trim() || firstRecipient }
        : undefined,
  };
}
