import { describe, expect, it } from 'vitest';
import { foreignLetters, isRandomName, spamScore, type SpamInput } from './spam-score.ts';

const at = Date.parse('2030-05-01T12:00:00Z');
const quote = {
  clientName: 'María González',
  email: 'maria@example.com',
  address: '12 Calle Mayor, Miami',
  additionalInfo: 'Necesitamos dos meseros para una boda de 80 invitados.',
};
const solved = { kind: 'valid', issuedAt: at - 60_000 } as const;

function score(overrides: Partial<SpamInput> = {}) {
  return spamScore({
    proofOfWork: solved,
    at,
    fields: quote,
    name: quote.clientName,
    ...overrides,
  });
}

describe('spamScore', () => {
  it('finds nothing in a real quote whose proof of work was solved a minute before', () => {
    expect(score()).toEqual({ score: 0, reasons: [], spam: false });
  });

  it('lets a visitor without script through: a missing proof alone is not spam', () => {
    expect(score({ proofOfWork: { kind: 'missing' } })).toEqual({
      score: 1,
      reasons: ['pow-missing'],
      spam: false,
    });
  });

  it('sends a forged or reused proof to Spam', () => {
    expect(score({ proofOfWork: { kind: 'invalid' } })).toMatchObject({
      reasons: ['pow-invalid'],
      spam: true,
    });
    expect(score({ proofOfWork: { kind: 'replayed' } })).toMatchObject({
      reasons: ['pow-replayed'],
      spam: true,
    });
  });

  it('notes a post sent less than 3 s after its challenge, but that alone is not spam', () => {
    const fast = score({ proofOfWork: { kind: 'valid', issuedAt: at - 1_500 } });
    expect(fast).toMatchObject({ reasons: ['too-fast'], spam: false });
  });

  it('counts links: three are suspicious, five are spam on their own', () => {
    const links = (n: number) =>
      Array.from({ length: n }, (_, i) => `https://spam${i}.example/buy`).join(' ');
    expect(score({ fields: { ...quote, additionalInfo: links(2) } }).reasons).toEqual([]);
    expect(score({ fields: { ...quote, additionalInfo: links(3) } })).toMatchObject({
      reasons: ['links'],
      spam: false,
    });
    expect(score({ fields: { ...quote, additionalInfo: links(5) } })).toMatchObject({
      reasons: ['many-links'],
      spam: true,
    });
    const noProof = score({
      proofOfWork: { kind: 'missing' },
      fields: { ...quote, additionalInfo: links(3) },
      name: 'xJkqPzvRt',
    });
    expect(noProof).toMatchObject({ reasons: ['pow-missing', 'links', 'random-name'], spam: true });
  });

  it('tells a random-letter name from real ones, accents and all', () => {
    for (const name of ['xJkqPzvRt', 'Qwrtzp Lkjh', 'bcdfghjklm', 'aXcVbNmQ']) {
      expect(isRandomName(name), name).toBe(true);
    }
    for (const name of [
      'José Ñúñez',
      'María José Pérez-Ortiz',
      'Lynn',
      'Ng Wu',
      'McDonald',
      'DeShawn O’Neil',
      'Krzysztof Schwarzkopf',
      'JOHN SMITH',
      'Đặng Thị Hương',
    ]) {
      expect(isRandomName(name), name).toBe(false);
    }
    expect(score({ name: 'José Ñúñez', fields: { ...quote, clientName: 'José Ñúñez' } })).toEqual({
      score: 0,
      reasons: [],
      spam: false,
    });
  });

  it('notes text in a script the forms never see, not accents, symbols or emoji', () => {
    expect(foreignLetters('Ñandú, señor, ¿cuánto? 50 € 🎉 “quote”')).toBe(0);
    expect(foreignLetters('Купить дешево')).toBe(12);
    const cyrillic = score({ fields: { ...quote, additionalInfo: 'Купить дешево' } });
    expect(cyrillic).toMatchObject({ reasons: ['foreign-script'], spam: false });
    const withoutProof = score({
      proofOfWork: { kind: 'missing' },
      fields: {
        ...quote,
        additionalInfo: '便宜的手表 https://a.example https://b.example https://c.example',
      },
    });
    expect(withoutProof).toMatchObject({
      reasons: ['pow-missing', 'links', 'foreign-script'],
      score: 6,
      spam: true,
    });
  });

  it('reads lists as text too', () => {
    const fields = { skills: ['http://a.example', 'http://b.example', 'www.c.example'] };
    expect(score({ fields, name: undefined }).reasons).toEqual(['links']);
  });
});
