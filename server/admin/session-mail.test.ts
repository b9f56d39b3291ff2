// GET /admin/api/session's `mail`: the outbox's state (an e-mail given up lately, from the shared
// table) with what this instance's mail watch last found (the records missing, the relay down).
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../http/app.ts';
import { openStore, type Store } from '../store/store.ts';
import { injectSignIn } from '../testing/admin-session.ts';
import { tempDataDir, quoteBody, notifySettings } from '../testing/fixtures.ts';
import type { MailState, SessionInfo } from '../../src/admin/contract.ts';
import { SESSION_COOKIE } from './admin-context.ts';
import { users } from './users.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const OWNER = 'owner@example.com';
const PASSWORD = 'a long enough password';
const notify = notifySettings('smtp://127.0.0.1:25', { acknowledge: false });

describe('the session’s mail state', () => {
  let data: ReturnType<typeof tempDataDir>;
  let store: Store;
  let app: FastifyInstance | undefined;

  beforeEach(async () => {
    data = tempDataDir();
    store = await openStore(data.database);
    await users(store.database, { cost }).add(OWNER, PASSWORD);
  });

  afterEach(async () => {
    await app?.close();
    await store.close();
    data.remove();
  });

  async function sessionMail(watch?: () => Pick<MailState, 'dns' | 'relayDown'>) {
    app = await buildApp({ store, notify: true, admin: { cost, mailCheck: { notify, watch } } });
    const token = await injectSignIn(app, OWNER, PASSWORD);
    const response = await app.inject({
      url: '/admin/api/session',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as SessionInfo).mail;
  }

  it('carries the e-mails given up and the watch’s findings', async () => {
    await store.save({ form: 'quote', fields: quoteBody(1), notify: true });
    const givenUpAt = Date.now() - 60_000;
    await store.database.db
      .updateTable('outbox')
      .set({ gave_up_at: givenUpAt, last_error: 'EENVELOPE 550' })
      .execute();
    const dns = { domain: 'staffing.example', problems: ['spf' as const], checkedAt: 1 };
    const relayDown = { since: 2, code: 'ECONNREFUSED' };

    const mail = await sessionMail(() => ({ dns, relayDown }));

    expect(mail).toMatchObject({
      waiting: 0,
      gaveUp: { count: 1, lastAt: givenUpAt, lastCode: 'EENVELOPE 550' },
      dns,
      relayDown,
    });
  });

  it('has neither finding without a watch', async () => {
    const mail = await sessionMail();
    expect(mail).toEqual({
      waiting: 0,
      oldestWaitingSince: null,
      lastError: null,
      lastSentAt: null,
      paused: null,
      gaveUp: null,
    });
  });
});
