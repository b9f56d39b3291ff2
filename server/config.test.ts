import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ConfigError,
  databaseAt,
  ENVIRONMENT_VARIABLES,
  endpointOrigins,
  loadConfig,
  POSTGRES_LIMITS,
} from './config.ts';

describe('DKIM_PRIVATE_KEY_FILE', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dkim-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (file: string) =>
    loadConfig({
      SMTP_URL: 'smtp://u:p@127.0.0.1:2525',
      NOTIFY_TO: 'owner@staffing.example',
      DKIM_SELECTOR: 's1',
      DKIM_PRIVATE_KEY_FILE: file,
    });
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const pem = (type: 'rsa' | 'ed25519' | 'ec') => {
    const options =
      type === 'rsa' ? { modulusLength: 1024 } : type === 'ec' ? { namedCurve: 'P-256' } : {};
    // generateKeyPairSync's overloads want one literal type each.
    const { privateKey } = (
      generateKeyPairSync as (
        t: string,
        o: object,
      ) => { privateKey: import('node:crypto').KeyObject }
    )(type, options);
    return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  };

  it('an RSA key: read, and the outbox signs with it', () => {
    const key = pem('rsa');
    expect(load(write('rsa.pem', key)).notify?.dkim?.privateKey).toBe(key);
  });

  it.each([
    ['a file that is not there', () => path.join(dir, 'nope.pem'), 'no such file'],
    ['a file without a key', () => write('text.pem', 'not a key\n'), 'holds no PEM private key'],
    [
      'an Ed25519 key (nodemailer signs RSA only)',
      () => write('ed.pem', pem('ed25519')),
      'holds a key of type ed25519',
    ],
    ['an EC key', () => write('ec.pem', pem('ec')), 'holds a key of type ec'],
  ])('refused at start, saying why: %s', (_what, file, why) => {
    expect(() => load(file())).toThrow(ConfigError);
    expect(() => load(file())).toThrow(why);
  });
});

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      distDir: 'dist',
      logLevel: 'info',
      rateLimitMax: 10,
      trustProxy: { proxies: ['loopback'], hops: undefined },
      corsOrigins: [],
      connectSources: [],
      notify: undefined,
      cookieSecure: false,
    });
    expect(config.database).toEqual({
      url: `file:${path.resolve('data', 'submissions.db')}`,
      dir: path.resolve('data'),
      addressKey: { file: path.resolve('data', 'address-hash.key') },
      upgradeBackupDir: path.resolve('data', 'backups'),
    });
    expect(config.backups).toBeUndefined();
  });

  it('makes nightly backups with BACKUP_DIR, at BACKUP_HOUR (3 by default)', () => {
    const config = loadConfig({ BACKUP_DIR: '/srv/backups' });
    expect(config.backups).toEqual({ dir: '/srv/backups', hour: 3 });
    expect(config.database.upgradeBackupDir).toBe('/srv/backups');
    expect(loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_HOUR: '23' }).backups?.hour).toBe(23);
    expect(() => loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_HOUR: '24' })).toThrow(
      /BACKUP_HOUR: must be a whole number from 0 to 23/,
    );
    expect(() => loadConfig({ BACKUP_HOUR: '3' })).toThrow(/BACKUP_HOUR: is set, but BACKUP_DIR/);
    expect(loadConfig({ DATABASE_URL: 'file:/srv/forms/site.db' }).database.upgradeBackupDir).toBe(
      '/srv/forms/backups',
    );
  });

  it('refuses BACKUP_DIR with Postgres or a remote libSQL database, and says what to use', () => {
    const secret = 'a'.repeat(32);
    expect(() =>
      loadConfig({
        BACKUP_DIR: '/srv/backups',
        DATABASE_URL: 'postgres://forms@db/forms',
        ADDRESS_HASH_SECRET: secret,
      }),
    ).toThrow(/BACKUP_DIR: .*pg_dump/);
    expect(() =>
      loadConfig({ BACKUP_DIR: '/srv/backups', DATABASE_URL: 'libsql://db.example.turso.io' }),
    ).toThrow(/BACKUP_DIR/);
  });

  it('reads DATA_DIR, DATABASE_URL, ADDRESS_HASH_SECRET and the rate limit', () => {
    expect(loadConfig({ DATA_DIR: '/srv/forms' }).database.url).toBe(
      'file:/srv/forms/submissions.db',
    );
    const secret = 'a'.repeat(32);
    expect(
      loadConfig({
        DATABASE_URL: 'libsql://db.example.turso.io',
        DATABASE_AUTH_TOKEN: 't',
        ADDRESS_HASH_SECRET: secret,
      }).database,
    ).toEqual({ url: 'libsql://db.example.turso.io', authToken: 't', addressKey: { secret } });
    expect(loadConfig({ RATE_LIMIT_MAX: '100000' }).rateLimitMax).toBe(100000);
    expect(loadConfig({ PORT: ' ', RATE_LIMIT_MAX: '' })).toMatchObject({
      port: 8080,
      rateLimitMax: 10,
    });
  });

  it('runs on Postgres only with ADDRESS_HASH_SECRET, and says why', () => {
    const secret = 'b'.repeat(32);
    for (const url of ['postgres://u:p@db/forms', 'postgresql://u:p@db/forms']) {
      expect(loadConfig({ DATABASE_URL: url, ADDRESS_HASH_SECRET: secret }).database).toEqual({
        url,
        addressKey: { secret },
        postgres: POSTGRES_LIMITS,
      });
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        /ADDRESS_HASH_SECRET: is required with a Postgres DATABASE_URL: every instance must hash/,
      );
    }
  });

  it("reads Postgres's time limits (PG_…), each with its default, 0 turning one off", () => {
    const postgres = {
      DATABASE_URL: 'postgres://u:p@db/forms',
      ADDRESS_HASH_SECRET: 'b'.repeat(32),
    };
    expect(POSTGRES_LIMITS).toEqual({
      statementTimeoutMs: 15_000,
      lockTimeoutMs: 5_000,
      idleInTransactionTimeoutMs: 60_000,
      connectTimeoutMs: 5_000,
      keepAliveDelayMs: 10_000,
      migrationWaitMs: 60_000,
    });
    expect(
      loadConfig({
        ...postgres,
        PG_STATEMENT_TIMEOUT_MS: '30000',
        PG_LOCK_TIMEOUT_MS: '0',
        PG_IDLE_TX_TIMEOUT_MS: '120000',
        PG_CONNECT_TIMEOUT_MS: '2000',
        PG_KEEPALIVE_DELAY_MS: '30000',
        PG_MIGRATION_WAIT_MS: '300000',
      }).database.postgres,
    ).toEqual({
      statementTimeoutMs: 30_000,
      lockTimeoutMs: 0,
      idleInTransactionTimeoutMs: 120_000,
      connectTimeoutMs: 2000,
      keepAliveDelayMs: 30_000,
      migrationWaitMs: 300_000,
    });
    expect(() => loadConfig({ ...postgres, PG_CONNECT_TIMEOUT_MS: '0' })).toThrow(
      /PG_CONNECT_TIMEOUT_MS: must be a whole number from 100/,
    );
    expect(() => loadConfig({ ...postgres, PG_STATEMENT_TIMEOUT_MS: '15s' })).toThrow(
      /PG_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('refuses RATE_LIMIT_MAX=0: there is no "off"', () => {
    expect(() => loadConfig({ RATE_LIMIT_MAX: '0' })).toThrow(
      'RATE_LIMIT_MAX: must be a whole number from 1 to 1000000 (form posts per minute from one address; there is no "off") (got "0")',
    );
  });

  it.each([
    ['PORT', '-1'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'verbose'],
    ['RATE_LIMIT_MAX', 'lots'],
    ['TRUST_PROXY_HOPS', '11'],
    ['CORS_ORIGINS', 'https://staffing.example/'],
    ['COOKIE_SECURE', 'yes'],
    ['DATABASE_URL', 'mysql://db'],
    ['VITE_QUOTE_ENDPOINT', 'formspree.io/f/x'],
  ])('names %s when it is "%s"', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^The environment is not valid:\\n  ${name}: `),
    );
  });

  it('names every wrong variable at once, and never repeats a secret', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'http',
        NOTIFY_TO: 'not-an-address',
        SMTP_URL: 'mail.example.com',
        ADDRESS_HASH_SECRET: 'short-secret',
      });
    } catch (error) {
      message = (error as ConfigError).message;
      expect(error).toBeInstanceOf(ConfigError);
    }
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}NOTIFY_TO: each entry must be an e-mail address/m);
    expect(message).toMatch(/^ {2}SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL$/m);
    expect(message).toMatch(/^ {2}ADDRESS_HASH_SECRET: must be at least 32 characters/m);
    expect(message).not.toContain('short-secret');
    expect(message).not.toContain('mail.example.com');
  });

  it('reads ALTCHA_HMAC_KEY, at least 32 characters, and never repeats it', () => {
    expect(loadConfig({}).altchaHmacKey).toBeUndefined();
    const key = 'k'.repeat(32);
    expect(loadConfig({ ALTCHA_HMAC_KEY: key }).altchaHmacKey).toBe(key);
    expect(() => loadConfig({ ALTCHA_HMAC_KEY: 'short-key' })).toThrow(
      /^ {2}ALTCHA_HMAC_KEY: must be at least 32 characters[^"]*$/m,
    );
  });

  it('reads TRUST_PROXY as proxies, and TRUST_PROXY_HOPS', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ proxies: [] });
    expect(
      loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8', TRUST_PROXY_HOPS: '2' }).trustProxy,
    ).toEqual({ proxies: ['loopback', '10.0.0.0/8'], hops: 2 });
  });

  it('turns notifications on with SMTP_URL and NOTIFY_TO, and refuses one without the other', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /SMTP_URL and NOTIFY_TO: e-mail notification needs both/,
    );
    expect(() => loadConfig({ NOTIFY_TO: 'a@example.com' })).toThrow(/SMTP_URL and NOTIFY_TO/);
    expect(() => loadConfig({ NOTIFY_FROM: 'a@example.com' })).toThrow(/NOTIFY_FROM/);
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail.example:587', NOTIFY_TO: 'a@example.com, b@example.com' })
        .notify,
    ).toEqual({
      smtpUrl: 'smtp://mail.example:587',
      to: ['a@example.com', 'b@example.com'],
      from: 'a@example.com',
      acknowledge: true,
      acknowledgeDomainMaxPerHour: 20,
      envelopeFrom: undefined,
      leaseMs: 120_000,
    });
  });

  it('caps acknowledgements per domain (ACK_DOMAIN_MAX_PER_HOUR)', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example:587', NOTIFY_TO: 'a@example.com' };
    expect(loadConfig({ ...smtp, ACK_DOMAIN_MAX_PER_HOUR: '5' }).notify).toMatchObject({
      acknowledgeDomainMaxPerHour: 5,
    });
    expect(() => loadConfig({ ...smtp, ACK_DOMAIN_MAX_PER_HOUR: '0' })).toThrow(
      /ACK_DOMAIN_MAX_PER_HOUR: must be a whole number from 1 to 100000/,
    );
  });

  it('sets the envelope sender apart from NOTIFY_FROM (MAIL_ENVELOPE_FROM)', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example:587', NOTIFY_TO: 'a@example.com' };
    expect(
      loadConfig({
        ...smtp,
        NOTIFY_FROM: 'Site <forms@example.com>',
        MAIL_ENVELOPE_FROM: 'bounces@example.com',
      }).notify,
    ).toMatchObject({ from: 'Site <forms@example.com>', envelopeFrom: 'bounces@example.com' });
    expect(() =>
      loadConfig({ ...smtp, MAIL_ENVELOPE_FROM: 'Bounces <bounces@example.com>' }),
    ).toThrow(/MAIL_ENVELOPE_FROM: must be a bare address/);
    expect(() => loadConfig({ MAIL_ENVELOPE_FROM: 'bounces@example.com' })).toThrow(
      /MAIL_ENVELOPE_FROM: is set, but SMTP_URL is not/,
    );
  });

  it('reads the reply mailbox (IMAP_URL, REPLY_ADDRESS), and says in words what is missing', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example:587', NOTIFY_TO: 'a@example.com' };
    const imap = 'imaps://replies%40example.com:p%23ss@imap.example/INBOX';
    expect(
      loadConfig({ ...smtp, IMAP_URL: imap, REPLY_ADDRESS: 'replies@example.com' }).notify,
    ).toMatchObject({ imapUrl: imap, replyAddress: 'replies@example.com' });
    expect(() => loadConfig({ IMAP_URL: imap })).toThrow(
      /IMAP_URL: is set, but SMTP_URL is not \(answers come back to replies sent by e-mail\)/,
    );
    expect(() => loadConfig({ ...smtp, REPLY_ADDRESS: 'replies@example.com' })).toThrow(
      /REPLY_ADDRESS: is set, but IMAP_URL is not/,
    );
    expect(() =>
      loadConfig({ ...smtp, IMAP_URL: imap, REPLY_ADDRESS: 'Replies <replies@example.com>' }),
    ).toThrow(/REPLY_ADDRESS: must be a bare address/);
    // A password with a bare # (or a bad % escape, a port out of range, no user) would have thrown
    // later, at start, with the URL and its password in the error.
    for (const unreadable of [
      'imaps://replies:p#ss@imap.example/INBOX',
      'imaps://replies:p%zz@imap.example/INBOX',
      'imaps://replies:pass@imap.example:99999/INBOX',
      'imaps://imap.example/INBOX',
    ]) {
      let message = '';
      try {
        loadConfig({ ...smtp, IMAP_URL: unreadable });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/IMAP_URL: must be imaps:\/\/USER:PASSWORD@HOST/);
      expect(message).not.toContain('p%zz');
      expect(message).not.toContain('pass@');
    }
  });

  it('reads how long an instance holds an e-mail it is sending (OUTBOX_LEASE_SECONDS)', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example:587', NOTIFY_TO: 'a@example.com' };
    expect(loadConfig({ ...smtp, OUTBOX_LEASE_SECONDS: '30' }).notify?.leaseMs).toBe(30_000);
    expect(loadConfig({ ...smtp, OUTBOX_LEASE_SECONDS: '2' }).notify?.leaseMs).toBe(2000);
    expect(() => loadConfig({ ...smtp, OUTBOX_LEASE_SECONDS: '1' })).toThrow(
      /OUTBOX_LEASE_SECONDS/,
    );
  });

  it('acknowledges each visitor by default when SMTP is set; ACKNOWLEDGE=false turns it off', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example:587', NOTIFY_TO: 'a@example.com' };
    expect(loadConfig(smtp).notify?.acknowledge).toBe(true);
    expect(loadConfig({ ...smtp, ACKNOWLEDGE: 'false' }).notify?.acknowledge).toBe(false);
    expect(() => loadConfig({ ...smtp, ACKNOWLEDGE: 'no' })).toThrow(/ACKNOWLEDGE/);
    expect(() => loadConfig({ ACKNOWLEDGE: 'true' })).toThrow(/ACKNOWLEDGE: is true, but SMTP_URL/);
  });

  it('keeps submissions by default; RETAIN_…_DAYS sets days per form and refuses anything else', () => {
    expect(loadConfig({}).retainDays).toEqual({});
    expect(
      loadConfig({ RETAIN_APPLICATIONS_DAYS: '730', RETAIN_QUOTES_DAYS: ' 0 ' }).retainDays,
    ).toEqual({ application: 730, quote: 0 });
    expect(loadConfig({ RETAIN_QUOTES_DAYS: '1095' }).retainDays).toEqual({ quote: 1095 });
    for (const wrong of ['-1', '1.5', 'two years', '36501']) {
      expect(() => loadConfig({ RETAIN_APPLICATIONS_DAYS: wrong })).toThrow(
        new RegExp(
          `RETAIN_APPLICATIONS_DAYS: must be a whole number from 0 to 36500 .*got "${wrong}"`,
        ),
      );
    }
  });

  it('adds absolute form endpoints, from run time or build time, to connect-src', () => {
    const config = loadConfig(
      {
        VITE_QUOTE_ENDPOINT: 'https://formspree.io/f/abcd',
        VITE_APPLICATION_ENDPOINT: '/api/forms/application',
      },
      ['https://forms.example.com/api/forms/application'],
    );
    expect(config.connectSources).toEqual(['https://formspree.io', 'https://forms.example.com']);
  });
});

describe('endpointOrigins', () => {
  it('ignores relative, empty and non-http endpoints', () => {
    expect(endpointOrigins(['/api/forms/quote', '', undefined, 'javascript:alert(1)'])).toEqual([]);
    expect(endpointOrigins(['https://a.example/x', 'https://a.example/y'])).toEqual([
      'https://a.example',
    ]);
  });
});

describe('the documented environment', () => {
  it('.env.example and docs/configuration.md name every variable the receiver reads', () => {
    const example = readFileSync('.env.example', 'utf8');
    const reference = readFileSync('docs/configuration.md', 'utf8');
    expect(ENVIRONMENT_VARIABLES.length).toBeGreaterThan(15);
    for (const name of ENVIRONMENT_VARIABLES) {
      expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
      expect(reference, name).toContain(`| \`${name}\``);
    }
  });

  it('every setting in .env.example is valid as written', () => {
    const example = readFileSync('.env.example', 'utf8');
    const env = Object.fromEntries(
      [...example.matchAll(/^# ([A-Z_]+)=(.*)$/gm)].map(([, name = '', value = '']) => [
        name,
        value,
      ]),
    );
    // The placeholders of a remote database and its token stand for the file by default.
    delete env.DATABASE_URL;
    // The DKIM key file named stands for one `npm run admin -- dkim-key` made on the server.
    delete env.DKIM_PRIVATE_KEY_FILE;
    expect(() => loadConfig(env)).not.toThrow();
  });
});

describe('databaseAt', () => {
  it('tells a Postgres address, a SQLite file and a remote libSQL server apart by their scheme', () => {
    expect(databaseAt('postgres://u:p@db/forms')).toBe('postgres');
    expect(databaseAt('postgresql://u:p@db/forms')).toBe('postgres');
    expect(databaseAt('file:/srv/forms/submissions.db')).toBe('file');
    expect(databaseAt('libsql://forms.example.turso.io')).toBe('libsql');
    expect(databaseAt('https://forms.example.com')).toBe('libsql');
    // Not an address of Postgres: the config and the engine agree on it (the config alone once
    // took it for one, asked for its secret, and the engine then opened it as libSQL).
    expect(databaseAt('postgres:forms')).toBe('libsql');
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgresql://u:p@db/forms', ADDRESS_HASH_SECRET: '' }),
    ).toThrow(/ADDRESS_HASH_SECRET: is required with a Postgres/);
  });
});
