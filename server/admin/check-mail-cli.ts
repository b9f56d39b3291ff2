/* eslint-disable @typescript-eslint/no-unused-vars -- a stub its helper replaces (issue 49) */
/**
 * `npm run admin -- check-mail [--send-to EMAIL]`: the mail check (../mail/check/) on this
 * machine's settings, a line per item with its fix; with --send-to, a test e-mail and the relay's
 * answer. Exit code 0: nothing to fix; 1: something to fix; 2: a wrong command; 3: not set up.
 */
import type { CliIo } from '../data/submissions-cli.ts';

export const checkMailUsage = `  npm run admin -- check-mail [--send-to EMAIL]
                                          whether the site's e-mail can reach inboxes: the
                                          relay's sign-in, SPF, DKIM and DMARC, with the records
                                          to add; --send-to also sends a test e-mail`;

export async function runCheckMailCli(_argv: readonly string[], _io: CliIo): Promise<number> {
  throw new Error('not built yet (helper A)');
}
