/**
 * What every route of the inbox's API shares: its options, the accounts, sessions and sign-in
 * limit, and the check that lets only a signed-in owner through.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminError, BackupState, MailState, SessionInfo } from '../../src/admin/contract.ts';
import type { NotifyConfig } from '../config.ts';
import type { DomainRecords } from '../mail/check/mail-check.ts';
import type { Database } from '../db/database.ts';
import type { RetentionDays, RetentionJob } from '../data/erasure.ts';
import { retentionHold } from '../data/retention-guard.ts';
import { refuse } from '../guard/refusal.ts';
import type { FormDefinition } from '../intake/forms.ts';
import type { InstanceStore } from '../site/instances.ts';
import type { LiveSite } from '../site/live-site.ts';
import type { SiteFile } from '../site/render.ts';
import type { SiteStore } from '../site/site-store.ts';
import { deviceCookies, type DeviceCookies } from './device-cookie.ts';
import { failedSignIns, type FailedSignInLog } from './failed-sign-ins.ts';
import { inbox } from './inbox.ts';
import type { ScryptCost } from './passwords.ts';
import { sessions } from './sessions.ts';
import { setupCodes } from './setup-code.ts';
import { signInLimit } from './sign-in-limit.ts';
import { twoStep, type TwoStep } from './two-step.ts';
import { normaliseEmail, users, type User } from './users.ts';
import type { AdminPush } from './push-routes.ts';
import { businessContent } from '../../src/content/business.ts';
import { NOTHING_PUBLISHED, type PublishedVersion } from '../../src/content/published.ts';

/** The owner's site, as the editor's routes use it. */
export interface AdminSite {
  live: LiveSite;
  store: SiteStore;
  /** Every instance's report of what it serves (none: the editor lists no instance). */
  instances?: InstanceStore | undefined;
  /**
   * Sends a preview's file as the live ones are sent (http/site-file.ts, handed down by the app:
   * admin/ sits below http/).
   */
  sendFile(request: FastifyRequest, reply: FastifyReply, file: SiteFile): unknown;
}

export interface AdminOptions {
  database: Database;
  forms: readonly FormDefinition[];
  /**
   * The live version of the site: the business facts the deadlines are counted on (the app
   * passes its site's; without one, as in the routes' own tests, the code's).
   */
  published?: () => PublishedVersion;
  /** The built inbox app (`vite.admin.config.ts`); only the API is served when it is missing. */
  appDir?: string | undefined;
  /** Mark the cookie Secure even when the request did not come over HTTPS. */
  cookieSecure?: boolean;
  now?: () => number;
  cost?: ScryptCost;
  /** The owner's site editor (server/site/): its API and previews. */
  site?: AdminSite;
  /** Acknowledgements are sent: 'Not spam' sends the one a sender missed (under 7 days old). */
  acknowledge?: boolean | undefined;
  /**
   * NOTIFY_FROM, when e-mail is set up (SMTP_URL, NOTIFY_TO): replies from the inbox are sent from
   * it. Unset: a reply is refused (503), there is no way for it to leave.
   */
  replyFrom?: string | undefined;
  /** Replies one account may send in an hour (send-reply.ts's REPLIES_PER_HOUR unless told). */
  repliesPerHour?: number | undefined;
  /** Wakes the outbox up after 'Send again', 'Not spam' or a reply queued an e-mail (main.ts's outbox). */
  onMailQueued?: (() => void) | undefined;
  /** The nightly backups' state for the inbox (server/data/nightly-backup.ts); none on Postgres. */
  backups?: (() => BackupState) | undefined;
  /** The e-mails waiting and the relay's latest word (the outbox table); none without e-mail. */
  mail?: (() => Promise<MailState>) | undefined;
  /**
   * The mail check (server/mail/check/, docs/mail-delivery.md): the settings it checks (GET
   * /admin/api/mail-check, the test e-mail) and this instance's watch, whose findings join the
   * inbox's banner (SessionInfo.mail). Unset without e-mail.
   */
  mailCheck?: AdminMailCheck | undefined;
  /** Each form's retention in days (config.retainDays), shown in the inbox. */
  retainDays?: RetentionDays | undefined;
  /** The retention job, which confirms a held pass and runs it (main.ts's; the tests' own). */
  retention?: Pick<RetentionJob, 'confirm'> | undefined;
  /**
   * Web Push (push-routes.ts): the VAPID keys and the endpoints allowed besides the push services.
   * Unset: keys kept in the database, push services alone.
   */
  push?: AdminPush | undefined;
}

