import { describe, expect, it } from 'vitest';
import { adminText } from '../../src/content/admin.ts';
import {
  CLIENT_SIGNALS,
  foreignLetters,
  isGibberish,
  isRandomName,
  isRepeated,
  SPAM_THRESHOLD,
  spamReasons,
  spamScore,
  spamTerms,
  weightOf,
  type SpamInput,
} from './spam-score.ts';

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

  it('counts links: three to seven are a client’s venue and map, eight are a farm', () => {
    const links = (n: number) =>
      Array.from({ length: n }, (_, i) => `https://venue${i}.example/map`).join(' ');
    expect(score({ fields: { ...quote, additionalInfo: links(2) } }).reasons).toEqual([]);
    expect(score({ fields: { ...quote, additionalInfo: links(7) } })).toMatchObject({
      reasons: ['links'],
      spam: false,
    });
    expect(score({ fields: { ...quote, additionalInfo: links(8) } })).toMatchObject({
      reasons: ['many-links'],
      spam: true,
    });
    expect(
      score({ fields: { ...quote, additionalInfo: '[url=https://a.example]pills[/url]' } }),
    ).toMatchObject({ reasons: ['link-markup'], spam: true });
  });

  it('never bins what a real client shows: no script, an odd name and links together stay under', () => {
    const most = CLIENT_SIGNALS.reduce(
      (sum, group) => sum + Math.max(...group.map((reason) => weightOf(reason))),
      0,
    );
    expect(most).toBeLessThan(SPAM_THRESHOLD);
    const issue = score({
      proofOfWork: { kind: 'missing' },
      name: 'María DeLaCruz',
      fields: {
        ...quote,
        clientName: 'María DeLaCruz',
        additionalInfo: 'https://a.example https://maps.google.com/?q=1,2 https://c.example',
      },
    });
    expect(issue).toEqual({ score: 2, reasons: ['pow-missing', 'links'], spam: false });
    const worst = score({
      proofOfWork: { kind: 'missing' },
      fields: {
        ...quote,
        additionalInfo: 'Купить https://a.example https://b.example https://c.example',
      },
      name: 'xJkqPzvRt',
    });
    expect(worst).toMatchObject({ reasons: ['pow-missing', 'links', 'random-name'], spam: false });
  });

  it('bins a pitch, repeated text and gibberish: what spammers write', () => {
    const pitch = 'Our SEO team gets you on the first page of Google with backlinks.';
    expect(score({ fields: { ...quote, additionalInfo: pitch } })).toMatchObject({
      reasons: ['spam-words'],
      spam: true,
    });
    // One such word is a client's: a crypto conference needs waiters too.
    const conference = 'Waiters for our Bitcoin conference reception, 300 guests.';
    expect(score({ fields: { ...quote, additionalInfo: conference } }).spam).toBe(false);
    expect(spamTerms(conference)).toBe(1);
    const again = 'Visit my site now. '.repeat(3);
    expect(score({ fields: { ...quote, additionalInfo: again } }).reasons).toEqual([
      'repeated-text',
    ]);
    expect(isRepeated(['Best prices online', 'best prices online', 'Best prices online '])).toBe(
      true,
    );
    expect(isRepeated(['Need 2 bartenders, 2 servers and 2 cooks for the party.'])).toBe(false);
    const gibberish = score({
      name: 'Qwrtzp Lkjh',
      fields: { ...quote, clientName: 'Qwrtzp Lkjh', additionalInfo: 'xkqzvbnm wprtlkjh dfghjkl' },
    });
    expect(gibberish).toMatchObject({ reasons: ['random-name', 'gibberish'], spam: true });
    expect(isGibberish('Necesitamos meseros para la quinceañera de Guadalupe')).toBe(false);
  });

  it('bins a post whose spam trap was filled, whatever it says', () => {
    expect(score({ honeypot: true })).toMatchObject({ reasons: ['honeypot'], spam: true });
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
      'María DeLaCruz',
      'Juan Pablo DeLaRosa',
      'LaToya McKenzie-Brown',
      'Thomas MacArthur',
      "Seán O'Brien",
      'Nguyễn Văn An',
      'Анна Иванова',
      '王小明',
    ]) {
      expect(isRandomName(name), name).toBe(false);
    }
    expect(score({ name: 'José Ñúñez', fields: { ...quote, clientName: 'José Ñúñez' } })).toEqual({
      score: 0,
      reasons: [],
      spam: false,
    });
  });

  it('counts letters of other scripts, but a Cyrillic or Chinese client is no sign of spam', () => {
    expect(foreignLetters('Ñandú, señor, ¿cuánto? 50 € 🎉 “quote”')).toBe(0);
    expect(foreignLetters('Купить дешево')).toBe(12);
    const cyrillic = score({
      name: 'Анна Иванова',
      fields: { ...quote, clientName: 'Анна Иванова', additionalInfo: 'Нам нужны официанты.' },
    });
    expect(cyrillic).toEqual({ score: 0, reasons: [], spam: false });
  });

  it('reads lists as text too', () => {
    const fields = { skills: ['http://a.example', 'http://b.example', 'www.c.example'] };
    expect(score({ fields, name: undefined }).reasons).toEqual(['links']);
  });
});

describe('the reasons in words', () => {
  it('has the inbox’s words for every code a row may carry', () => {
    for (const code of spamReasons) {
      expect(adminText.submission.spam.reasons[code], code).toEqual(expect.any(String));
    }
  });
});
