/**
 * How likely a submission is spam: a pure function of what the receiver knows about the post (its
 * proof of work, how soon after the challenge it came, the spam trap) and what it says. Each
 * signal adds its weight and names itself by a reason code; the inbox shows the codes in words
 * (src/content/admin.ts). Measured on a labelled corpus (spam-corpus/, server/guard/README.md).
 *
 * Two kinds of signal. What a real client may show (no script, an autofilled form, a name with
 * inner capitals, a few links to the venue) is weak: all of them together stay under the
 * threshold. What marks spam on its own is only what robots and spammers do and clients do not:
 * a forged or reused proof, the filled trap, a farm of 12 links or more, forum or HTML link code,
 * a long text pasted again and again. A sales pitch (phrases no event client writes: backlinks,
 * guaranteed returns, продвижение, 博彩…), counted only in a message that says nothing of an
 * event (but for the few no client writes at all), weighs under the threshold: it bins a post
 * only with a link, no proof, an autofill speed or a second pitch phrase (an opener such as 'I
 * came across your website' is none). So do a link as the name and the name pasted into other
 * fields.
 */

/** The proof of work as the receiver found it (server/guard/proof-of-work.ts). */
export type ProofOfWork =
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'replayed' }
  | { kind: 'valid'; issuedAt: number };

/**
 * Every code a stored row may carry, in the order scores list them. Some are no longer given but
 * rows scored before keep them, with the meaning they had then: 'links' (3 or 4 links, maps
 * counted), 'many-links' (5 links or more),
 * 'spam-words' (two words of a list that held words clients use), 'foreign-script' (a Cyrillic
 * or Chinese name is a customer).
 */
export const spamReasons = [
  'honeypot',
  'pow-missing',
  'pow-invalid',
  'pow-replayed',
  'too-fast',
  'links',
  'link-list',
  'many-links',
  'link-farm',
  'link-markup',
  'random-name',
  'gibberish',
  'keyboard-mash',
  'repeated-text',
  'spam-words',
  'sales-pitch',
  'pitch-link',
  'pitch-phrases',
  'foreign-link',
  'name-link',
  'name-repeated',
  'foreign-script',
] as const;
export type SpamReason = (typeof spamReasons)[number];

/** At or above this score a submission goes to Spam. */
export const SPAM_THRESHOLD = 5;

const WEIGHTS: Record<SpamReason, number> = {
  // A robot's, each enough on its own.
  honeypot: SPAM_THRESHOLD,
  'pow-invalid': SPAM_THRESHOLD,
  'pow-replayed': SPAM_THRESHOLD,
  // What a real client may show: together at most 1 + 1 + 1 + 1 = 4, under the threshold
  // (reference codes read as gibberish, a Vietnamese name without its accents as random).
  'pow-missing': 1,
  'too-fast': 1,
  'random-name': 1,
  gibberish: 1,
  'link-list': 1,
  // A message of random letters only: with no proof and a random name, Spam.
  'keyboard-mash': 3,
  // What link robots paste and clients do not: each enough on its own.
  'link-farm': SPAM_THRESHOLD,
  'link-markup': SPAM_THRESHOLD,
  'repeated-text': SPAM_THRESHOLD,
  // A pitch's phrases: under the threshold alone, Spam with a link or without the proof.
  'sales-pitch': SPAM_THRESHOLD - 1,
  'pitch-link': 1,
  // A second, different pitch phrase: two make a pitch, Spam on their own.
  'pitch-phrases': 1,
  // A message mostly in another alphabet with a link, sent without the proof (counted only
  // then, and in place of 'link-list'): a Russian or Chinese client's venue links stay under (1 + 3).
  'foreign-link': 3,
  // A web address as the name; the name pasted into two more fields: Spam with one more sign.
  'name-link': SPAM_THRESHOLD - 1,
  'name-repeated': SPAM_THRESHOLD - 1,
  // No longer given (rows scored before keep them).
  links: 0,
  'many-links': 0,
  'spam-words': 0,
  'foreign-script': 0,
};

/** The signals a real client may show at once; their sum must stay under the threshold. */
export const CLIENT_SIGNALS = [
  ['pow-missing', 'too-fast'],
  ['random-name'],
  ['gibberish'],
  ['link-list'],
] as const satisfies readonly (readonly SpamReason[])[];