export interface AdminMailCheck {
  notify: NotifyConfig;
  /** What this instance's watch last found (mail-watch.ts); absent in tests that run none. */
  watch?: (() => Pick<MailState, 'dns' | 'relayDown'>) | undefined;
  /**
   * The records the launch checklist's check just found, for the watch to learn (so the banner
   * follows a record the owner has just published, not the watch's next hour).
   */
  recordsChecked?: ((records: DomainRecords) => void) | undefined;
}

export const SESSION_COOKIE = 'admin_session';

export interface AdminContext {
  options: AdminOptions;
  now: () => number;
  accounts: ReturnType<typeof users>;
  sessionStore: ReturnType<typeof sessions>;
  limit: ReturnType<typeof signInLimit>;
  devices: DeviceCookies;
  failures: FailedSignInLog;
  secondStep: TwoStep;
  /** What `/api/session` answers: the user, and the failed sign-ins to the account since the last visit. */
  sessionInfo(user: User): Promise<SessionInfo>;
  setup: ReturnType<typeof setupCodes>;
  box: ReturnType<typeof inbox>;
  /** Route options that let only a signed-in owner through. */
  signedIn: { onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> };
  /** The owner a `signedIn` route's request belongs to. */
  userOf(request: FastifyRequest): User;
  /** 401; says whether no account exists yet, or whether the cookie's session has ended. */
  signedOut(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export function adminContext(options: AdminOptions): AdminContext {
  const { database, now = Date.now } = options;
  const accounts = users(database, { now, cost: options.cost });
  const sessionStore = sessions(database, { now });
  const failures = failedSignIns(database, { now });

  async function signedOut(request: FastifyRequest, reply: FastifyReply) {
    const setupNeeded = (await accounts.count()) === 0;
    const sessionEnded = request.cookies[SESSION_COOKIE] !== undefined;
    if (sessionEnded) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return refuse(reply, 401, 'Sign in to continue', {
      setupNeeded,
      sessionEnded,
    } satisfies Partial<AdminError>);
  }

  const currentUser = new WeakMap<FastifyRequest, User>();
  async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    const user = await sessionStore.resolve(request.cookies[SESSION_COOKIE]);
    if (!user) return signedOut(request, reply);
    currentUser.set(request, user);
  }

  return {
    options,
    now,
    accounts,
    sessionStore,
    limit: signInLimit(database, { now }),
    devices: deviceCookies(database),
    failures,
    secondStep: twoStep(database, { now }),
    async sessionInfo(user) {
      const accountHash = database.clientHash(normaliseEmail(user.email));
      const [failed, mail, hold] = await Promise.all([
        failures.since(accountHash, user.seenBefore),
        options.mail?.(),
        retentionHold(database),
      ]);
      return {
        email: user.email,
        seenBefore: user.seenBefore,
        ...(failed ? { failedSignIns: failed } : {}),
        ...(options.backups ? { backups: options.backups() } : {}),
        // The outbox's state (every instance's), with what this instance's watch last found.
        ...(mail ? { mail: { ...mail, ...options.mailCheck?.watch?.() } } : {}),
        ...(hold ? { retentionHold: hold } : {}),
        businessName: businessContent(options.published ? options.published() : NOTHING_PUBLISHED)
          .business.name,
      };
    },
    setup: setupCodes(database, { now, cost: options.cost }),
    box: inbox(database, {
      forms: options.forms,
      now,
      published: options.published ?? (() => NOTHING_PUBLISHED),
      acknowledge: options.acknowledge,
    }),
    signedIn: { onRequest: requireUser },
    userOf(request) {
      const user = currentUser.get(request);
      if (!user) throw new Error('route registered without the sign-in check');
      return user;
    },
    signedOut,
  };
}
