import { describe, expect, it } from 'vitest';
import { adminText } from '../../src/content/admin.ts';
import {
  CLIENT_SIGNALS,
  countLinks,
  foreignLetters,
  isGibberish,
  isKeyboardMash,
  isRandomName,
  isNameRepeated,
  isRepeated,
  aboutAnEvent,
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

  it('counts links: a client’s venue, parking and inspiration pictures stay weak, 12 are a farm', () => {
    const links = (n: number) =>
      Array.from({ length: n }, (_, i) => `https://venue${i}.example/map`).join(' ');
    expect(score({ fields: { ...quote, additionalInfo: links(2) } }).reasons).toEqual([]);
    expect(score({ fields: { ...quote, additionalInfo: links(11) } })).toMatchObject({
      reasons: ['link-list'],
      spam: false,
    });
    expect(score({ fields: { ...quote, additionalInfo: links(12) } })).toMatchObject({
      reasons: ['link-farm'],
      spam: true,
    });
    expect(
      score({ fields: { ...quote, additionalInfo: '[url=https://a.example]pills[/url]' } }),
    ).toMatchObject({ reasons: ['link-markup'], spam: true });
  });

  it('does not count maps nor the business’s own site, nor read a Markdown link as link code', () => {
    const text =
      'Venue [The Wharf](https://www.wharf.example/pier), map https://maps.app.goo.gl/Xb7k and https://maps.google.com/?q=1,2, our order https://www.caterer.example/quote/12';
    expect(countLinks(text, ['caterer.example'])).toBe(1);
    expect(score({ fields: { ...quote, additionalInfo: text } }).reasons).toEqual([]);
    const notion = `Venue: [The Wharf](https://www.wharf.example/venues) - thanks`;
    expect(score({ fields: { ...quote, additionalInfo: notion } })).toMatchObject({
      reasons: [],
      spam: false,
    });
  });

  it('never bins what a real client shows: no script, an odd name, codes and links together stay under', () => {
    const most = CLIENT_SIGNALS.reduce(
      (sum, group) => sum + Math.max(...group.map((reason) => weightOf(reason))),
      0,
    );
    expect(CLIENT_SIGNALS.flat()).toContain('gibberish');
    expect(most).toBeLessThan(SPAM_THRESHOLD);
    const issue = score({
      proofOfWork: { kind: 'missing' },
      name: 'María DeLaCruz',
      fields: {
        ...quote,
        clientName: 'María DeLaCruz',
        additionalInfo: 'https://a.example https://b.example/map https://c.example',
      },
    });
    expect(issue).toEqual({ score: 2, reasons: ['pow-missing', 'link-list'], spam: false });
    const worst = score({
      proofOfWork: { kind: 'missing' },
      fields: {
        ...quote,
        additionalInfo:
          'Ref nos: BKNG4471 PO-XKCDZ QRSTV and WWWJDN; venue https://a.example https://b.example https://c.example',
      },
      name: 'xJkqPzvRt',
    });
    expect(worst).toMatchObject({
      reasons: ['pow-missing', 'link-list', 'random-name', 'gibberish'],
      spam: false,
    });
  });

  it('hears no pitch in the words clients write about their event', () => {
    for (const text of [
      'Can you make 150 empanadas for the reception? Text me on WhatsApp.',
      'Fiesta temática de casino para 80 personas. Escríbame por WhatsApp, por favor.',
      'Waiters for our Bitcoin conference reception, 300 guests. WhatsApp is easiest for me.',
      'Holiday party for our SEO and marketing team, about 40 people, open bar.',
      'We run a search engine conference. Reception for 400, our SEO speakers included.',
      'Launch party for our crypto trading platform, 200 guests.',
      'Annual gala of the DC Pharmacy Association, pill-shaped cake? Casino tables in the lobby.',
      'Reception for the Marketing Conference; we will email list of VIPs later.',
      'Guests can opt out of the plated dinner. We may withdraw the second date; act now, click here.',
      'Birthday surprise: casino theme and a singing telegram at 9pm!',
      'Necesitamos meseros para la fiesta del banco de préstamos.',
      'I saw your website and would like a quote for 80 guests.',
    ]) {
      expect(spamTerms(text), text).toBe(0);
      expect(
        score({ proofOfWork: { kind: 'missing' }, fields: { ...quote, additionalInfo: text } })
          .spam,
        text,
      ).toBe(false);
    }
  });

  it('weighs a pitch under the threshold: Spam only with a link or without the proof', () => {
    const pitch = 'We sell quality backlinks for your site.';
    expect(weightOf('sales-pitch')).toBeLessThan(SPAM_THRESHOLD);
    expect(score({ fields: { ...quote, additionalInfo: pitch } })).toMatchObject({
      reasons: ['sales-pitch'],
      spam: false,
    });
    expect(
      score({ fields: { ...quote, additionalInfo: `${pitch} https://shop.example` } }),
    ).toMatchObject({ reasons: ['sales-pitch', 'pitch-link'], spam: true });
    expect(
      score({ proofOfWork: { kind: 'missing' }, fields: { ...quote, additionalInfo: pitch } }),
    ).toMatchObject({ reasons: ['pow-missing', 'sales-pitch'], spam: true });
    const loan = 'Préstamos rápidos sin buró de crédito. https://prestamo.example';
    expect(score({ fields: { ...quote, additionalInfo: loan } }).spam).toBe(true);
  });

  it('counts only long texts pasted again and again as repeated, never a form’s filler', () => {
    for (const filler of [
      'None at this time',
      'Available upon request',
      'No tengo todavía',
      'N/A',
    ]) {
      expect(isRepeated([filler, filler, filler, filler]), filler).toBe(false);
    }
    expect(
      isRepeated(['Schedule:\nBartender 6pm-11pm\nBartender 6pm-11pm\nBartender 6pm-11pm']),
    ).toBe(false);
    expect(isRepeated(['Need staff Friday, staff Saturday, staff Sunday and staff Monday.'])).toBe(
      false,
    );
    const long = 'Visit our online shop for the best prices on watches today';
    expect(isRepeated([long, long, long])).toBe(true);
    expect(isRepeated([`${long}. ${long}. ${long}.`])).toBe(true);
    expect(isRepeated(['hello '.repeat(16)])).toBe(true);
    expect(isRepeated(['Thank you! Thank you! Thank you! Thank you! Thank you!'])).toBe(false);
    expect(score({ fields: { ...quote, additionalInfo: 'great site '.repeat(10) } })).toMatchObject(
      {
        reasons: ['repeated-text'],
        spam: true,
      },
    );
  });

  it('weighs random letters as a client may type them (codes) low, a keyboard mash more', () => {
    expect(isGibberish('Ref nos: BKNG4471 PO-XKCDZ QRSTV and WWWJDN')).toBe(true);
    expect(isKeyboardMash('Ref nos: BKNG4471 PO-XKCDZ QRSTV and WWWJDN')).toBe(false);
    const mash = score({
      proofOfWork: { kind: 'missing' },
      name: 'Qwrtzp Lkjh',
      fields: {
        ...quote,
        clientName: 'Qwrtzp Lkjh',
        additionalInfo: 'xkqzvbnm wprtlkjh dfghjkl qwertyuiop',
      },
    });
    expect(mash).toMatchObject({
      reasons: ['pow-missing', 'random-name', 'keyboard-mash'],
      spam: true,
    });
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
    expect(score({ fields, name: undefined }).reasons).toEqual(['link-list']);
  });
});

