import { beaconLimit } from './beacon-limit.ts';

describe('the beacon limit (in memory, per client network)', () => {
  it('allows max a window per network, then says how long to wait; a new window starts again', () => {
    const limit = beaconLimit({ max: 3, windowMs: 60_000 });
    for (let n = 0; n < 3; n += 1) expect(limit.hit('192.0.2.1', 1000)).toBeUndefined();
    expect(limit.hit('192.0.2.1', 31_000)).toBe(30);
    // Another address; the same IPv6 /64 is one network.
    expect(limit.hit('192.0.2.2', 31_000)).toBeUndefined();
    for (let n = 0; n < 3; n += 1) expect(limit.hit(`2001:db8::${n + 1}`, 1000)).toBeUndefined();
    expect(limit.hit('2001:db8::ffff', 1000)).toBe(60);
    expect(limit.hit('192.0.2.1', 61_000)).toBeUndefined();
  });

  it('keeps at most maxClients networks: ended windows forgotten, else the oldest', () => {
    const limit = beaconLimit({ max: 1, windowMs: 60_000, maxClients: 100 });
    for (let n = 0; n < 1000; n += 1) limit.hit(`10.0.${n >> 8}.${n & 255}`, n);
    expect(limit.size()).toBe(100);
    // The oldest (10.0.0.0) was forgotten: it starts again; the newest is still counted.
    expect(limit.hit('10.0.0.0', 1000)).toBeUndefined();
    expect(limit.hit('10.0.3.231', 1000)).toBeGreaterThan(0);
    // After a minute, every ended window goes at the next new network.
    limit.hit('192.0.2.1', 200_000);
    expect(limit.size()).toBe(1);
  });
});
