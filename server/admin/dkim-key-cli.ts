/* eslint-disable @typescript-eslint/no-unused-vars -- a stub its helper replaces (issue 49) */
/**
 * `npm run admin -- dkim-key [--selector NAME] [--domain DOMAIN] [--out FILE]`: makes a DKIM key
 * pair, writes the private key (PEM, readable by its owner only) and prints the DNS record to
 * publish and the settings to add (docs/mail-delivery.md).
 */
import type { CliIo } from '../data/submissions-cli.ts';

export const dkimKeyUsage = `  npm run admin -- dkim-key [--selector NAME] [--domain DOMAIN] [--out FILE]
                                          make a DKIM key for the outbox to sign with: writes
                                          the private key, prints the DNS record to publish`;

export async function runDkimKeyCli(_argv: readonly string[], _io: CliIo): Promise<number> {
  throw new Error('not built yet (helper B)');
}