export function weightOf(reason: SpamReason): number {
  return WEIGHTS[reason];
}

/** Sent sooner than this after the challenge was issued: an autofilled form, or a robot. */
export const TOO_FAST_MS = 3_000;
/** A venue, its parking page, a few inspiration pictures: a client's links. */
const SOME_LINKS = 3;
/** A farm: more than any client's message about one event holds (a Pinterest list is 8–10). */
export const LINK_FARM = 12;

export interface SpamInput {
  proofOfWork: ProofOfWork;
  /** When the post arrived (ms since the epoch). */
  at: number;
  /** The submission's fields as stored. */
  fields: Record<string, unknown>;
  /** The sender's name as typed. */
  name?: string | undefined;
  /** The spam trap (`_gotcha`) was filled: no person sees it. */
  honeypot?: boolean | undefined;
  /** The business's own hosts: links to them are not counted. */
  ownHosts?: readonly string[] | undefined;
}

export interface SpamScore {
  score: number;
  reasons: SpamReason[];
  spam: boolean;
}

/** Every text of the fields, lists included. */
function texts(fields: Record<string, unknown>): string[] {
  return Object.values(fields).flatMap((value) =>
    typeof value === 'string'
      ? [value]
      : Array.isArray(value)
        ? value.filter((item): item is string => typeof item === 'string')
        : [],
  );
}

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"()\]]+|\[url[=\]]|<a\s+href/giu;
/**
 * BBCode and HTML links: pasted by link-farm robots, never typed in a plain text box. A Markdown
 * link ('[The Wharf](https://…)') is not one: Notion, Slack and Docs paste it.
 */
const LINK_MARKUP = /\[url[=\]]|\[link[=\]]|<a\s+href/iu;
/** A map's link: where the event is, never a signal. */
const MAP_LINK =
  /^(?:https?:\/\/)?(?:www\.)?(?:maps\.(?:google|apple|app\.goo)\.|goo\.gl\/maps|google\.[a-z.]+\/maps|waze\.com)/iu;

/**
 * The links a text holds, maps and the business's own site (`ownHosts`, e.g. 'example.com') left
 * out: a client who links the venue's map or our own page is not advertising.
 */
