import { partOf, type SitePart } from '../../../content/site-parts';
import { defaultStored } from '../../../content/site-values';
import type { SiteFields } from '../../site-contract';
import {
  addItem,
  emptyValue,
  moveItem,
  newItemId,
  removeItem,
  setValue,
  valueAt,
} from './copy-edits';
import {
  buildWorkingCopy,
  changedKeys,
  draftFields,
  partFields,
  type WorkingCopy,
} from './working-copy';

function part(id: string): SitePart {
  const found = partOf(id);
  if (!found) throw new Error(`No part ${id}`);
  return found;
}

const services = part('home.services');
const business = part('business');
const codeOf = (p: SitePart) => defaultStored(p.node, p.en, p.es);

interface Card {
  icon: string;
  title: { en: string; es: string; enAt?: number };
  features: { en: string; es: string }[];
}
const codeCards = (codeOf(services) as { cards: Card[] }).cards;
const card = (index: number): Card => {
  const found = codeCards[index];
  if (!found) throw new Error(`No card ${index}`);
  return found;
};

const copyOf = (p: SitePart, fields: SiteFields = {}) => buildWorkingCopy(p, codeOf(p), fields);
const cardsOf = (copy: WorkingCopy) => valueAt(copy.value, ['cards']) as Card[];
const saved = (p: SitePart, copy: WorkingCopy, fields: SiteFields = {}) =>
  draftFields([{ part: p, copy }], fields);

describe('buildWorkingCopy', () => {
  it("is the code's content where the draft has nothing", () => {
    const copy = copyOf(business);
    expect(copy.value).toStrictEqual(codeOf(business));
    expect(copy.ids.social).toStrictEqual(['d0', 'd1', 'd2']);
    expect(partFields(business, copy)).toStrictEqual({});
  });

  it("applies the draft's fields: a fact, a text in a list's item, a whole nested list", () => {
    const title = { en: 'Bartenders', es: 'Bármanes', enAt: 1, esAt: 2 };
    const features = [{ en: 'Cocktails', es: 'Cócteles' }];
    const copy = copyOf(services, {
      'home.services/cards.0.title': title,
      'home.services/cards.1.features': features,
      'business/email': 'not this part@example.com',
    });
    expect(cardsOf(copy)[0]?.title).toStrictEqual(title);
    expect(cardsOf(copy)[1]?.features).toStrictEqual(features);
    expect(cardsOf(copy)[2]).toStrictEqual(card(2));
    // The list the draft holds whole is marked so; the others are the code's items in place.
    expect(copy.ids['cards.1.features']).toStrictEqual(['w0']);
    expect(copy.ids.cards).toStrictEqual(['d0', 'd1', 'd2', 'd3']);
    expect(copy.ids['cards.0.features']).toStrictEqual(['d0', 'd1', 'd2', 'd3']);
  });

  it('applies a whole list before a field inside it', () => {
    const cards = [card(1), card(0)];
    const copy = copyOf(services, {
      'home.services/cards.0.icon': 'users',
      'home.services/cards': cards,
    });
    expect(cardsOf(copy).map((c) => c.icon)).toStrictEqual(['users', card(0).icon]);
  });
});