describe('the signals of the second corpus pass (issue 45)', () => {
  const missing = { kind: 'missing' } as const;
  const message = (additionalInfo: string, more: Partial<SpamInput> = {}) =>
    score({ fields: { ...quote, additionalInfo }, ...more });

  it('hears outreach phrases in English, Spanish, Russian and Chinese, one family each', () => {
    for (const [text, families] of [
      [
        'I came across your website and could send you a free audit. We are a digital marketing agency.',
        1,
      ],
      ['We can get you on the first page of Google and increase your website traffic.', 2],
      ['Somos una agencia de marketing digital. Encontré su sitio web.', 1],
      ['Продвижение сайта в ТОП Яндекса.', 1],
      ['Заработок без вложений.', 1],
      ['澳门博彩，注册即送888元', 1],
      ['Our chatbot for your business. To unsubscribe, reply STOP.', 1],
      ['Лучшие цены на ставки', 1],
      ['Please find your invoice attached; pay now to avoid service interruption.', 1],
    ] as const) {
      expect(spamTerms(text), text).toBe(families);
    }
  });

  it('weighs one phrase under the threshold; a second family, a link or no proof bins it', () => {
    const one = 'Would you like to be on the first page of Google?';
    expect(message(one)).toMatchObject({ reasons: ['sales-pitch'], spam: false });
    expect(message(`${one} https://rank.example`)).toMatchObject({
      reasons: ['sales-pitch', 'pitch-link'],
      spam: true,
    });
    expect(message(`${one} Our digital marketing agency can help.`)).toMatchObject({
      reasons: ['sales-pitch', 'pitch-phrases'],
      spam: true,
    });
    expect(message(one, { proofOfWork: missing }).spam).toBe(true);
  });

  it('hears no pitch in what a client may write alone: an opener, a free consultation, samples', () => {
    for (const text of [
      'I came across your website. Please call me back at (202) 555-2368.',
      'I came across your website, could we have a free consultation?',
      'Could you send some samples of the menus? Click here for our office map.',
      'Please unsubscribe me from the newsletter, but call about my quote.',
    ]) {
      expect(spamTerms(text), text).toBe(0);
      expect(message(text, { proofOfWork: missing }).spam, text).toBe(false);
    }
  });

  it('counts no pitch in a message that speaks of an event, whatever phrases it holds', () => {
    expect(aboutAnEvent('Holiday party for our agency, 60 guests')).toBe(true);
    expect(aboutAnEvent('We offer guest posts on DA 50 sites')).toBe(false);
    for (const text of [
      'I came across your website while planning our digital marketing agency’s holiday party. Venue: https://www.venue.example',
      'We are an SEO services firm celebrating our anniversary, 90 guests. https://www.our-firm.example',
      'Our company does lead generation; client appreciation night, 80 guests, open bar.',
      'Please unsubscribe me from nothing! 3 bartenders for our summer party. Reply STOP if booked.',
      'Necesitamos meseros para la conferencia de marketing digital, 200 invitados.',
    ]) {
      const judged = message(text, { proofOfWork: missing });
      expect(judged.reasons, text).not.toContain('sales-pitch');
      expect(judged.spam, text).toBe(false);
    }
  });

  it('counts another alphabet with a link only without the proof and when no event is named', () => {
    const link = 'Заработок в интернете, подробнее: https://easy.example https://more.example';
    expect(message(link, { proofOfWork: missing }).reasons).toContain('foreign-link');
    expect(message(link).reasons).not.toContain('foreign-link');
    const client =
      'Нам нужны два бармена на свадьбу, 100 гостей. Ресторан: https://www.venue.example';
    expect(message(client, { proofOfWork: missing })).toMatchObject({
      reasons: ['pow-missing'],
      spam: false,
    });
    // A Russian post with a link but no event word and no phrase: 1 + 3, under.
    const plain = 'Здравствуйте, позвоните мне. https://www.my-company.example';
    expect(message(plain, { proofOfWork: missing })).toMatchObject({
      reasons: ['pow-missing', 'foreign-link'],
      spam: false,
    });
  });

  it('weighs a web address as the name under the threshold alone, Spam with no proof', () => {
    const name = 'https://rank-boost.example';
    expect(score({ name, fields: { ...quote, clientName: name } })).toMatchObject({
      reasons: ['name-link'],
      spam: false,
    });
    expect(score({ name, proofOfWork: missing, fields: { ...quote, clientName: name } }).spam).toBe(
      true,
    );
    expect(score({ name: 'Acme.com Events' }).reasons).not.toContain('name-link');
  });

  it('counts the name written again in two more fields, never a form’s filler', () => {
    const name = 'Best prices online';
    expect(
      isNameRepeated(name, { clientName: name, address: name, additionalInfo: `${name} today` }),
    ).toBe(true);
    expect(isNameRepeated(name, { clientName: name, address: name })).toBe(false);
    expect(
      isNameRepeated('Carlos Pérez', {
        fullName: 'Carlos Pérez',
        previousExperience: 'None at this time',
        certifications: 'None at this time',
        references: 'None at this time',
      }),
    ).toBe(false);
    const stuffed = { ...quote, clientName: name, address: name, additionalInfo: name };
    expect(score({ name, fields: stuffed })).toMatchObject({
      reasons: ['name-repeated'],
      spam: false,
    });
    expect(score({ name, fields: stuffed, proofOfWork: missing }).spam).toBe(true);
  });
});

