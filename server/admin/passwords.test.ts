import {
  DEFAULT_COST,
  checkLanes,
  hashPassword,
  verifyNobody,
  verifyPassword,
} from './passwords.ts';

const cost = { log2N: 10, r: 8, p: 1 };
const password = 'correct horse battery staple';

/** The six `$`-separated parts of a stored hash. */
function parts(hash: string): string[] {
  return hash.split('$');
}

describe('hashPassword', () => {
  it('stores the default cost (N = 2^17, r = 8, p = 1), a salt and a 32-byte key', async () => {
    const hash = await hashPassword(password, DEFAULT_COST);
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(parts(hash)[4] ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(parts(hash)[5] ?? '', 'base64url')).toHaveLength(32);
    expect(await verifyPassword(password, hash)).toBe(true);
  });

  it('stores a smaller cost as given', async () => {
    expect(await hashPassword(password, cost)).toMatch(/^scrypt\$10\$8\$1\$/);
  });

  it('salts each hash: two hashes of one password differ and both verify', async () => {
    const [first, second] = [
      await hashPassword(password, cost),
      await hashPassword(password, cost),
    ];
    expect(first).not.toBe(second);
    expect(parts(first)[4]).not.toBe(parts(second)[4]);
    expect(parts(first)[5]).not.toBe(parts(second)[5]);
    expect(await verifyPassword(password, first)).toBe(true);
    expect(await verifyPassword(password, second)).toBe(true);
  });
});

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword(password, cost);
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('refuses corrupt and foreign hash strings', async () => {
    const hash = await hashPassword(password, cost);
    const [, log2N, r, p, salt, key] = parts(hash);
    const corrupt = [
      '',
      'scrypt',
      password,
      `bcrypt$${log2N}$${r}$${p}$${salt}$${key}`,
      '$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW',
      '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      `scrypt$${log2N}$${r}$${p}$${salt}`,
      `scrypt$${log2N}$${r}$${p}$${salt}$${key}$extra`,
      `scrypt$${log2N}$${r}$${p}$${salt}$`,
      `scrypt$${log2N}$${r}$${p}$${salt}$${key?.slice(0, 20)}`,
      `scrypt$x$${r}$${p}$${salt}$${key}`,
      `scrypt$$${r}$${p}$${salt}$${key}`,
    ];
    for (const stored of corrupt) {
      expect(await verifyPassword(password, stored), stored).toBe(false);
    }
  });

  it('refuses a hash whose cost or salt was tampered with', async () => {
    const hash = await hashPassword(password, cost);
    const [, , r, p, salt, key] = parts(hash);
    const tampered = [
      // Other valid costs: another key comes out.
      `scrypt$11$${r}$${p}$${salt}$${key}`,
      `scrypt$10$4$${p}$${salt}$${key}`,
      `scrypt$10$${r}$2$${salt}$${key}`,
      `scrypt$10$${r}$${p}$${Buffer.alloc(16).toString('base64url')}$${key}`,
      // Costs out of range or that scrypt cannot use: refused, not an exception.
      `scrypt$0$${r}$${p}$${salt}$${key}`,
      `scrypt$10$0$${p}$${salt}$${key}`,
      `scrypt$10$${r}$0$${salt}$${key}`,
      `scrypt$21$${r}$${p}$${salt}$${key}`,
      `scrypt$10$33$${p}$${salt}$${key}`,
      `scrypt$10$${r}$17$${salt}$${key}`,
      `scrypt$-1$${r}$${p}$${salt}$${key}`,
      `scrypt$10.5$${r}$${p}$${salt}$${key}`,
      `scrypt$10$-8$${p}$${salt}$${key}`,
      `scrypt$17$1$${p}$${salt}$${key}`,
      `scrypt$1$1$16$${salt}$${key}`,
    ];
    for (const stored of tampered) {
      await expect(verifyPassword(password, stored), stored).resolves.toBe(false);
    }
    expect(await verifyPassword(password, hash)).toBe(true);
  });

  it('normalises to NFC: a composed and a decomposed é are one password', async () => {
    const composed = 'caf\u00e9 au lait, por favor';
    const decomposed = 'cafe\u0301 au lait, por favor';
    expect(composed).not.toBe(decomposed);
    expect(await verifyPassword(decomposed, await hashPassword(composed, cost))).toBe(true);
    expect(await verifyPassword(composed, await hashPassword(decomposed, cost))).toBe(true);
    expect(
      await verifyPassword('cafe au lait, por favor', await hashPassword(composed, cost)),
    ).toBe(false);
  });
});

