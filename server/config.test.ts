import path from 'node:path';
import { endpointOrigins, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      distDir: 'dist',
      rateLimitMax: 10,
      trustProxy: 'loopback',
      corsOrigins: [],
      connectSources: [],
      notify: undefined,
    });
    expect(config.database).toEqual({
      url: `file:${path.resolve('data', 'submissions.db')}`,
      dir: path.resolve('data'),
    });
  });

  it('reads DATA_DIR, DATABASE_URL and the rate limit', () => {
    expect(loadConfig({ DATA_DIR: '/srv/forms' }).database.url).toBe(
      'file:/srv/forms/submissions.db',
    );
    expect(
      loadConfig({ DATABASE_URL: 'libsql://db.example.turso.io', DATABASE_AUTH_TOKEN: 't' })
        .database,
    ).toEqual({ url: 'libsql://db.example.turso.io', authToken: 't' });
    expect(loadConfig({ RATE_LIMIT_MAX: '100000' }).rateLimitMax).toBe(100000);
    expect(() => loadConfig({ RATE_LIMIT_MAX: 'lots' })).toThrow(/RATE_LIMIT_MAX/);
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('turns notifications on only with both SMTP_URL and NOTIFY_TO', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).notify).toBeUndefined();
    expect(loadConfig({ NOTIFY_TO: 'a@example.com' }).notify).toBeUndefined();
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail.example:587', NOTIFY_TO: 'a@example.com, b@example.com' })
        .notify,
    ).toEqual({
      smtpUrl: 'smtp://mail.example:587',
      to: ['a@example.com', 'b@example.com'],
      from: 'a@example.com',
    });
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