describe('draftFields: only what differs from the code', () => {
  it('sends a changed fact at its key, and nothing once it is back to the code', () => {
    const edited = setValue(copyOf(business), ['email'], 'hello@potomac.example');
    expect(saved(business, edited)).toStrictEqual({ 'business/email': 'hello@potomac.example' });
    const back = setValue(edited, ['email'], 'bookings@example.com');
    expect(saved(business, back, { 'business/email': 'hello@potomac.example' })).toStrictEqual({});
  });

  it('sends a translated text with when each language was written', () => {
    const value = { ...card(0).title, en: 'Waiters', enAt: 100 };
    const copy = setValue(copyOf(services), ['cards', '0', 'title'], value);
    expect(saved(services, copy)).toStrictEqual({ 'home.services/cards.0.title': value });
  });

  it("does not send a text whose words are the code's, whenever they were written", () => {
    const copy = setValue(copyOf(services), ['title'], {
      ...(codeOf(services) as { title: object }).title,
      enAt: 5,
      esAt: 6,
    });
    expect(saved(services, copy)).toStrictEqual({});
  });

  it("sends an edit inside an unmoved list's item by index", () => {
    const copy = setValue(copyOf(services), ['cards', '2', 'icon'], 'users');
    expect(saved(services, copy)).toStrictEqual({ 'home.services/cards.2.icon': 'users' });
  });

  it('sends the whole list once an item moved (values without ids)', () => {
    const copy = moveItem(copyOf(services), ['cards'], 2, 1);
    expect(copy.ids.cards).toStrictEqual(['d0', 'd2', 'd1', 'd3']);
    expect(saved(services, copy)).toStrictEqual({
      'home.services/cards': [card(0), card(2), card(1), card(3)],
    });
  });

  it('sends leaves again, not the list, once the item is moved back', () => {
    let copy = moveItem(copyOf(services), ['cards'], 0, 1);
    copy = setValue(copy, ['cards', '1', 'icon'], 'users');
    copy = moveItem(copy, ['cards'], 1, 0);
    expect(saved(services, copy, { 'home.services/cards': [card(1), card(0)] })).toStrictEqual({
      'home.services/cards.0.icon': 'users',
    });
  });

  it('sends the whole list after a removal, and drops the fields inside it', () => {
    const draft = { 'home.services/cards.3.icon': 'users' };
    const copy = removeItem(copyOf(services, draft), ['cards'], 0);
    expect(saved(services, copy, draft)).toStrictEqual({
      'home.services/cards': [card(1), card(2), { ...card(3), icon: 'users' }],
    });
  });

  it('sends the whole list after an addition', () => {
    const sample = card(0);
    const item = emptyValue(nodeOfCards(), sample);
    const copy = addItem(copyOf(services), ['cards'], item, newItemId());
    const sent = saved(services, copy)['home.services/cards'] as Card[];
    expect(sent).toHaveLength(5);
    expect(sent.slice(0, 4)).toStrictEqual(codeCards);
    expect(sent[4]).toStrictEqual({
      icon: sample.icon,
      title: { en: '', es: '' },
      description: { en: '', es: '' },
      features: [{ en: '', es: '' }],
    });
  });

  it('keeps a nested list whole when its card moves away and back', () => {
    let copy = addItem(copyOf(services), ['cards', '1', 'features'], { en: 'A', es: 'B' }, 'n-x');
    copy = moveItem(copy, ['cards'], 1, 0);
    // The ids of the lists inside the cards moved with them.
    expect(copy.ids['cards.0.features']).toStrictEqual([
      ...card(1).features.map((_, index) => `d${index}`),
      'n-x',
    ]);
    expect(copy.ids['cards.1.features']).toStrictEqual(card(0).features.map((_, i) => `d${i}`));
    copy = moveItem(copy, ['cards'], 0, 1);
    expect(saved(services, copy)).toStrictEqual({
      'home.services/cards.1.features': [...card(1).features, { en: 'A', es: 'B' }],
    });
  });

  it('keeps a list the draft held whole, unless it is the code again', () => {
    const whole = [card(1), card(0), card(2), card(3)];
    const draft = { 'home.services/cards': whole };
    expect(saved(services, copyOf(services, draft), draft)).toStrictEqual(draft);
    const same = { 'home.services/cards': codeCards };
    expect(saved(services, copyOf(services, same), same)).toStrictEqual({});
  });

  it("keeps the fields the owner did not touch: another part's, an unknown key, this part's", () => {
    const draft: SiteFields = {
      'business/email': 'hello@potomac.example',
      'home.services/eyebrow': { en: 'Our staff', es: 'Nuestro personal', enAt: 1 },
      'home.hero/eyebrow': { en: 'Hi', es: 'Hola' },
      'gone/field': 'kept as it was',
    };
    const copy = setValue(copyOf(services, draft), ['cards', '0', 'icon'], 'users');
    expect(saved(services, copy, draft)).toStrictEqual({
      ...draft,
      'home.services/cards.0.icon': 'users',
    });
  });
});

describe("draftFields over another editor's newer draft", () => {
  it('writes only the fields the owner changed; theirs stay, even in the same part', () => {
    const loaded: SiteFields = { 'business/name': 'Potomac Events' };
    const theirs: SiteFields = {
      'business/name': 'Potomac Events',
      'business/email': 'theirs@potomac.example',
      'home.hero/eyebrow': { en: 'Hi', es: 'Hola' },
    };
    const copy = setValue(copyOf(business, loaded), ['legalName'], 'Potomac Events LLC');
    expect(draftFields([{ part: business, copy }], loaded, theirs)).toStrictEqual({
      ...theirs,
      'business/legalName': 'Potomac Events LLC',
    });
  });

  it('drops a field the owner set back to the code, even if theirs has it', () => {
    const loaded: SiteFields = { 'business/name': 'Potomac Events' };
    const theirs: SiteFields = {
      'business/name': 'Potomac Events',
      'business/email': 'x@y.example',
    };
    const copy = setValue(copyOf(business, loaded), ['name'], 'Potomac Staffing');
    expect(draftFields([{ part: business, copy }], loaded, theirs)).toStrictEqual({
      'business/email': 'x@y.example',
    });
  });
});

describe('changedKeys', () => {
  it('lists the keys whose values differ, in either set', () => {
    const a = { x: { a: 1, b: [1, 2] }, y: 'same', z: 1 };
    const b = { x: { b: [1, 2], a: 1 }, y: 'same', w: 2 };
    expect(changedKeys(a, b).sort()).toStrictEqual(['w', 'z']);
  });
});

function nodeOfCards() {
  if (services.node.type !== 'group') throw new Error('Not a group');
  const cards = services.node.children.cards;
  if (cards?.type !== 'list') throw new Error('Not a list');
  return cards.item;
}
