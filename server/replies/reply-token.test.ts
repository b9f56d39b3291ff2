import { describe, expect, it } from 'vitest';
import { newReplyToken, replyAddressWith, tokenOfAddress } from './reply-token.ts';

describe('reply tokens', () => {
  it('are 26 base32 letters, a new one each time', () => {
    const tokens = new Set(Array.from({ length: 200 }, newReplyToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{26}$/);
  });

  it('ride in the reply address and are read back from it, in any case or with a name', () => {
    const token = newReplyToken();
    const address = replyAddressWith('replies@staffing.example', token);
    expect(address).toBe(`replies+${token}@staffing.example`);
    expect(tokenOfAddress(address, 'replies@staffing.example')).toBe(token);
    expect(tokenOfAddress(`"Potomac" <${address.toUpperCase()}>`, 'replies@staffing.example')).toBe(
      token,
    );
  });

  it('match nothing from another address or a malformed token', () => {
    const token = newReplyToken();
    expect(tokenOfAddress(`other+${token}@staffing.example`, 'replies@staffing.example')).toBe(
      undefined,
    );
    expect(tokenOfAddress(`replies+${token}@evil.example`, 'replies@staffing.example')).toBe(
      undefined,
    );
    expect(tokenOfAddress('replies+short@staffing.example', 'replies@staffing.example')).toBe(
      undefined,
    );
    expect(tokenOfAddress('replies@staffing.example', 'replies@staffing.example')).toBe(undefined);
  });
});
