// An outbox as the tests start it: the site's forms, the code's content, a quiet log and short
// waits, sending through `sender` from `store`; each test names only what it is about.
import { forms } from '../intake/forms.ts';
import { startOutbox, type Outbox, type OutboxOptions } from '../mail/outbox.ts';
import type { MailSender } from '../mail/transport.ts';
import type { Store } from '../store/store.ts';
import { NOTHING_PUBLISHED } from '../../src/content/published.ts';

/** A log that keeps nothing. */
export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

export function startTestOutbox(
  store: Store,
  sender: MailSender,
  options: Partial<OutboxOptions> = {},
): Outbox {
  return startOutbox({
    store,
    published: () => NOTHING_PUBLISHED,
    forms,
    sender,
    from: 'forms@staffing.example',
    to: ['bookings@staffing.example'],
    log: silentLog,
    retryBaseMs: 50,
    retryMaxMs: 200,
    pollMs: 200,
    ...options,
  });
}
