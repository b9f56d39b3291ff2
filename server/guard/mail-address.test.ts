import { describe, expect, it } from 'vitest';
import { mailbox } from './mail-address.ts';

const normalised = (address: string) => mailbox(address)?.address;

describe('mailbox', () => {
  it('counts capitals, spaces and a +tag as the same address', () => {
    expect(mailbox(' Victim+1@Example.COM ')).toEqual({
      address: 'victim@example.com',
      domain: 'example.com',
    });
    for (let n = 2; n <= 10; n += 1) {
      expect(normalised(`victim+${n}@example.com`)).toBe('victim@example.com');
    }
    expect(normalised('victim+a+b@example.com')).toBe('victim@example.com');
    expect(normalised('victim@example.com.')).toBe('victim@example.com');
  });

  it("removes Gmail's dots, and googlemail.com is gmail.com", () => {
    for (const address of [
      'v.i.c.t.i.m@gmail.com',
      'Vic.Tim+quotes@GMail.com',
      'victim@googlemail.com',
      'vi.ctim+2@googlemail.com',
    ]) {
      expect(mailbox(address)).toEqual({ address: 'victim@gmail.com', domain: 'gmail.com' });
    }
  });

  it('keeps the dots of every other domain: there they name another mailbox', () => {
    expect(normalised('first.last@example.com')).toBe('first.last@example.com');
    expect(normalised('firstlast@example.com')).toBe('firstlast@example.com');
    expect(normalised('v.ictim@gmail.com.example')).toBe('v.ictim@gmail.com.example');
  });

  it('keeps a local part that is all tag, and refuses what is no address', () => {
    expect(normalised('+news@example.com')).toBe('+news@example.com');
    expect(normalised('...@gmail.com')).toBe('...@gmail.com');
    expect(mailbox('no-at-sign')).toBeUndefined();
    expect(mailbox('@example.com')).toBeUndefined();
    expect(mailbox('victim@')).toBeUndefined();
  });

  it('takes the last @ as the domain', () => {
    expect(mailbox('"a@b"+x@Example.com')).toEqual({
      address: '"a@b"@example.com',
      domain: 'example.com',
    });
  });
});
