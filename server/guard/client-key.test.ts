import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('counts an IPv4 address whole, also when written as IPv6', () => {
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('192.0.2.2')).not.toBe(clientKey('192.0.2.1'));
  });

  it('counts every address of an IPv6 /64 as one client', () => {
    const key = clientKey('2001:db8:85a3:12::1');
    expect(key).toBe('2001:0db8:85a3:0012::/64');
    expect(clientKey('2001:db8:85a3:12:ffff:abcd:1:2')).toBe(key);
    expect(clientKey('2001:0DB8:85A3:0012:0:0:0:9%eth0')).toBe(key);
    expect(clientKey('2001:db8:85a3:13::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientKey('2001:db8::')).toBe('2001:0db8:0000:0000::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('0064:ff9b:0000:0000::/64');
  });

  it('keeps anything else as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});
