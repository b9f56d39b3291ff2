import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, NOT_AN_ADDRESS } from './client-key.ts';

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
    expect(clientKey('[2001:db8:85a3:12::7]:443')).toBe(key);
    expect(clientKey('2001:db8:85a3:13::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientKey('2001:db8::')).toBe('2001:0db8:0000:0000::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('0064:ff9b:0000:0000::/64');
  });

  it('counts every text that is not an address as one client, and never throws', () => {
    for (const garbage of ['unknown', 'unknown:1111', 'unknown:2222', '', undefined, 'a:b:c']) {
      expect(clientKey(garbage)).toBe(NOT_AN_ADDRESS);
    }
  });
});

describe('clientAddress', () => {
  it('drops the port a proxy wrote with the address', () => {
    expect(clientAddress('1.2.3.4:5678')).toBe('1.2.3.4');
    expect(clientAddress('1.2.3.4:1111')).toBe(clientAddress('1.2.3.4:2222'));
    expect(clientAddress(' 1.2.3.4 ')).toBe('1.2.3.4');
    expect(clientAddress('[1.2.3.4]:80')).toBe('1.2.3.4');
    const ipv6 = '2001:db8::1';
    expect(clientAddress('2001:db8::1')).toBe(ipv6);
    expect(clientAddress('[2001:db8::1]:443')).toBe(ipv6);
    expect(clientAddress('[2001:db8::1]')).toBe(ipv6);
    expect(clientAddress('[2001:DB8::1%eth0]:443')).toBe(ipv6);
    expect(clientAddress('2001:0DB8:0:0:0:0:0:0001')).toBe(ipv6);
  });

  it('writes an IPv6 address as RFC 5952 does (and Node, for a socket)', () => {
    expect(clientAddress('::')).toBe('::');
    expect(clientAddress('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(clientAddress('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(clientAddress('2001:db8:0:1:0:0:0:1')).toBe('2001:db8:0:1::1');
    expect(clientAddress('2001:db8:1:1:1:1:0:1')).toBe('2001:db8:1:1:1:1:0:1');
    expect(clientAddress('1:0:0:0:0:0:0:0')).toBe('1::');
    expect(clientAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b::c000:201');
    expect(clientAddress('fe80::1%25eth0')).toBe('fe80::1');
  });

  it('reads an IPv4 address written as IPv6 in every spelling', () => {
    for (const spelling of [
      '::ffff:192.0.2.1',
      '::FFFF:192.0.2.1',
      '::ffff:c000:0201',
      '::ffff:c000:201',
      '::FFFF:C000:201',
      '0:0:0:0:0:ffff:c000:201',
      '0000:0000:0000:0000:0000:ffff:c000:0201',
      '0:0:0:0:0:ffff:192.0.2.1',
      '[::ffff:192.0.2.1]:8080',
      '[::ffff:c000:201]',
      '::ffff:192.0.2.1%eth0',
    ]) {
      expect(clientAddress(spelling), spelling).toBe('192.0.2.1');
    }
    // Not mapped: NAT64 and the IPv4-compatible form are IPv6 addresses of their own.
    expect(clientAddress('64:ff9b::c000:201')).not.toBe('192.0.2.1');
    expect(clientAddress('::c000:201')).not.toBe('192.0.2.1');
  });

  it('calls anything else one thing, ports or not', () => {
    for (const garbage of [
      'unknown',
      'unknown:1234',
      '1.2.3.4:abc',
      '1.2.3.999',
      '1.2.3.4:80:90',
      '[2001:db8::1]:443:1',
      'unix:/run/proxy.sock',
      '',
      undefined,
    ]) {
      expect(clientAddress(garbage), String(garbage)).toBe(NOT_AN_ADDRESS);
    }
  });
});
