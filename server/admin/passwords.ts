import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto. A hash is stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url), so that a later change of cost keeps old
 * hashes verifiable.
 */

export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/** N = 2^17, r = 8, p = 1: 128 MiB and a few hundred milliseconds per hash (OWASP's minimum). */
export const DEFAULT_COST: ScryptCost = { log2N: 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** cost.log2N,
    r: cost.r,
    p: cost.p,
    // scrypt needs 128 * r * (N + p + 2) bytes; node refuses more than 32 MiB unless told.
    maxmem: 256 * (2 ** cost.log2N + cost.p) * cost.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * The lanes a password check waits in (issue 45): at most `CHECK_SLOTS` hashes at a time (each holds
 * 128 MiB), and a bounded number of sign-ins holding a place in each lane. A sign-in from a browser
 * with a valid device cookie of the account, or a signed-in session's own check, takes the owner's
 * lane: served first, and with a slot strangers never take (they run at most `STRANGER_SLOTS` at a
 * time), so the owner's check never waits for a stranger's to end. Everyone else takes the
 * strangers' lane. Past its bound a lane admits no one: the sign-in is refused at once (429), so no
 * crowd can make the owner wait behind it. The bounds are this process's: each instance has lanes
 * of its own.
 */
export type CheckLane = 'owner' | 'stranger';

export const CHECK_SLOTS = 2;
/** Strangers' checks at a time: one slot is always left for the owner's. */
export const STRANGER_SLOTS = 1;
/**
 * Places: the checks running plus those waiting for a slot. The strangers' lane has 8 in all; the
 * owner's lane has 2 for each account (another account's browsers never take an account's places),
 * and a browser (its device cookie, or its session) holds at most one at a time.
 */
export const LANE_PLACES: Readonly<Record<CheckLane, number>> = { owner: 2, stranger: 8 };

/** Who asks for a place in the owner's lane: the account, and the browser (cookie or session). */
export interface LaneHolder {
  account: string;
  browser: string;
}

/** A place in a lane, held by one sign-in from before its first database work to its answer. */
export interface CheckPlace {
  /** Runs a hash in this place's lane, when a slot is free and no owner's check waits before it. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the place back (every place is released once, whatever the sign-in's answer). */
  release(): void;
}

export interface CheckLanes {
  /** A place in `lane` (the owner's: for `holder`), or undefined when it has none left. */
  admit(lane: CheckLane, holder?: LaneHolder): CheckPlace | undefined;
  /** Whether `lane` has no place left now for `holder` (refused before any other work). */
  full(lane: CheckLane, holder?: LaneHolder): boolean;
  /** Runs a hash outside the bound (the command line's, a new account's): in the owner's lane. */
  run<T>(task: () => Promise<T>, lane?: CheckLane): Promise<T>;
  /** Seconds a sign-in refused in `lane` should wait: that lane's checks ahead, at least 1. */
  retryAfterSeconds(lane: CheckLane): number;
  /** Places held, hashes running and waiting, for the tests and the benchmark. */
  state(): {
    held: Record<CheckLane, number>;
    running: Record<CheckLane, number>;
    waiting: Record<CheckLane, number>;
  };
}

/** The owner's places: per account, and the browsers holding one. */
function ownerPlaces(perAccount: number) {
  const byAccount = new Map<string, number>();
  const browsers = new Set<string>();
  return {
    full: ({ account, browser }: LaneHolder) =>
      browsers.has(browser) || (byAccount.get(account) ?? 0) >= perAccount,
    take({ account, browser }: LaneHolder) {
      browsers.add(browser);
      byAccount.set(account, (byAccount.get(account) ?? 0) + 1);
    },
    give({ account, browser }: LaneHolder) {
      browsers.delete(browser);
      const left = (byAccount.get(account) ?? 1) - 1;
      if (left > 0) byAccount.set(account, left);
      else byAccount.delete(account);
    },
  };
}

let anonymous = 0;

export function checkLanes(
  slots = CHECK_SLOTS,
  strangerSlots = STRANGER_SLOTS,
  places: Readonly<Record<CheckLane, number>> = LANE_PLACES,
): CheckLanes {
  const held: Record<CheckLane, number> = { owner: 0, stranger: 0 };
  const running: Record<CheckLane, number> = { owner: 0, stranger: 0 };
  const waiting: Record<CheckLane, (() => void)[]> = { owner: [], stranger: [] };
  const owners = ownerPlaces(places.owner);
  // Each lane's recent checks' mean milliseconds (a moving average), for its Retry-After.
  const meanMs: Record<CheckLane, number> = { owner: 250, stranger: 250 };

  const canStart = (lane: CheckLane) =>
    running.owner + running.stranger < slots &&
    (lane === 'owner' || running.stranger < strangerSlots);

  // A slot is taken for a waiting check before it is woken, never left free in between: no
  // newcomer can slip ahead of a check that waits. The owner's are woken first.
  function wake() {
    for (const lane of ['owner', 'stranger'] as const) {
      while (waiting[lane].length > 0 && canStart(lane)) {
        running[lane] += 1;
        waiting[lane].shift()?.();
      }
    }
  }

  async function run<T>(task: () => Promise<T>, lane: CheckLane = 'owner'): Promise<T> {
    if (waiting[lane].length === 0 && canStart(lane)) running[lane] += 1;
    else await new Promise<void>((resolve) => waiting[lane].push(resolve));
    const started = performance.now();
    try {
      return await task();
    } finally {
      meanMs[lane] = 0.8 * meanMs[lane] + 0.2 * (performance.now() - started);
      running[lane] -= 1;
      wake();
    }
  }

  const full = (lane: CheckLane, holder?: LaneHolder) =>
    lane === 'stranger' ? held.stranger >= places.stranger : holder ? owners.full(holder) : false;

  return {
    admit(lane, given) {
      if (full(lane, given)) return undefined;
      const holder = given ?? { account: '', browser: `anonymous ${(anonymous += 1)}` };
      held[lane] += 1;
      if (lane === 'owner') owners.take(holder);
      let released = false;
      return {
        run: (task) => run(task, lane),
        release() {
          if (released) return;
          released = true;
          held[lane] -= 1;
          if (lane === 'owner') owners.give(holder);
        },
      };
    },
    full,
    run,
    retryAfterSeconds(lane) {
      // The lane's places ahead, each a check at the lane's recent speed, on the slots it may use.
      const lanesSlots = lane === 'stranger' ? strangerSlots : slots;
      return Math.max(1, Math.ceil(((held[lane] / lanesSlots) * meanMs[lane]) / 1000));
    },
    state: () => ({
      held: { ...held },
      running: { ...running },
      waiting: {
        owner: waiting.owner.length,
        stranger: waiting.stranger.length,
      },
    }),
  };
}

/** The process's lanes: the bound is on this process's memory, so every route shares them. */
export const passwordChecks = checkLanes();

export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await passwordChecks.run(() => derive(password, salt, cost));
  return [
    'scrypt',
    cost.log2N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [log2N, r, p] = parts
    .slice(1, 4)
    .map((part) => (/^\d{1,2}$/.test(part) ? Number(part) : 0));
  // Whole numbers in range, and N < 2^(16 r) (scrypt's own limit): anything else is refused, not
  // thrown by scrypt.
  if (!log2N || !r || !p || log2N > 20 || r > 32 || p > 16 || log2N >= 16 * r) return undefined;
  return {
    cost: { log2N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64url'),
    key: Buffer.from(parts[5] ?? '', 'base64url'),
  };
}

/**
 * True when `password` is the one `stored` was made from; compared in constant time. The hash runs
 * in `place`'s lane (a sign-in's), else in the owner's, outside the bound.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  place?: CheckPlace,
): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const work = () => derive(password, parsed.salt, parsed.cost);
  const key = await (place ? place.run(work) : passwordChecks.run(work));
  return timingSafeEqual(key, parsed.key);
}

let dummy: { cost: ScryptCost; hash: Promise<string> } | undefined;

/** The hash an unknown account's sign-in is checked against; made once, with the accounts' cost. */
export function dummyHash(cost = DEFAULT_COST): Promise<string> {
  if (dummy?.cost !== cost) {
    dummy = { cost, hash: hashPassword(randomBytes(16).toString('hex'), cost) };
  }
  return dummy.hash;
}

/**
 * Does the work of one verification and fails: for a sign-in with an unknown e-mail address, so
 * that its answer takes as long as a wrong password's (no finding out who has an account by timing).
 */
export async function verifyNobody(
  password: string,
  cost = DEFAULT_COST,
  place?: CheckPlace,
): Promise<false> {
  await verifyPassword(password, await dummyHash(cost), place);
  return false;
}
