import { createPrivateKey, createPublicKey } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import nodemailer from 'nodemailer';
import { loadConfig } from '../config.ts';
import { dkimRecordValue } from '../mail/check/dkim-record.ts';
import { runCaught, tempDataDir } from '../testing/fixtures.ts';
import { runAdminCli } from './cli.ts';
import { runDkimKeyCli } from './dkim-key-cli.ts';

const NOVEMBER_2026 = Date.parse('2026-11-27T12:00:00Z');
let data: ReturnType<typeof tempDataDir>;

beforeEach(() => {
  data = tempDataDir('dkim-key-');
});

afterEach(() => {
  data.remove();
});

const dkimKey = (argv: string[], env: Record<string, string | undefined> = {}) =>
  runCaught((io) => runDkimKeyCli(argv, io, { now: () => NOVEMBER_2026 }), {
    DATA_DIR: data.dir,
    ...env,
  });

/** The printed record's value (one line, after `Value:`). */
const printedValue = (out: string) => /^ {3}Value: (.*)$/m.exec(out)?.[1];

/** Neither the PEM nor any line of its base64 is in `text`. */
function expectNoSecret(text: string, pem: string) {
  expect(text).not.toContain('PRIVATE KEY');
  for (const line of pem.split('\n').filter((part) => part.length > 20 && !part.startsWith('-'))) {
    expect(text).not.toContain(line);
  }
}

describe('npm run admin -- dkim-key', () => {
  it('writes a private key readable by its owner only, and prints the record of its public half and the settings', async () => {
    const { code, out, err } = await dkimKey([], {
      NOTIFY_FROM: 'Potomac Staffing <Forms@Staffing.example>',
    });
    expect(err).toBe('');
    expect(code).toBe(0);
    const file = path.join(data.dir, 'dkim-mail2026.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const pem = readFileSync(file, 'utf8');
    const privateKey = createPrivateKey(pem);
    expect(privateKey.asymmetricKeyType).toBe('rsa');
    expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);

    const value = printedValue(out);
    expect(value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    expect(value).toBe(dkimRecordValue(createPublicKey(privateKey)));
    // The mail check's comparison: the record of the key the server signs with, from its PEM.
    expect(dkimRecordValue(pem)).toBe(value);
    expect(out).toMatch(/^ {3}Type: {2}TXT$/m);
    expect(out).toMatch(/^ {3}Name: {2}mail2026\._domainkey\.staffing\.example$/m);
    expect(out).toContain('quoted strings of up to 255 characters');
    expect(out).toMatch(/^ {3}DKIM_SELECTOR=mail2026$/m);
    expect(out).toMatch(/^ {3}DKIM_DOMAIN=staffing\.example$/m);
    expect(out).toContain(`   DKIM_PRIVATE_KEY_FILE=${file}\n`);
    expect(out).toContain('The private key is a secret');
    expectNoSecret(out + err, pem);
  });

  it('makes a key the server reads and signs with, which verifies against the printed record', async () => {
    const { code, out } = await dkimKey(['--selector', 'Relay1', '--domain', 'potomac.example']);
    expect(code).toBe(0);
    const file = path.join(data.dir, 'dkim-relay1.pem');
    const config = loadConfig({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      NOTIFY_TO: 'bookings@potomac.example',
      DKIM_SELECTOR: 'relay1',
      DKIM_DOMAIN: 'potomac.example',
      DKIM_PRIVATE_KEY_FILE: file,
    });
    const dkim = config.notify?.dkim;
    expect(dkim?.privateKey).toBe(readFileSync(file, 'utf8'));
    const signer = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      dkim: {
        domainName: 'potomac.example',
        keySelector: 'relay1',
        privateKey: dkim?.privateKey ?? '',
      },
    });
    const { message } = await signer.sendMail({
      from: 'bookings@potomac.example',
      to: 'someone@example.com',
      subject: 'Signed',
      text: 'Hello',
    });
    const asked: string[] = [];
    const verified = await dkimVerify(message, {
      resolver: async (name) => {
        asked.push(name);
        return [[printedValue(out) ?? '']];
      },
    });
    expect(asked).toEqual(['relay1._domainkey.potomac.example']);
    expect(verified.results.map((result) => result.status.result)).toEqual(['pass']);
  });

  it('takes the domain of the first NOTIFY_TO without NOTIFY_FROM, and writes to --out', async () => {
    const { code, out } = await dkimKey(['--out', path.join(data.dir, 'keys', 'signing.pem')], {
      NOTIFY_TO: 'bookings@other.example, owner@elsewhere.example',
    });
    expect(code).toBe(0);
    const file = path.join(data.dir, 'keys', 'signing.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(out).toMatch(/^ {3}Name: {2}mail2026\._domainkey\.other\.example$/m);
    expect(out).toContain(`   DKIM_PRIVATE_KEY_FILE=${file}\n`);
  });

  it('a subdomain: the host to give a DNS host is in the zone of the organisational domain', async () => {
    const { code, out } = await dkimKey(['--domain', 'mail.staffing.example', '--selector', 's1']);
    expect(code).toBe(0);
    expect(out).toMatch(/^ {3}Name: {2}s1\._domainkey\.mail\.staffing\.example$/m);
    expect(out).toContain('(a host that adds the domain itself wants: s1._domainkey.mail)');
  });

  it('never overwrites a key file', async () => {
    const file = path.join(data.dir, 'dkim-mail2026.pem');
    writeFileSync(file, 'the key in use\n', { mode: 0o600 });
    const { code, out, err } = await dkimKey(['--domain', 'staffing.example']);
    expect(code).toBe(1);
    expect(err).toContain(`${file} exists already: it is not overwritten`);
    expect(out).toBe('');
    expect(readFileSync(file, 'utf8')).toBe('the key in use\n');

    expect((await dkimKey(['--domain', 'staffing.example', '--selector', 'mail2027'])).code).toBe(
      0,
    );
    expect((await dkimKey(['--domain', 'staffing.example', '--selector', 'mail2027'])).code).toBe(
      1,
    );
  });

  it('asks for the domain when no address names it, and refuses a selector that is no DNS label', async () => {
    const none = await dkimKey([]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('Which domain signs? Give --domain DOMAIN, or set NOTIFY_FROM');
    expect(existsSync(path.join(data.dir, 'dkim-mail2026.pem'))).toBe(false);

    const bad = await dkimKey(['--selector', 'mail 2026', '--domain', 'staffing.example']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--selector must be a DNS label');
    const domain = await dkimKey(['--domain', 'https://staffing.example']);
    expect(domain.code).toBe(2);
    expect(domain.err).toContain('must be a domain such as staffing.example');
  });

  it('is the admin command dkim-key, its selector of this year by default', async () => {
    const year = new Date().getUTCFullYear();
    const { code, out } = await runCaught(
      (io) =>
        runAdminCli(['dkim-key', '--domain', 'staffing.example'], {
          ...io,
          readPassword: () => Promise.reject(new Error('no password here')),
        }),
      { DATA_DIR: data.dir },
    );
    expect(code).toBe(0);
    // The year when the command ran (the test may straddle New Year: either side of it).
    expect(out).toMatch(new RegExp(`DKIM_SELECTOR=mail(${year}|${year + 1})\\n`));
  });
});
