/* eslint-disable @typescript-eslint/no-unused-vars -- a stub its helper replaces (issue 49) */
/**
 * 'Send a test e-mail' (the launch checklist, `check-mail --send-to`): one e-mail sent at once
 * past the outbox, on a connection of its own with the outbox's settings (envelope sender, DKIM),
 * and the relay's answer as it gave it.
 */
import type { TestEmailResult } from '../../../src/admin/mail-check-contract.ts';
import type { NotifyConfig } from '../../config.ts';

export async function sendTestEmail(
  _notify: NotifyConfig,
  _to: string,
  _options: { now?: () => number } = {},
): Promise<TestEmailResult> {
  throw new Error('not built yet (helper C)');
}
