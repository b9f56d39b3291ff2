/**
 * `npm run admin -- check-mail [--send-to EMAIL]`: the mail check (../mail/check/) on this
 * machine's settings, a line per item with its fix; with --send-to, a test e-mail and the relay's
 * answer. Exit code 0: nothing to fix; 1: something to fix; 2: a wrong command; 3: not set up;
 * 4: nothing found to fix, but an item could not be checked (the DNS did not answer).
 */
import { parseArgs } from 'node:util';
import type { TestEmailResult } from '../../src/admin/mail-check/contract.ts';
import { mailCheckLines, type MailCheckLine } from '../../src/admin/mail-check/lines.ts';
import { mailCheckText } from '../../src/content/admin-mail-check.ts';
import { ConfigError, loadConfig, type NotifyConfig } from '../config.ts';
import type { CliIo } from '../data/submissions-cli.ts';
import { runMailCheck } from '../mail/check/mail-check.ts';
import { sendTestEmail } from '../mail/check/test-email.ts';
import { plainText } from '../mail/mail-text.ts';

export const checkMailUsage = `  npm run admin -- check-mail [--send-to EMAIL]
                                          whether the site's e-mail can reach inboxes: the
                                          relay's sign-in, SPF, DKIM and DMARC, with the records
                                          to add; --send-to also sends a test e-mail to EMAIL
                                          (exit code 0: nothing to fix, 1: something to fix,
                                          2: a wrong command, 3: e-mail not set up, 4: something could not be
                                          checked: run it again)`;

const MARKS: Record<MailCheckLine['state'], string> = {
  ok: '✓',
  problem: '✗',
  note: '!',
  unknown: '?',
};

/** The command's arguments, or undefined when they are not its own. */
function parse(argv: readonly string[]): { sendTo?: string | undefined } | undefined {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { 'send-to': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    const sendTo = values['send-to'];
    if (sendTo !== undefined && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(sendTo)) return undefined;
    return { sendTo };
  } catch {
    return undefined;
  }
}

/**
 * A line as the terminal shows it: its mark and title, then what was found, the fix, and the
 * record on lines of their own to copy. What came from the DNS or the relay is stripped of
 * control characters (no escape sequences).
 */
export function printedLine(line: MailCheckLine): string {
  const lines = [`${MARKS[line.state]} ${line.title}`, `  ${line.detail}`];
  if (line.fix) lines.push(`  ${line.fix}${line.record ? ':' : '.'}`);
  if (line.record) {
    const { type, name, host, value } = line.record;
    lines.push(
      `    Type: ${type}`,
      `    Name: ${name}`,
      `    Host: ${host}`,
      `    Value: ${value}`,
    );
  }
  return plainText(lines.join('\n'));
}

/** The relay's answer to the test e-mail. */
function printedTestEmail(result: TestEmailResult): string {
  if (result.sent) {
    return `Test e-mail to ${result.to}: accepted as ${result.messageId} (the mail server said: ${result.response})`;
  }
  const answer = result.response ? `: ${result.response}` : '';
  return `Test e-mail to ${result.to}: not sent (${result.code}${answer})`;
}

async function testEmail(notify: NotifyConfig, to: string, io: CliIo): Promise<boolean> {
  try {
    const result = await sendTestEmail(notify, to);
    io.out(`${plainText(printedTestEmail(result))}\n`);
    return result.sent;
  } catch (error) {
    io.out(`Test e-mail to ${to}: not sent (${plainText((error as Error).message)})\n`);
    return false;
  }
}

export async function runCheckMailCli(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parse(argv);
  if (!args) {
    io.err(`Usage:\n${checkMailUsage}\n`);
    return 2;
  }
  let notify: NotifyConfig | undefined;
  try {
    notify = loadConfig(io.env).notify;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`${error.message}\n`);
    return 3;
  }
  const check = await runMailCheck(notify);
  const lines = mailCheckLines(check);
  io.out(`${mailCheckText.heading}${check.configured ? `: ${check.domain}` : ''}\n\n`);
  io.out(`${lines.map(printedLine).join('\n\n')}\n\n`);
  if (!notify) return 3;
  const sent = args.sendTo === undefined || (await testEmail(notify, args.sendTo, io));
  const problems = lines.filter((line) => line.state === 'problem').length;
  const unknown = lines.filter((line) => line.state === 'unknown').length;
  io.out(`${summary(problems, unknown)}\n`);
  if (problems > 0 || !sent) return 1;
  return unknown > 0 ? 4 : 0;
}

/**
 * The last line: what is to fix, and what could not be checked. A check that could not tell is
 * never "Nothing to fix." (a launch script reading exit code 0 would go ahead on a guess).
 */
function summary(problems: number, unknown: number): string {
  const notChecked = unknown > 0 ? ` ${unknown} could not be checked: run the check again.` : '';
  if (problems > 0) return `${problems} to fix.${notChecked}`;
  return unknown > 0 ? `Nothing found to fix, but${notChecked}` : 'Nothing to fix.';
}
