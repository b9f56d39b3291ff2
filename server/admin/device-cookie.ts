import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';

/**
 * The device cookie (OWASP's "device cookies" against lockout abuse): a browser where an account
 * has signed in holds a cookie naming that account (its keyed hash) and a random nonce, signed with
 * the server's key (`Database.clientHash`, an HMAC whose key is not in the database). A sign-in to
 * that account from that browser is counted against the cookie's own allowance instead of the
 * address's and the account's, so a stranger's failures never lock the owner out of a browser they
 * used before; strangers, and the owner on a new browser, still meet the shared limit.
 */

export const DEVICE_COOKIE = 'admin_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const SHAPE = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{22})\.([0-9a-f]{32})$/;

export interface Device {
  /** The keyed hash of the account it signed in to. */
  accountHash: string;
  /** The key its sign-in attempts are counted under. */
  limitKey: string;
}

export function deviceCookies({ clientHash }: Pick<Database, 'clientHash'>) {
  const sign = (payload: string) => clientHash(`device:${payload}`);
  return {
    /** A new cookie's value for a browser that has just signed in to `accountHash`. */
    issue(accountHash: string): string {
      const payload = `${accountHash}.${randomBytes(16).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The device a cookie names when its signature is the server's; else undefined (ignored). */
    read(value: string | undefined): Device | undefined {
      const match = value === undefined ? null : SHAPE.exec(value);
      if (!match) return undefined;
      const [, accountHash = '', nonce = '', signature = ''] = match;
      const expected = Buffer.from(sign(`${accountHash}.${nonce}`));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
      return { accountHash, limitKey: `device:${clientHash(`nonce:${nonce}`)}` };
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