export function countLinks(text: string, ownHosts: readonly string[] = []): number {
  return (text.match(LINK) ?? []).filter((link) => {
    if (MAP_LINK.test(link)) return false;
    const host = /^(?:https?:\/\/)?([^/?#:]+)/iu.exec(link)?.[1]?.toLowerCase() ?? '';
    return !ownHosts.some((own) => host === own || host.endsWith(`.${own}`));
  }).length;
}

/** Words without accents: 'Nguyễn' is 'Nguyen'. */
function plainWords(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .match(/\p{L}+/gu) ?? []
  );
}

const KEYBOARD_RUN = /qwert|asdfg|zxcvb|hjkl|yxcv|poiuy|lkjh|mnbv/i;

/** 'DeLaCruz', 'McDonald', 'MacArthur': capitalised parts, each a syllable or more. */
function isCapitalisedParts(word: string): boolean {
  const parts = word.match(/[A-Z][a-z]*/g) ?? [];
  return (
    parts.join('') === word &&
    parts.every((part) => part.length >= 2 && /[aeiouy]/i.test(part.slice(part === 'Mc' ? 0 : 1)))
  );
}

/** One Latin word that no parent (nor dictionary) gave. */
function isRandomWord(word: string): boolean {
  if (!/^[A-Za-z]+$/.test(word) || word.length < 4) return false;
  if (!/[aeiouy]/i.test(word)) return true;
  if (/[b-df-hj-np-tv-xz]{6,}/i.test(word)) return true;
  if (KEYBOARD_RUN.test(word)) return true;
  const innerCapitals = word.slice(1).match(/[A-Z]/g)?.length ?? 0;
  return innerCapitals >= 2 && /[a-z]/.test(word) && !isCapitalisedParts(word);
}

/**
 * A name that no parent gave: a word of letters with no vowel at all, a run of six consonants, a
 * run of keys, or capitals scattered inside a word ('xJkqPzvRt'). Accents count as their letter
 * (José Ñúñez is a name); McDonald, DeLaCruz and MacArthur are names; other scripts are not read.
 */
export function isRandomName(name: string): boolean {
  return plainWords(name).some(isRandomWord);
}

/** Letters of scripts other than Latin (Cyrillic, CJK, Arabic…). Kept for the inbox's old rows. */
export function foreignLetters(text: string): number {
  return text.match(/(?!\p{Script=Latin})\p{L}/gu)?.length ?? 0;
}

/** Text of random letters: at least three such words of five letters or more, a third of them. */
export function isGibberish(text: string): boolean {
  const words = plainWords(text.replace(LINK, ' ')).filter((word) => word.length >= 5);
  const random = words.filter(isRandomWord).length;
  return random >= 3 && random * 3 >= words.length;
}

/**
 * Nothing but random letters: four or more words of five letters or more, and nearly every word
 * of three letters or more (4 in 5) random. A client's reference codes come among words.
 */
export function isKeyboardMash(text: string): boolean {
  const words = plainWords(text.replace(LINK, ' ')).filter((word) => word.length >= 3);
  const random = words.filter(isRandomWord);
  return (
    random.filter((word) => word.length >= 5).length >= 4 && random.length * 5 >= words.length * 4
  );
}

/** Shorter texts are filler a person may well repeat ('None at this time', 'Bartender 6pm-11pm'). */
export const REPEATED_MIN = 40;

/** How many times each key came, counted as they come. */
function counter() {
  const counts = new Map<string, number>();
  return (key: string) => {
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count;
  };
}

/**
 * A whole text of 60 characters or more that is one phrase six times or more and nothing else
 * ('buy now buy now …'); a client's 'Thank you! Thank you! Thank you!' is not.
 */
const ONLY_REPEATS = /^(.{2,60}?)(?:[\s.,;!?]+\1){5,}[\s.,;!?]*$/su;
const ONLY_REPEATS_MIN = 60;

/**
 * One text of `REPEATED_MIN` characters or more, identical, three times (in three fields, or as
 * three lines of one), or a text of 60 or more that is one phrase six times and nothing else:
 * pasted, not written.
 */
export function isRepeated(values: readonly string[]): boolean {
  const more = counter();
  const long = (text: string) => text.length >= REPEATED_MIN;
  const same = values.map((value) =>
    value
      .trim()
      .toLowerCase()
      .replace(/[ \t]+/gu, ' '),
  );
  if (same.filter(long).some((value) => more(`value:${value}`) >= 3)) return true;
  if (same.some((value) => value.length >= ONLY_REPEATS_MIN && ONLY_REPEATS.test(value))) {
    return true;
  }
  return same.some((value) => {
    const inner = counter();
    return value
      .split(/[\n.!?]+/u)
      .map((line) => line.trim())
      .some((line) => long(line) && inner(line) >= 3);
  });
}

/**
 * Phrases of a sales pitch that an event's client does not write: what SEO and marketing sellers,
 * app and outsourcing shops, fake invoices, crypto schemes, casinos, adult sites and lenders say
 * (English, Spanish, Russian, Chinese), each a family counted once. Words a client may use about
 * their event (a casino night, an SEO team, a bitcoin conference, a pharmacy gala, WhatsApp,
 * préstamo, a first deposit, an invoice attached, рекламу, 推广) are not here; and a message that
 * speaks of an event (`EVENT_WORDS`) is no pitch but for `UNMISTAKABLE`.
 */
const PITCH_PHRASES: readonly RegExp[] = [
  /\bback-?links?\b|\bguest posts?\b|\bdomain authority\b/,
  /first page of google|google'?s? first page|page one of google|primera página de google/,
  /\brank(?:ing|s)? (?:higher|better|on google)|\brank your (?:site|website)|could rank better|search (?:engine )?rankings?\b/,
  /\b(?:offer|provide) (?:you )?our (?:seo|marketing|web design|digital marketing) services\b/,
  /\bseo (?:services?|experts?|team|packages?)\b|\baffordable seo\b|\bdigital marketing agency\b|\bagencia de marketing digital\b|\bposicionamiento seo\b|\bsearch engine (?:marketing|optimi[sz]ation)\b/,
  /\bincrease your (?:website )?(?:traffic|sales|visibility)|\bwebsite traffic\b|\bqualified (?:b2b )?leads\b|\bmissing out on leads\b/,
  /\bweb design (?:and development )?(?:company|services|agency)\b|\bmobile apps?\b.*\b(?:affordable|prices?|portfolio)\b|\bwebsites? (?:looks? outdated|redesign)|\bredesign (?:your )?websites?\b|\bnew website design\b/s,
  /\bour virtual assistants\b|\b(?:need|looking for) a virtual assistant\b|\bexplainer videos?\b|\bgoogle business profile\b|\bsocial media (?:presence|management)\b/,
  /\binvoice\b.*\bpay now\b|\bavoid service interruption\b/s,
  /\bguaranteed (?:returns?|profits?)\b|\binversi[oó]n garantizada\b|\bdouble your (?:btc|bitcoin|money|crypto)|\b\d+% (?:monthly )?profit\b|\bganancias garantizadas\b/,
  /\bpassive income\b|\bearn (?:from|with) crypto\b|\bgana dinero\b/,
  /\bforex\b|\b(?:bitcoin|crypto) investment\b|\bcrypto trading platform\b|\bbinary options?\b|\bsignals group\b|\bdaily signals\b/,
  /\bairdrop\b|\byour (?:bitcoin|crypto|btc) wallet\b|\bpending withdrawal\b|\bconnect your wallet\b|\bclaim your tokens\b/,
  /\bonline casino\b|\bfree spins\b|\bcasino bonus\b/,
  /\bviagra\b|\bcialis\b|\bonline pharmacy\b|\bpharmacy online\b|\bcheap pills\b|\bno prescription\b/,
  /\bpayday loans?\b|\bsin bur[oó]\b|\bpr[eé]stamos (?:r[aá]pidos|personales)\b|\bsin aval\b/,
  /\bhot singles\b|\bsex chat\b|\bnaughty\b|\bprivate photos\b|\badult cam|\bvisit my profile\b/,
  /\bwholesale prices\b|\baccepting new vendors\b|\bbest price guaranteed\b|\bwe are (?:a )?manufacturers? of\b/,
  /\bbusinesses like yours\b|\bappointments (?:a|per) month\b|\bno upfront cost\b/,
  /\bour (?:ai )?chatbot\b|\bpower of ai for your business\b/,
  /\bwe sell\b.*\b(?:links|traffic|followers|reviews)\b|\bbuy cheap followers\b/s,
  /продвижени|заработок (?:в интернете|онлайн|(?:от|до) \d)|онлайн[- ]казино|казино онлайн|на ставки|ставки на спорт|букмекер|фриспин|без вложений/u,
  /博彩|赌场|注册即送|返水|网络营销/u,
];

/**
 * Pitch families no client writes even about their own event (backlinks, the first page of
 * Google, guaranteed returns, a casino bonus, viagra, payday loans): counted even in a message
 * that names an event, so a pitch aimed at an event business ('your event staffing website is not
 * on the first page of Google') is still heard. A client's own trade (an SEO firm's party, a
 * bitcoin conference, a casino night, a pharmacy gala) is not here.
 */
const UNMISTAKABLE: readonly RegExp[] = [
  /\bback-?links?\b|\bdomain authority\b|first page of google|google'?s? first page|page one of google|primera página de google/,
  /\bguaranteed (?:returns?|profits?)\b|\binversi[oó]n garantizada\b|\bdouble your (?:btc|bitcoin|money|crypto)|\bganancias garantizadas\b/,
  /\bcasino bonus\b|\bfree spins\b|\bonline casino\b/,
  /\bviagra\b|\bcialis\b|\bcheap pills\b|\bno prescription\b/,
  /\bpayday loans?\b/,
];

/**
 * Words of an event, in the languages the clients write: a message that holds one is a client's,
 * whatever else it says ('our digital marketing agency's holiday party, 60 guests'), unless the
 * pitch is one of `UNMISTAKABLE`.
 */
const EVENT_WORDS =
  /\b(?:guests?(?! posts?\b)|weddings?|party|parties|bartenders?|waiters?|waitstaff|servers?|staff|staffing|events?|reception|receptions|banquet|gala|catering|celebration|ceremony|conference|meeting|luncheon|fundraiser|reunion|retreat|holiday|offsite|embassy|bachelorette|bridal|shower|quincea[nñ]era|birthday|anniversary|graduation|memorial|dinner|lunch|brunch|cocktails?|venue|restaurants?|hotel|hospitality|restaurante|bodas?|fiestas?|invitados|meseros?|cumpleaños|recepción|eventos?|conferencia|embajada)\b|свадьб|гост|официант|бармен|банкет|праздник|прием|ресторан|мероприяти|вечеринк|корпоратив|юбиле|ужин|фуршет|婚礼|年会|宴会|服务员|调酒师|派对|餐厅|酒店|活动|聚会|会议/iu;

/**
 * A seller's words that hold an event word but name no client's event: the business's own line
 * ('your event staffing website', 'event companies'), the call a pitch asks for ('schedule a
 * 15-minute meeting'), the seller's own team ('our staff of SEO experts').
 */
const SELLERS_WORDS =
  /\byour (?:[\w-]+ ){0,3}(?:website|site|business|company|agency|page|listing|services?)\b|\b(?:events?|staffing|catering|hospitality) (?:companies|businesses|agencies|firms|planners)\b|\b(?:schedule|book|set up|arrange|have|hop on) a (?:quick |short |brief |\d+-minute )?(?:call or (?:a )?)?meeting\b|\bour staff (?=of|will|can|is|are)\b/giu;

/**
 * How a pitch opens or closes ('I came across your website', 'a free audit', 'click here',
 * 'reply STOP'): a client may write one alone, so on its own it counts nothing; beside a phrase of
 * `PITCH_PHRASES` in a message that speaks of no event it is the pitch's second sign.
 */
const PITCH_OPENERS: readonly RegExp[] = [
  /\bi (?:saw|came across|visited|noticed|found|was (?:checking out|on|looking at)) your (?:website|site)\b|\bcame across your (?:website|site)\b|\bencontr[eé] su (?:sitio|p[aá]gina)|\bvimos su p[aá]gina/,
  /\bfree (?:seo )?(?:audit|proposal|consultation|demo|trial)\b|\b15-minute call\b/,
  /\bunsubscribe\b|\breply (?:with )?"?stop\b|\bopt out of future\b|\bhear from us again\b/,
  /\bclick here\b|\border now\b|\bbuy now\b|\blimited (?:time )?offer\b|\bact now\b|\bjoin now\b|\bregister now\b|\bconfirm here\b|\breceive (?:the )?funds\b/,
  /\b(?:send|see) (?:you )?(?:a few |some )?samples\b|\bsend you our portfolio\b/,
  /\bwould you be interested in\b|\bare you (?:interested in|looking for)\b|\bno obligation\b/,
];

/** Whether a text holds an opener of a pitch (`PITCH_OPENERS`). */
export function pitchOpener(text: string): boolean {
  const lower = text.toLowerCase();
  return PITCH_OPENERS.some((opener) => opener.test(lower));
}

/** The free messages of the forms (the other fields are choices, names, numbers). */
const MESSAGE_FIELDS = ['additionalInfo', 'previousExperience'] as const;

/** Whether a text speaks of an event (not of 'your event staffing website'). */
export function aboutAnEvent(text: string): boolean {
  return EVENT_WORDS.test(text.replace(SELLERS_WORDS, ' '));
}

/**
 * How many pitch families a text holds: those of `PITCH_PHRASES` when it speaks of no event,
 * only the `UNMISTAKABLE` ones when it does. What a client may also write alone ('I came across
 * your website', 'a free consultation', 'send some samples', 'unsubscribe') is never counted.
 */
export function spamTerms(text: string, event = aboutAnEvent(text)): number {
  const lower = text.toLowerCase();
  return (event ? UNMISTAKABLE : PITCH_PHRASES).filter((term) => term.test(lower)).length;
}

/** Letters of the text in other scripts than Latin, and in Latin. */
function mostlyForeign(text: string): boolean {
  const plain = text.replace(LINK, ' ');
  const latin = plain.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return foreignLetters(plain) > latin;
}

/** The name is a web address ('https://rank-boost.example', 'www.x.example'). */
function isLinkName(name: string | undefined): boolean {
  return name !== undefined && /(?:https?:\/\/|www\.)\S/iu.test(name);
}

/** The fields that hold the name, and the e-mail (which starts with a first name by nature). */
const OWN_FIELDS: ReadonlySet<string> = new Set(['clientName', 'fullName', 'email']);

/**
 * The name pasted into two more fields ('Best SEO Service' as the name, the address and the
 * message), the name and e-mail fields left out: as the whole text, or as its start when the name
 * is two words of 8 characters or more. A first name that opens a message and an address ('Maria
 * from the Embassy of Peru…', 'Laura Residence') is not repeated; a form's filler is not the name.
 */
export function isNameRepeated(name: string | undefined, fields: Record<string, unknown>): boolean {
  const own = name?.trim().toLowerCase() ?? '';
  if (own.length < 4) return false;
  const long = own.length >= 8 && /\s/u.test(own);
  const others = texts(
    Object.fromEntries(Object.entries(fields).filter(([key]) => !OWN_FIELDS.has(key))),
  ).map((value) => value.trim().toLowerCase());
  return others.filter((value) => value === own || (long && value.startsWith(own))).length >= 2;
}

function proofReasons(proof: ProofOfWork, at: number): SpamReason[] {
  switch (proof.kind) {
    case 'missing':
      return ['pow-missing'];
    case 'invalid':
      return ['pow-invalid'];
    case 'replayed':
      return ['pow-replayed'];
    case 'valid':
      return at - proof.issuedAt < TOO_FAST_MS ? ['too-fast'] : [];
  }
}

/** What the text says: its links, its words, its repeats. */
function contentReasons(input: SpamInput, all: readonly string[]): SpamReason[] {
  const text = all.join('\n');
  const links = countLinks(text, input.ownHosts ?? []);
  const found: SpamReason[] = [];
  if (links >= LINK_FARM) found.push('link-farm');
  else if (links >= SOME_LINKS) found.push('link-list');
  if (LINK_MARKUP.test(text)) found.push('link-markup');
  if (all.some(isKeyboardMash)) found.push('keyboard-mash');
  else if (all.some(isGibberish)) found.push('gibberish');
  if (isRepeated(all)) found.push('repeated-text');
  const message = MESSAGE_FIELDS.map((key) => input.fields[key])
    .filter((value): value is string => typeof value === 'string')
    .join('\n');
  const event = aboutAnEvent(message);
  const terms = spamTerms(text, event);
  if (terms >= 1) {
    found.push('sales-pitch');
    if (links >= 1) found.push('pitch-link');
    if (terms >= 2 || (!event && pitchOpener(text))) found.push('pitch-phrases');
  }
  const foreign = mostlyForeign(message || text) && !aboutAnEvent(message);
  if (input.proofOfWork.kind === 'missing' && links >= 1 && foreign) {
    // The links are this sign's own: a Russian client's three venue links without script stay
    // at 1 + 3, not 1 + 3 + 1.
    found.push('foreign-link');
    const list = found.indexOf('link-list');
    if (list >= 0) found.splice(list, 1);
  }
  if (isLinkName(input.name)) found.push('name-link');
  if (isNameRepeated(input.name, input.fields)) found.push('name-repeated');
  return found;
}

/** The submission's score, its reasons (in the order of `spamReasons`), and whether it is spam. */
export function spamScore(input: SpamInput): SpamScore {
  const all = texts(input.fields);
  const found = new Set<SpamReason>([
    ...proofReasons(input.proofOfWork, input.at),
    ...contentReasons(input, all),
  ]);
  if (input.honeypot) found.add('honeypot');
  // A web address as the name is 'name-link', not also random letters ('https', 'www').
  if (input.name !== undefined && isRandomName(input.name.replace(LINK, ' '))) {
    found.add('random-name');
  }
  const reasons = spamReasons.filter((reason) => found.has(reason));
  const score = reasons.reduce((sum, reason) => sum + WEIGHTS[reason], 0);
  return { score, reasons, spam: score >= SPAM_THRESHOLD };
}