describe('the reasons in words', () => {
  it('has the inbox’s words for every code a row may carry', () => {
    for (const code of spamReasons) {
      expect(adminText.submission.spam.reasons[code], code).toEqual(expect.any(String));
    }
  });

  it('keeps the meaning old rows were stored with: links was 3 or 4 links, many-links 5 or more', () => {
    const words = adminText.submission.spam.reasons;
    expect(words['many-links']).toBe('It holds 5 or more web links.');
    expect(words.links).toBe('It holds 3 or 4 web links.');
    expect(words['foreign-script']).toContain('no longer');
    expect(words['sales-pitch']).not.toMatch(/casino|pharmacy|crypto|loan/iu);
  });
});

describe('the clients of the final review (issue 45)', () => {
  const missing = { kind: 'missing' } as const;
  const message = (additionalInfo: string, more: Partial<SpamInput> = {}) =>
    score({ fields: { ...quote, additionalInfo }, ...more });

  it('counts an opener as the second sign only beside a pitch phrase, in a message of no event', () => {
    for (const text of [
      'I came across your website: would you like to be on the first page of Google?',
      'Would you like to be on the first page of Google? Free consultation, reply STOP to opt out.',
      'Could we send you some samples? Our digital marketing agency can help.',
    ]) {
      expect(message(text), text).toMatchObject({
        reasons: ['sales-pitch', 'pitch-phrases'],
        spam: true,
      });
    }
    // Openers alone, or beside a pitch phrase in a message about an event: a client's.
    for (const text of [
      'I came across your website, would you be interested in staffing our gala? Free consultation?',
      'Our digital marketing agency holds its holiday party on Dec 12; I came across your website.',
      'Are you looking for more bartenders? I can send you some samples of my cocktail menus.',
    ]) {
      expect(message(text, { proofOfWork: missing }).spam, text).toBe(false);
    }
  });

  it('hears no pitch in a deposit, an invoice, an ad seen, Yandex, a casino-style party or 推广活动', () => {
    for (const text of [
      'How much is the first deposit, and when is it due? Could we have a free consultation first?',
      "Please send the invoice to the embassy's finance office. Our purchase order is attached.",
      'I saw your website and your five-star reviews. Can you staff our event on Saturday?',
      'Our company does lead generation; we need staff for our offsite. I came across your website.',
      'Annual meeting of our promotional products association. Can you send some samples?',
      'Здравствуйте! Увидели вашу рекламу. Сколько стоят ваши услуги?',
      'Нашли вас через Яндекс. Нужны два человека на корпоратив.',
      'Корпоратив в стиле казино, 50 человек',
      '我们公司下个月举办新产品推广活动，大约80人，需要礼仪人员。',
      'Cashier at Target for two years, I earn $15 an hour.',
    ]) {
      const judged = message(text, { proofOfWork: missing });
      expect(judged.reasons, text).not.toContain('sales-pitch');
      expect(judged.spam, text).toBe(false);
    }
  });

  it('hears an event in English, Russian and Chinese words a short note uses', () => {
    for (const text of [
      'Can you staff our event?',
      'Conference for 80',
      'Our annual meeting',
      'Embassy national day',
      'Нужны люди на мероприятие',
      'Вечеринка в пятницу',
      'Корпоратив на 50 человек',
      '公司活动',
      '朋友聚会',
      '年度会议',
    ]) {
      expect(aboutAnEvent(text), text).toBe(true);
    }
  });

  it('still hears a pitch aimed at an event business, and the pitches no client writes', () => {
    // 'your event staffing website' is the seller speaking of us, not a client's event.
    expect(
      message('I came across your event staffing website, we offer SEO services.', {
        proofOfWork: missing,
      }),
    ).toMatchObject({ reasons: ['pow-missing', 'sales-pitch'], spam: true });
    // Nor are event companies, the meeting a pitch asks for, or the seller's own staff.
    for (const text of [
      'Our digital marketing agency helps event companies increase your website traffic.',
      'We offer SEO services. Can we schedule a 15-minute meeting this week?',
      'Our staff of web designers will redesign your website.',
    ]) {
      expect(message(text, { proofOfWork: missing }), text).toMatchObject({ spam: true });
    }
    for (const text of ['Our staff appreciation dinner', 'Our staff retreat', 'Staff our event']) {
      expect(aboutAnEvent(text), text).toBe(true);
    }
    // Backlinks, guaranteed returns, a casino bonus… count even beside an event word.
    for (const text of [
      'Get more guests to your events: we sell backlinks. https://rank.example',
      'Wedding season bonus: guaranteed returns of 20% a month. https://coin.example',
      'Party all night at our online casino! Casino bonus: https://spins.example',
    ]) {
      expect(message(text), text).toMatchObject({ spam: true });
      expect(message(text).reasons, text).toContain('sales-pitch');
    }
  });

  it('does not count a first name that opens the message and the e-mail as repeated', () => {
    for (const [name, email, more] of [
      ['Maria', 'maria@gmail.com', { additionalInfo: 'Maria from the Embassy of Peru here.' }],
      ['Chen', 'chen.wei@qq.com', { additionalInfo: 'Chen Wei, embassy protocol office.' }],
      [
        'Laura',
        'laura@example.org',
        { address: 'Laura Residence, 1200 K St NW', additionalInfo: 'Laura here: cocktails.' },
      ],
    ] as const) {
      const fields = { ...quote, clientName: name, email, ...more };
      expect(score({ name, fields, proofOfWork: missing }), name).toMatchObject({
        reasons: ['pow-missing'],
        spam: false,
      });
    }
  });
});

describe('a client writing in another alphabet', () => {
  it('keeps a Russian message with three venue links sent without script', () => {
    const text =
      'Здравствуйте! Пишу от имени нашей семьи. Нам нужна помощь у нас дома в субботу, ' +
      'примерно тридцать человек. Адрес и фотографии: https://dacha.example/dom ' +
      'https://photos.example/zal https://photos.example/sad';
    const judged = spamScore({
      proofOfWork: { kind: 'missing' },
      at: 1_000_000,
      fields: { additionalInfo: text },
      name: 'Ирина Иванова',
    });
    expect(judged.reasons).toContain('foreign-link');
    expect(judged.reasons).not.toContain('link-list');
    expect(judged.spam).toBe(false);
  });
});
