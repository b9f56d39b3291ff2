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
  // Written blind to the rules (second pass, issue 45): the outreach, invoice, foreign-language
  // and stuffed-field spam contact forms really receive.
  quote(
    'solved',
    'Jessica Miller',
    'jessica.miller.web@example.net',
    'Hi, I came across your website and noticed a few things that could be improving your search rankings. I would love to send you a free audit. Would you be open to a quick call this week?',
    {},
    'I came across your website, no link, solved',
  ),
  quote(
    'missing',
    'Ryan Cooper',
    'ryan@growthleads.example',
    'Hello, I came across your website and I think we can help you get more clients. We are a digital marketing agency specializing in lead generation. Check our work: https://growthleads.example',
    {},
    'digital marketing agency, lead generation, one link',
  ),
  quote(
    'solved',
    'Olivia Bennett',
    'olivia.seo@example.net',
    'Would you like your website to appear on the first page of Google? We can increase your website traffic within 60 days. Reply "YES" for a free proposal. If you do not want to hear from us again, reply STOP.',
    {},
    'first page of Google, reply STOP, solved',
  ),
  quote(
    'autofill',
    'Daniel Harris',
    'daniel.h@example.net',
    'Hey there, I was checking out your website and wanted to reach out. We help businesses like yours get 20-30 new appointments a month. No upfront cost. Interested?',
    {},
    'appointments a month, robot-fast',
  ),
  quote(
    'missing',
    'Priya Sharma',
    'priya.webdev@example.net',
    'Hello, we are a leading web design and development company. We build modern, mobile-friendly websites and mobile apps (iOS and Android) at very affordable prices. Can I send you our portfolio and pricing?',
    {},
    'web and app development offer, no link',
  ),
  quote(
    'solved',
    'Mark Wilson',
    'mark.va@example.net',
    'Are you spending too much time on admin work? Our virtual assistants handle email, scheduling, bookkeeping and social media for just $8/hour. Book a free consultation: https://va-team.example/book',
    {},
    'virtual assistant offer, one link',
  ),
  quote(
    'missing',
    'Accounts Department',
    'billing@invoices-center.example',
    'Dear customer, please find your invoice INV-88213 attached. Payment of $1,480.00 is overdue. To avoid service interruption, pay now at https://secure-pay.example/inv/88213',
    {},
    'fake invoice, one link',
  ),
  quote(
    'missing',
    'Виктор',
    'viktor@example.net',
    'Продвижение сайта в ТОП Яндекса и Google. Гарантия результата, оплата за результат. Пишите: https://top-seo.example',
    {},
    'Russian SEO, продвижение сайта, one link',
  ),
  quote(
    'missing',
    'Марина',
    'marina@example.net',
    'Заработок в интернете от 5000 рублей в день без вложений! Подробности на сайте https://easy-money.example',
    {},
    'Russian заработок, one link',
  ),
  quote(
    'solved',
    'Сергей',
    'sergey@example.net',
    'Лучшее онлайн казино! Бонус 200% на первый депозит и 100 фриспинов. https://casino-ru.example',
    {},
    'Russian казино, one link, solved',
  ),
  quote(
    'missing',
    'Игорь',
    'igor@example.net',
    'Здравствуйте! Хотите больше клиентов? Настроим рекламу и продвижение вашего бизнеса. Звоните или пишите в Telegram.',
    {},
    'Russian продвижение, no link',
  ),
  quote(
    'missing',
    '张伟',
    'zhangwei@example.net',
    '澳门博彩官方网站，注册即送888元，每日返水，https://bet-cn.example 欢迎加入',
    {},
    'Chinese 博彩 gambling, one link',
  ),
  quote(
    'autofill',
    '王经理',
    'wangjl@example.net',
    '专业网络营销推广，SEO优化，快速提升网站排名，联系微信：seo888 https://yx-cn.example',
    {},
    'Chinese SEO marketing, one link, robot-fast',
  ),
  quote(
    'missing',
    'James Walker',
    'james.invest@example.net',
    'I am a Bitcoin investment manager. Invest $500 today and earn $7,500 in 7 days guaranteed. Contact me on Telegram for details.',
    {},
    'crypto investment manager, no link',
  ),
  quote(
    'solved',
    'Forex Team',
    'forex@example.net',
    'Start trading forex with our AI robot. 35% monthly profit, fully automated. Register now: https://fx-robot.example',
    {},
    'forex robot, one link, solved',
  ),
  quote(
    'missing',
    'Lena',
    'lena.hot@example.net',
    'Hot singles in your area want to meet you tonight! See my private photos: https://hot-dates.example',
    {},
    'adult dating, one link',
  ),
  quote(
    'missing',
    'Sexy Anna',
    'anna22@example.net',
    'Hi handsome, I am bored and lonely. Write me for sex chat and naughty pics https://adult-cam.example',
    {},
    'adult cam, one link',
  ),
  quote(
    'missing',
    'Crédito Fácil',
    'credito@example.net',
    'Préstamos personales de $5,000 a $50,000 sin aval y sin revisar buró. Depósito en 24 horas. Solicítalo ya por WhatsApp.',
    {},
    'Spanish loan offer, no link',
  ),
  quote(
    'solved',
    'Agencia Digital',
    'hola@agenciadigital.example',
    'Hola, encontré su sitio web y creo que podemos ayudarle a conseguir más clientes. Somos una agencia de marketing digital: posicionamiento SEO, diseño web y redes sociales. ¿Le interesa una llamada?',
    {},
    'Spanish marketing agency, no link, solved',
  ),
  quote(
    'missing',
    'Kevin Brooks',
    'kevin@leadflow.example',
    'Hi, we generate qualified B2B leads for event companies. 50 leads free trial. To unsubscribe from future messages, reply with "unsubscribe".',
    {},
    'leads offer, unsubscribe footer',
  ),
  quote(
    'missing',
    'Best SEO Service',
    'best.seo@example.net',
    'Best SEO Service',
    { address: 'Best SEO Service', services: 'Best SEO Service' },
    'same text in every field',
  ),
  quote(
    'missing',
    'Buy cheap followers',
    'followers@example.net',
    'Buy cheap followers https://followers.example',
    { address: 'Buy cheap followers https://followers.example' },
    'same text and link in three fields',
  ),
  quote(
    'missing',
    'https://rank-boost.example',
    'rank@example.net',
    'Boost your ranking today.',
    {},
    'a link as the name',
  ),
  quote(
    'solved',
    'SEO Expert Team',
    'seoexpert@example.net',
    'Dear Business Owner, we can increase your website traffic and sales with our affordable SEO services. Kindly reply for our packages.',
    {},
    'SEO services, company name, solved',
  ),
  quote(
    'missing',
    'Web Solutions',
    'info@example.net',
    'Your website looks outdated. We redesign websites starting at $299. https://web-solutions.example',
    { phone: 'Call now +1 555 0100 www.web-solutions.example' },
    'stuffed phone field, one link',
  ),
  quote(
    'autofill',
    'Emily Clark',
    'emily.video@example.net',
    'Hi, I came across your website and loved it. We make 60-second explainer videos that convert visitors into customers. Want to see some samples?',
    {},
    'explainer video outreach, robot-fast',
  ),
  quote(
    'missing',
    'Chris Evans',
    'chris@example.net',
    'Hello, I noticed your Google Business Profile has only a few reviews. We can get you 100+ five-star reviews. Interested? https://reviews.example',
    {},
    'Google reviews offer, one link',
  ),
  quote(
    'solved',
    'Michael Turner',
    'michael.t@example.net',
    'Hi, my name is Michael and I run a digital marketing agency. I came across your website and would love to help you grow your social media presence. Can we schedule a 15-minute call?',
    {},
    'social media outreach, no link, solved',
  ),
  quote(
    'missing',
    'Sophia',
    'sophia@example.net',
    'Dear Sir/Madam, we are manufacturers of custom printed face masks, tote bags and promotional products. Kindly send us your inquiry. Best price guaranteed.',
    {},
    'promotional products manufacturer, no link',
  ),
  application(
    'missing',
    'Amanda Green',
    'amanda@example.net',
    'Hi, I came across your website. Are you looking for a virtual assistant? I offer data entry, lead generation and social media management. Portfolio: https://va-amanda.example',
    {},
    'virtual assistant outreach in an application',
  ),
  application(
    'missing',
    'Дмитрий',
    'dmitry@example.net',
    'Работа на дому, заработок от 3000 в день. Пиши https://rabota.example',
    {},
    'Russian заработок in an application',
  ),
  quote(
    'missing',
    'Nick',
    'nick@example.net',
    'Unlock the power of AI for your business. Our chatbot answers customers 24/7. Free demo: https://ai-bot.example. To opt out of future emails, reply STOP.',
    {},
    'AI chatbot offer, reply STOP',
  ),
];
