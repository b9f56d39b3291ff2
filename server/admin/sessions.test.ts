import { createHash } from 'node:crypto';
import { openDatabase, type Database } from '../db/database.ts';
import { engines, type TestEngine } from '../testing/engines.ts';
import { SESSION_IDLE_MS, SESSION_MAX_MS, VISIT_GAP_MS, sessions } from './sessions.ts';
import { users, type User } from './users.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const cost = { log2N: 10, r: 8, p: 1 };
const password = 'a long enough password';

let data: Awaited<ReturnType<TestEngine['create']>>;
let database: Database;
let clock: number;
const now = () => clock;
let accounts: ReturnType<typeof users>;
let store: ReturnType<typeof sessions>;
let owner: User;

function sessionRows() {
  return database.db
    .selectFrom('sessions')
    .select(['token_hash', 'user_id', 'created_at', 'last_seen_at'])
    .orderBy('created_at')
    .execute();
}

describe.each(engines)('sessions on $name', (engine) => {
  beforeEach(async () => {
    data = await engine.create();
    database = await openDatabase(data.database);
    clock = Date.parse('2030-05-01T12:00:00Z');
    accounts = users(database, { now, cost });
    store = sessions(database, { now });
    owner = await accounts.add('owner@example.com', password);
  });

  afterEach(async () => {
    await database.close();
    data.remove();
  });

  describe('sessions', () => {
    it('hands out a 256-bit base64url token and stores only its SHA-256', async () => {
      const token = await store.start(owner);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const rows = await sessionRows();
      expect(rows).toEqual([
        {
          token_hash: createHash('sha256').update(token).digest('hex'),
          user_id: owner.id,
          created_at: clock,
          last_seen_at: clock,
        },
      ]);
      const everything = await database.db.selectFrom('sessions').selectAll().execute();
      expect(JSON.stringify(everything)).not.toContain(token);
      expect(await store.start(owner)).not.toBe(token);
    });

    it('resolves a token to its user', async () => {
      const token = await store.start(owner);
      clock += 5 * MINUTE;
      const user = await store.resolve(token);
      expect(user).toMatchObject({ id: owner.id, email: 'owner@example.com', lastActiveAt: clock });
      expect(await store.resolve(undefined)).toBeUndefined();
      expect(await store.resolve('')).toBeUndefined();
    });

    it('resolves nothing for a malformed or unknown token', async () => {
      const token = await store.start(owner);
      for (const bad of [
        token.slice(1),
        `${token}A`,
        `${token.slice(0, 42)}=`,
        `${token.slice(0, 42)}+`,
        "' OR 1=1 --",
        createHash('sha256').update(token).digest('hex'),
        'A'.repeat(43),
      ]) {
        expect(await store.resolve(bad), bad).toBeUndefined();
      }
      expect(await sessionRows()).toHaveLength(1);
      expect(await store.resolve(token)).toBeDefined();
    });

    it('ends a session after 8 hours without use, and deletes it', async () => {
      const kept = await store.start(owner);
      const idle = await store.start(owner);
      clock += SESSION_IDLE_MS - 1;
      expect(await store.resolve(kept)).toMatchObject({ id: owner.id });
      clock += 1;
      expect(await store.resolve(idle)).toBeUndefined();
      const hashes = (await sessionRows()).map((row) => row.token_hash);
      expect(hashes).toEqual([createHash('sha256').update(kept).digest('hex')]);
      expect(await store.resolve(idle)).toBeUndefined();
      // The one used a moment ago lives on for another 8 hours.
      expect(await store.resolve(kept)).toMatchObject({ id: owner.id });
      clock += SESSION_IDLE_MS - 2;
      expect(await store.resolve(kept)).toMatchObject({ id: owner.id });
    });

    it('keeps a used session past 8 hours, but never past 7 days', async () => {
      const token = await store.start(owner);
      const started = clock;
      clock += SESSION_IDLE_MS + HOUR;
      expect(await store.resolve(token)).toBeUndefined();

      const used = await store.start(owner);
      const usedFrom = clock;
      for (clock = usedFrom + HOUR; clock < usedFrom + SESSION_MAX_MS; clock += HOUR) {
        expect(await store.resolve(used), `${(clock - usedFrom) / HOUR} h`).toBeDefined();
      }
      expect(clock - usedFrom).toBe(SESSION_MAX_MS);
      expect(clock - started).toBeGreaterThan(SESSION_MAX_MS);
      expect(await store.resolve(used)).toBeUndefined();
      expect(await sessionRows()).toEqual([]);
    });

    it('ends a session on sign-out', async () => {
      const token = await store.start(owner);
      const other = await store.start(owner);
      await store.end(token);
      expect(await store.resolve(token)).toBeUndefined();
      expect(await store.resolve(other)).toBeDefined();
      expect(await sessionRows()).toHaveLength(1);
      await expect(store.end('not a token')).resolves.toBeUndefined();
    });

    it('ends every session of an account when its password is reset', async () => {
      const other = await accounts.add('partner@example.com', password);
      const first = await store.start(owner);
      const second = await store.start(owner);
      const partners = await store.start(other);
      await accounts.resetPassword('Owner@Example.com', 'another long password');
      expect(await store.resolve(first)).toBeUndefined();
      expect(await store.resolve(second)).toBeUndefined();
      expect(await store.resolve(partners)).toMatchObject({ email: 'partner@example.com' });
      expect((await sessionRows()).map((row) => row.user_id)).toEqual([other.id]);
    });

    it('ends every session of an account when it is removed', async () => {
      const other = await accounts.add('partner@example.com', password);
      const token = await store.start(owner);
      const partners = await store.start(other);
      await accounts.remove('owner@example.com');
      expect(await store.resolve(token)).toBeUndefined();
      expect(await accounts.find('owner@example.com')).toBeUndefined();
      expect(await store.resolve(partners)).toBeDefined();
      expect(await sessionRows()).toHaveLength(1);
    });
  });

  describe('visits (seenBefore)', () => {
    it('starts at the creation of the account and moves after a pause of over 30 minutes', async () => {
      const created = clock;
      expect(owner.seenBefore).toBe(created);

      clock += 2 * HOUR;
      const token = await store.start(owner);
      expect((await store.resolve(token))?.seenBefore).toBe(created);

      // Active every few minutes for an hour: one visit, the mark stays.
      let lastActivity = clock;
      for (let step = 0; step < 12; step += 1) {
        clock += 5 * MINUTE;
        expect((await store.resolve(token))?.seenBefore).toBe(created);
        lastActivity = clock;
      }
      expect((await accounts.find('owner@example.com'))?.lastActiveAt).toBe(lastActivity);

      // A pause of exactly 30 minutes is not yet a new visit.
      clock += VISIT_GAP_MS;
      expect((await store.resolve(token))?.seenBefore).toBe(created);
      lastActivity = clock;

      // Over 30 minutes: a new visit; what arrived before the last activity is no longer new.
      clock += VISIT_GAP_MS + 1;
      expect((await store.resolve(token))?.seenBefore).toBe(lastActivity);
      expect((await accounts.find('owner@example.com'))?.seenBefore).toBe(lastActivity);

      const secondVisit = clock;
      clock += 3 * MINUTE;
      expect((await store.resolve(token))?.seenBefore).toBe(lastActivity);
      clock += HOUR;
      expect((await store.resolve(token))?.seenBefore).toBe(secondVisit + 3 * MINUTE);
    });

    it('moves at a new sign-in after a pause, too', async () => {
      clock += MINUTE;
      await store.start(owner);
      const signedIn = clock;
      clock += 3 * HOUR;
      const token = await store.start(owner);
      expect((await store.resolve(token))?.seenBefore).toBe(signedIn);
    });
  });
});
