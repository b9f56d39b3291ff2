/**
 * The VAPID key pair the pushes are signed with (RFC 8292): the settings' pair when given, else one
 * made at the first start and kept in the `settings` table. Instances starting together on one
 * Postgres each offer a pair; the first written is the one every instance reads back and uses, so
 * a device subscribed through any instance gets pushes from all of them.
 */
import webPush from 'web-push';
import type { Engine } from '../db/engine.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact: a mailto: or https: URL. */
  subject: string;
}

const SETTING = 'push_vapid_keys';

function isKeyPair(value: unknown): value is Omit<VapidKeys, 'subject'> {
  if (typeof value !== 'object' || value === null) return false;
  const { publicKey, privateKey } = value as Record<string, unknown>;
  return typeof publicKey === 'string' && typeof privateKey === 'string';
}

/** The pair kept in `settings`, made and written first if there is none (the first writer wins). */
async function keptPair(engine: Engine): Promise<Omit<VapidKeys, 'subject'>> {
  const { db } = engine;
  const made = webPush.generateVAPIDKeys();
  await db
    .insertInto('settings')
    .values({ name: SETTING, value: JSON.stringify(made) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', SETTING)
    .executeTakeFirstOrThrow();
  const kept: unknown = JSON.parse(row.value);
  if (!isKeyPair(kept)) throw new Error(`the setting ${SETTING} is not a key pair`);
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}

/** The bare address of `Name <address>` or of an address alone. */
export function addressOf(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match?.[1] ?? from).trim();
}

export interface VapidSource {
  /** The settings' pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY). */
  given?: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT. */
  subject?: string | undefined;
  /** NOTIFY_FROM, when e-mail is set up. */
  notifyFrom?: string | undefined;
  /** The live business's e-mail address: the subject when neither of the above is set. */
  businessEmail: () => string;
}

/**
 * The keys, read once and kept: `load()` makes or reads them at the first call (and again after a
 * failure). The subject: VAPID_SUBJECT, else `mailto:` NOTIFY_FROM's address, else `mailto:` the
 * live business e-mail (the site's own domain).
 */
export function vapidKeys(engine: Engine, source: VapidSource): { load(): Promise<VapidKeys> } {
  let loading: Promise<Omit<VapidKeys, 'subject'>> | undefined;
  const subject = () =>
    source.subject ??
    `mailto:${source.notifyFrom ? addressOf(source.notifyFrom) : source.businessEmail()}`;
  return {
    async load() {
      if (source.given) return { ...source.given, subject: subject() };
      loading ??= keptPair(engine).catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return { ...(await loading), subject: subject() };
    },
  };
}
