/**
 * `npm run admin -- dkim-key [--selector NAME] [--domain DOMAIN] [--out FILE]`: makes a DKIM key
 * pair, writes the private key (PEM, readable by its owner only) and prints the DNS record to
 * publish and the settings to add (docs/mail-delivery.md#dkim-signing). The private key is never
 * printed.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DKIM_SELECTOR, DOMAIN, domainOf } from '../config.ts';
import type { CliIo } from '../data/submissions-cli.ts';
import { dkimRecordName, dkimRecordValue } from '../mail/check/dkim-record.ts';
import { txtRecord } from '../mail/check/dns-records.ts';

export const dkimKeyUsage = `  npm run admin -- dkim-key [--selector NAME] [--domain DOMAIN] [--out FILE]
                                          make a DKIM key for the outbox to sign with: writes
                                          the private key, prints the DNS record to publish`;

const usageText = `${dkimKeyUsage}

  --selector NAME   the record's name, NAME._domainkey.DOMAIN (default: mail and the year, e.g. mail2026)
  --domain DOMAIN   the signing domain (default: the domain of NOTIFY_FROM, else of the first NOTIFY_TO)
  --out FILE        where the private key goes (default: DATA_DIR/dkim-NAME.pem, DATA_DIR default data/);
                    an existing file is never overwritten`;

class UsageError extends Error {}

export interface DkimKeyOptions {
  /** The clock of the default selector's year. */
  now?: () => number;
}

interface KeyRequest {
  selector: string;
  domain: string;
  file: string;
}

/** The selector, domain and file asked for, with their defaults; a UsageError when one is wrong. */
function keyRequest(argv: readonly string[], io: CliIo, now: number): KeyRequest {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      selector: { type: 'string' },
      domain: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected: ${positionals.join(' ')}`);
  const selector = (values.selector ?? `mail${new Date(now).getUTCFullYear()}`).toLowerCase();
  if (!DKIM_SELECTOR.test(selector)) {
    throw new UsageError(
      `--selector must be a DNS label such as mail2026 (letters, digits, - and _), not "${selector}"`,
    );
  }
  const from = io.env.NOTIFY_FROM?.trim() || io.env.NOTIFY_TO?.split(',')[0]?.trim();
  const domain = (values.domain ?? (from ? domainOf(from) : '')).toLowerCase();
  if (!domain) {
    throw new UsageError(
      'Which domain signs? Give --domain DOMAIN, or set NOTIFY_FROM (the address the e-mails come from).',
    );
  }
  if (!DOMAIN.test(domain)) {
    throw new UsageError(`The domain must be a domain such as staffing.example, not "${domain}"`);
  }
  const dataDir = path.resolve(io.env.DATA_DIR ?? 'data');
  const file = path.resolve(values.out ?? path.join(dataDir, `dkim-${selector}.pem`));
  return { selector, domain, file };
}

/**
 * The record's name without the zone the DNS host keeps (the organisational domain's):
 * `s1._domainkey` for staffing.example, `s1._domainkey.mail` for mail.staffing.example.
 */
function hostInZone(selector: string, domain: string): string {
  return txtRecord(dkimRecordName(selector, domain), domain, '').host;
}

/** What to publish and set, with no secret in it. */
function instructions({ selector, domain, file }: KeyRequest, value: string): string {
  return [
    `The private key is in ${file} (readable by its owner only).`,
    '',
    "1. Publish this DNS record at the domain's DNS host:",
    '',
    '   Type:  TXT',
    `   Name:  ${dkimRecordName(selector, domain)}`,
    `          (a host that adds the domain itself wants: ${hostInZone(selector, domain)})`,
    `   Value: ${value}`,
    '',
    '   The value is longer than 255 characters: most DNS hosts split it themselves; one that asks',
    '   for it in pieces takes it as quoted strings of up to 255 characters each, one after the other.',
    '',
    '2. Add these settings to the server (then restart it):',
    '',
    `   DKIM_SELECTOR=${selector}`,
    `   DKIM_DOMAIN=${domain}`,
    `   DKIM_PRIVATE_KEY_FILE=${file}`,
    '',
    '3. Check with: npm run admin -- check-mail',
    '',
    'The private key is a secret: keep the file on the server, out of the repository and backups',
    'others can read; whoever has it can sign e-mail as your domain. Never send it by e-mail.',
    '',
  ].join('\n');
}

export async function runDkimKeyCli(
  argv: readonly string[],
  io: CliIo,
  options: DkimKeyOptions = {},
): Promise<number> {
  let request: KeyRequest;
  try {
    request = keyRequest(argv, io, (options.now ?? Date.now)());
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (!usage) throw error;
    io.err(`${(error as Error).message}\n\n${usageText}\n`);
    return 2;
  }
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    mkdirSync(path.dirname(request.file), { recursive: true });
    // 'wx': made here, never over a key that exists (its record may be published already).
    writeFileSync(request.file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.err(
      code === 'EEXIST'
        ? `${request.file} exists already: it is not overwritten (its key may be in use). Give another --out or --selector.\n`
        : `Cannot write ${request.file}: ${(error as Error).message}\n`,
    );
    return 1;
  }
  io.out(instructions(request, dkimRecordValue(publicKey)));
  return 0;
}
