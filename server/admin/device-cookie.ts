import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';

/**
 * The device cookie (OWASP's "device cookies" against lockout abuse): a browser where an account
 * has signed in holds a cookie naming that account (its keyed hash), the account's device epoch
 * and a random nonce, signed with a key of its own derived from the server's
 * (`Database.derivedKey('device-cookie')`: not in the database, and equal to no stored hash). A
 * sign-in to that account from that browser is counted against the cookie's own allowance instead
 * of the address's and the account's, and takes the owner's lane of password checks
 * (passwords.ts), so a stranger's failures or crowd never lock the owner out of a browser they
 * used before; strangers, and the owner on a new browser, still meet the shared limit. 'Sign out
 * everywhere' moves the account's epoch on: every cookie issued before names an old one and is
 * ignored.
 */

export const DEVICE_COOKIE = 'admin_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const SHAPE = /^([0-9a-f]{32})\.(0|[1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})\.([0-9a-f]{32})$/;

/**
 * A new account's first device epoch: random, not 0, so that an account removed and added again
 * under the same address does not make the old account's cookies count again.
 */
export function firstDeviceEpoch(): number {
  return randomInt(1, 2 ** 30);
}

export interface Device {
  /** The keyed hash of the account it signed in to. */
  accountHash: string;
  /** The account's device epoch when it was issued; valid only while the account's is the same. */
  epoch: number;
  /** The key its sign-in attempts are counted under. */
  limitKey: string;
}

function mac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex').slice(0, 32);
}

export function deviceCookies({ derivedKey }: Pick<Database, 'derivedKey'>) {
  const sign = (payload: string) => mac(derivedKey('device-cookie'), payload);
  // Each account's device epoch as last read from the database (null: no such account), so that
  // a sign-in refused before any database work can tell an old cookie from a current one. Only
  // accounts named by a cookie this server signed get an entry; the database decides in the end.
  const epochs = new Map<string, number | null>();
  return {
    /** Notes an account's epoch as just read (null: the account is gone). */
    remember(accountHash: string, epoch: number | null) {
      epochs.set(accountHash, epoch);
    },

    /** Whether an epoch (or that there is no such account) was noted for `accountHash`. */
    knows: (accountHash: string) => epochs.has(accountHash),

    /** False when `device` names an epoch other than the account's last known one; else true. */
    current(device: Device): boolean {
      const epoch = epochs.get(device.accountHash);
      return epoch === undefined || epoch === device.epoch;
    },

    /** A new cookie's value for a browser that has just signed in to `accountHash`. */
    issue(accountHash: string, epoch: number): string {
      const payload = `${accountHash}.${epoch}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The device a cookie names when its signature is the server's; else undefined (ignored). */
    read(value: string | undefined): Device | undefined {
      const match = value === undefined ? null : SHAPE.exec(value);
      if (!match) return undefined;
      const [, accountHash = '', epoch = '', nonce = '', signature = ''] = match;
      const expected = Buffer.from(sign(`${accountHash}.${epoch}.${nonce}`));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
      return {
        accountHash,
        epoch: Number(epoch),
        limitKey: `device:${mac(derivedKey('device-limit'), nonce)}`,
      };
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
