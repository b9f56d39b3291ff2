/**
 * Spam posts (test data): link farms, SEO offers, crypto and pharmacy pitches, gibberish, the
 * same text again and again, forged and replayed proofs of work, the filled trap. Their links
 * point at nothing (.example).
 */
import { application, quote, type CorpusPost } from './corpus.ts';

const farm = (n: number, site = 'cheap-deals') =>
  Array.from({ length: n }, (_, i) => `https://${site}-${i + 1}.example/p/${(i * 37) % 101}`).join(
    ' ',
  );
const bbcode = (n: number) =>
  Array.from({ length: n }, (_, i) => `[url=https://pills-${i}.example]buy pills ${i}[/url]`).join(
    ' ',
  );
const html = (n: number) =>
  Array.from({ length: n }, (_, i) => `<a href="https://bets-${i}.example">casino ${i}</a>`).join(
    ' ',
  );

const seo = [
  'Hi, I noticed your website is not on the first page of Google. Our SEO team can get you ranking higher in 30 days with high quality backlinks.',
  'Hello! We offer guest posts on high domain authority sites (DA 50+). Boost your organic traffic today. Reply for price list.',
  'Is your website getting enough traffic? Our digital marketing agency provides SEO, backlinks and search engine optimization at affordable prices.',
  'Dear Business Owner, your site has 47 SEO errors. We can fix them and rank your website on Google. Click here for a free audit.',
  'We are a web design services company from India. We will redesign your website and do SEO for only $199.',
  'Would you like more leads? We do lead generation and search engine marketing. Unsubscribe by replying STOP.',
  'Get 10,000 real website traffic visitors a month. Backlinks included. Limited offer!',
  'Your competitors rank higher on Google. Our SEO experts guarantee page one of Google. Act now.',
];

const crypto = [
  'Earn $5,000 per week with our Bitcoin investment platform. Guaranteed returns, withdraw anytime.',
  'Dear friend, double your BTC in 24 hours. Send to our wallet and receive airdrop bonus.',
  'Crypto trading platform with 300% profit. Passive income for everyone. Contact our manager.',
  'USDT airdrop is live! Connect your wallet and claim your tokens. Limited time offer.',
  'I made $12,000 in a month with forex and binary options. Click here to learn the strategy.',
  'Invest in Ethereum mining today: guaranteed profits, daily withdrawal, no experience needed.',
  'Your Bitcoin wallet has a pending withdrawal of 0.75 BTC. Confirm here to receive funds.',
  'Cryptocurrency signals group: 95% accuracy, passive income, join now, act now.',
];

const pitches = [
  'Buy cheap Viagra and Cialis online, no prescription, discreet pharmacy shipping. Order now.',
  'Best online casino bonus! 200 free spins, betting from $1. Click here.',
  'Payday loans approved in 5 minutes, bad credit OK, loan offer valid today. Click here.',
  'Cheap pills pharmacy online: buy now and save 80%.',
];

const gibberish = [
  'xkqzvbnm wprtlkjh qwertyuiop zxcvbnmkl dfghjkl',
  'asdfghjkl qwertyu zxcvbnm hjklmnb poiuytrewq',
  'bcdfghjklmnp trvwxzqp lkjhgfdsa mnbvcxz wqrtplk',
  'jfkdlsa fjdksla vnmcxz qpwoeiru tyghbn fdsaqwer',
];

const repeated = [
  'buy now buy now buy now buy now buy now buy now buy now buy now buy now buy now',
  'Great site! Great site! Great site! Great site! Great site! Great site!',
  'Visit my profile please. Visit my profile please. Visit my profile please. Visit my profile please.',
  'hello hello hello hello hello hello hello hello hello hello hello hello hello hello hello hello',
];

const names = ['John Smith', 'Mike Johnson', 'Sarah Lee', 'Robert Brown', 'Emma Wilson', 'David'];
const name = (i: number) => names[i % names.length] ?? 'John Smith';