describe('verifyNobody', () => {
  it('does the work of a verification and always fails', async () => {
    await expect(verifyNobody(password, cost)).resolves.toBe(false);
    await expect(verifyNobody('', cost)).resolves.toBe(false);
  });
});

describe('the lanes of password checks', () => {
  /** A check that ends when the test says so. */
  function held() {
    let end: () => void = () => {};
    const done = new Promise<void>((resolve) => (end = resolve));
    return { end, task: () => done };
  }

  it("keeps a slot for the owner, wakes the owner first, and admits no one past a lane's places", async () => {
    const lanes = checkLanes(2, 1, { owner: 2, stranger: 3 });
    const order: string[] = [];
    const strangers = [0, 1, 2].map(() => lanes.admit('stranger'));
    expect(lanes.admit('stranger')).toBeUndefined();
    expect(lanes.full('stranger')).toBe(true);
    const checks = strangers.map((place, n) => {
      const check = held();
      const ran = place?.run(async () => {
        order.push(`stranger ${n}`);
        await check.task();
      });
      return { ...check, ran };
    });
    await Promise.resolve();
    // One stranger at a time: the other slot is the owner's.
    expect(lanes.state().running).toEqual({ owner: 0, stranger: 1 });
    const ownerPlace = lanes.admit('owner');
    const owner = held();
    const ownerRan = ownerPlace?.run(async () => {
      order.push('owner');
      await owner.task();
    });
    await Promise.resolve();
    expect(order).toEqual(['stranger 0', 'owner']);
    owner.end();
    await ownerRan;
    checks[0]?.end();
    await checks[0]?.ran;
    checks[1]?.end();
    checks[2]?.end();
    await Promise.all(checks.map((check) => check.ran));
    expect(order).toEqual(['stranger 0', 'owner', 'stranger 1', 'stranger 2']);
    for (const place of [...strangers, ownerPlace]) place?.release();
    expect(lanes.state().held).toEqual({ owner: 0, stranger: 0 });
    expect(lanes.admit('stranger')).toBeDefined();
  });

  it("bounds the owner's lane per account and per browser, and says the wait of the lane that was full", async () => {
    const lanes = checkLanes(2, 1, { owner: 2, stranger: 3 });
    const strangers = [0, 1, 2].map(() => lanes.admit('stranger'));
    const phone = { account: 'a', browser: 'phone' };
    const laptop = { account: 'a', browser: 'laptop' };
    const first = lanes.admit('owner', phone);
    expect(lanes.admit('owner', phone)).toBeUndefined();
    expect(lanes.full('owner', phone)).toBe(true);
    const second = lanes.admit('owner', laptop);
    expect(lanes.admit('owner', { account: 'a', browser: 'tablet' })).toBeUndefined();
    // Another account's browsers have places of their own.
    expect(lanes.full('owner', { account: 'b', browser: 'its phone' })).toBe(false);
    // Three strangers ahead on one slot: about three checks; the owner's lane, two on two slots.
    expect(lanes.retryAfterSeconds('stranger')).toBe(1);
    expect(lanes.retryAfterSeconds('owner')).toBe(1);
    const more = checkLanes(2, 1, { owner: 2, stranger: 12 });
    for (let n = 0; n < 12; n += 1) more.admit('stranger');
    expect(more.retryAfterSeconds('stranger')).toBe(3);
    expect(more.retryAfterSeconds('owner')).toBe(1);
    first?.release();
    expect(lanes.full('owner', phone)).toBe(false);
    for (const place of [...strangers, second]) place?.release();
    expect(lanes.state().held).toEqual({ owner: 0, stranger: 0 });
  });
});