export const spam: readonly CorpusPost[] = [
  // Link farms: plain, BBCode, HTML.
  ...[8, 10, 12, 15, 20, 25].map((n, i) =>
    quote(
      i % 2 ? 'missing' : 'solved',
      name(i),
      `links${i}@example.net`,
      `Good deals: ${farm(n)}`,
      {},
      `farm of ${n} links`,
    ),
  ),
  quote('missing', 'Alex', 'alex@example.net', `Check this ${bbcode(3)}`, {}, 'BBCode links'),
  quote('solved', 'Kevin', 'kevin@example.net', `nice ${bbcode(1)}`, {}, 'one BBCode link, solved'),
  quote('missing', 'Tina', 'tina@example.net', `Play ${html(2)}`, {}, 'HTML links'),
  application(
    'missing',
    'Mark',
    'mark@example.net',
    farm(9, 'replica-watches'),
    {},
    'farm in an application',
  ),
  application(
    'solved',
    'Jane',
    'jane@example.net',
    `Hello ${farm(4)} ${bbcode(2)}`,
    {},
    'links and BBCode',
  ),
  // SEO offers, without and with a solved proof.
  ...seo.map((text, i) =>
    quote(
      i % 3 === 0 ? 'solved' : 'missing',
      name(i),
      `seo${i}@example.net`,
      text,
      {},
      `SEO offer ${i + 1}`,
    ),
  ),
  ...seo
    .slice(0, 3)
    .map((text, i) =>
      quote(
        'autofill',
        name(i + 2),
        `seo-fast${i}@example.net`,
        `${text} https://seo-${i}.example`,
        {},
        `SEO offer, robot-fast ${i + 1}`,
      ),
    ),
  // Crypto.
  ...crypto.map((text, i) =>
    quote(
      i % 2 ? 'missing' : 'solved',
      name(i + 1),
      `coin${i}@example.net`,
      text,
      {},
      `crypto ${i + 1}`,
    ),
  ),
  ...crypto
    .slice(0, 3)
    .map((text, i) =>
      application(
        'missing',
        name(i + 3),
        `coin-job${i}@example.net`,
        text,
        {},
        `crypto in an application ${i + 1}`,
      ),
    ),
  // Pharmacy, casino, loans.
  ...pitches.map((text, i) =>
    quote(
      i % 2 ? 'solved' : 'missing',
      name(i),
      `pitch${i}@example.net`,
      text,
      {},
      `pitch ${i + 1}`,
    ),
  ),
  // Gibberish names and text.
  ...gibberish.map((text, i) =>
    quote(
      'missing',
      ['xJkqPzvRt', 'Qwrtzp Lkjh', 'bcdfghjklm', 'aXcVbNmQ'][i] ?? 'xJkqPzvRt',
      `g${i}@example.net`,
      text,
      {},
      `gibberish ${i + 1}`,
    ),
  ),
  quote(
    'solved',
    'JhGfDsAq',
    'jhg@example.net',
    'zxcvbnmq wrtplkjh qwertyzx dfghjklm',
    {},
    'gibberish, solved',
  ),
  application(
    'missing',
    'Xcvbnm Qwrtp',
    'xq@example.net',
    'lkjhgfdsa poiuytrew mnbvcxzq',
    {},
    'gibberish application',
  ),
  quote(
    'autofill',
    'RobertFuemaZX',
    'rf@example.net',
    'wqrtpsdf ghjklzxc vbnmqwrt',
    {},
    'gibberish, robot-fast',
  ),
  // The same text again and again.
  ...repeated.map((text, i) =>
    quote(
      i % 2 ? 'solved' : 'missing',
      name(i),
      `rep${i}@example.net`,
      text,
      {},
      `repeated ${i + 1}`,
    ),
  ),
  quote(
    'missing',
    'Best prices online',
    'best@example.net',
    'Best prices online',
    { address: 'Best prices online', phone: '555-0100' },
    'one text in every field',
  ),
  application(
    'solved',
    'Work From Home',
    'wfh@example.net',
    'work from home today',
    { previousExperience: 'work from home today', references: 'work from home today' },
    'one text in every field, application',
  ),
  // Forged and replayed proofs of work, whatever they say.
  ...[0, 1, 2, 3].map((i) =>
    quote(
      'forged',
      name(i),
      `forged${i}@example.net`,
      'Need staff for an event, please call me.',
      {},
      `forged proof ${i + 1}`,
    ),
  ),
  ...[0, 1, 2].map((i) =>
    quote(
      'replayed',
      name(i + 1),
      `replay${i}@example.net`,
      'Interested in your services.',
      {},
      `replayed proof ${i + 1}`,
    ),
  ),
  application('forged', 'Paul', 'paul@example.net', 'I want job.', {}, 'forged proof, application'),
  // The filled trap.
  {
    ...quote('solved', 'Laura', 'laura@example.net', 'Please send prices.'),
    honeypot: true,
    note: 'trap filled, solved',
  },
  {
    ...quote('missing', 'Sam', 'sam@example.net', 'Hello, I want a quote.'),
    honeypot: true,
    note: 'trap filled, no proof',
  },
  // Spam that reads as a client's: it gets through (what the score cannot see).
  quote(
    'missing',
    'Emily Davis',
    'emily.d@example.net',
    'Hello, I sent you an email about a partnership, please check your inbox.',
    {},
    'vague partnership note',
  ),
  quote(
    'solved',
    'Nick',
    'nick@example.net',
    'Are you accepting new vendors? We supply tablecloths at wholesale prices https://linens.example',
    {},
    'vendor pitch with one link',
  ),
  // Short, realistic spam added after review (issue 45): most of it gets through, honestly.
  quote(
    'missing',
    'Jessica',
    'jessica@example.net',
    'Hi, I came across your website and it could rank better. We can help. https://growfast.example',
    {},
    'short SEO pitch, one link',
  ),
  quote(
    'solved',
    'Mark Evans',
    'mark.e@example.net',
    'Hello, I saw your website and wanted to offer our marketing services. Reply for a free quote.',
    {},
    'I saw your website, offer, solved',
  ),
  quote(
    'missing',
    'Jason',
    'jason@example.net',
    'I was on your website and noticed you are missing out on leads. Want me to send a short video? https://vid.example',
    {},
    'leads video offer, one link',
  ),
  quote(
    'missing',
    'Иван',
    'ivan@example.net',
    'Привет! Лучшие цены на ставки https://kazino.example https://bonus.example',
    {},
    'Cyrillic betting spam, two links',
  ),
  quote(
    'missing',
    'Иван',
    'ivan2@example.net',
    'Привет! Лучшие цены https://a-shop.example https://b-shop.example https://c-shop.example',
    {},
    'Cyrillic spam, three links',
  ),
  quote(
    'solved',
    'Олег',
    'oleg@example.net',
    'Здравствуйте! Продвижение сайтов в топ Яндекса и Google. Подробнее: https://seo-ru.example',
    {},
    'Cyrillic SEO pitch, one link, solved',
  ),
  quote(
    'missing',
    'Ana',
    'ana@example.net',
    'Gana dinero con criptomonedas: inversión garantizada, retiros diarios. Escríbenos https://cripto.example',
    {},
    'Spanish crypto pitch',
  ),
  quote(
    'missing',
    'Luis',
    'luis@example.net',
    'Préstamos rápidos sin buró de crédito, aprobación en 5 minutos. https://prestamo.example',
    {},
    'Spanish loan pitch',
  ),
  quote(
    'solved',
    'Rosa',
    'rosa@example.net',
    'Hola, vimos su página. Posicionamos su web en la primera página de Google en 30 días.',
    {},
    'Spanish SEO pitch, no link, solved',
  ),
  quote(
    'missing',
    '李',
    'li@example.net',
    '最好的赌场 https://a-play.example 免费奖金',
    {},
    'Chinese casino spam, one link',
  ),
  quote(
    'solved',
    'Tom',
    'tom@example.net',
    'We sell quality backlinks: https://links.example',
    {},
    'we sell backlinks, solved',
  ),
  quote(
    'missing',
    'Tom',
    'tom2@example.net',
    'Join our Bitcoin group for daily signals: https://t.example',
    {},
    'bitcoin signals group, one link',
  ),
  quote(
    'solved',
    'Sarah',
    'sarah@example.net',
    'Hi there, would you be interested in a new website design? I can send a few samples.',
    {},
    'web design offer, no link, solved',
  ),
  quote(
    'autofill',
    'Kate',
    'kate@example.net',
    'Get more 5-star Google reviews for your business. We sell reviews from real accounts. https://stars.example',
    {},
    'we sell reviews, robot-fast',
  ),
  application(
    'missing',
    'Alex',
    'alex2@example.net',
    'Work from home and earn from crypto, message me https://job.example',
    {},
    'crypto job scam in an application',
  ),
];
