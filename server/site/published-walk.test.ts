import { existsSync } from 'node:fs';
import path from 'node:path';
import { homeContent } from '../../src/content/home.ts';
import { DEFAULT_OPENING_HOURS } from '../../src/content/opening-hours.ts';
import { homeContent as esHomeContent } from '../../src/content/es/home.ts';
import {
  CONTENT_ELEMENT_ID,
  NOTHING_PUBLISHED,
  type PublishedVersion,
} from '../../src/content/published.ts';
import { parsePhone, type FieldNode, type LeafMeta } from '../../src/content/site-fields.ts';
import { siteParts } from '../../src/content/site-parts.ts';
import { defaultStored } from '../../src/content/site-values.ts';
import { acknowledgementMail } from '../mail/mail-text.ts';
import { storedSubmission } from '../testing/fixtures.ts';
import { applicationFormContent } from '../../src/content/application-form.ts';
import { formsContent } from '../../src/content/forms.ts';
import { quoteFormContent } from '../../src/content/quote-form.ts';
import { applicationFormFields } from '../../src/forms/application.ts';
import type { PostedForm } from '../../src/forms/posted.ts';
import { quoteFormFields } from '../../src/forms/quote.ts';
import { messagesIn } from '../intake/form-messages.ts';
import { formAnswerRenderer } from './form-answers.ts';
import { renderSite } from './render.ts';
import { runtimeContent } from './site-content.ts';
import type { SiteFields } from './site-store.ts';

/**
 * Every field the site editor offers reaches the site: each leaf of every part (site-parts.ts) is
 * published with a value of its own, the whole site is made by the publish's renderer (the build's
 * render-site.js, as a publish makes it), and each value is looked for where it belongs: the
 * documents, head and JSON-LD of both languages (a text in its own language, a fact in both), and
 * the acknowledgement for the business facts it names.
 */

const built = path.resolve(process.env.BUILD_DIR ?? 'build', 'server');
const renderer = path.join(built, 'render-site.js');

interface Leaf {
  key: string;
  meta: LeafMeta;
  /** The value the owner publishes (as stored), and what each language's pages then show. */
  stored: unknown;
  shows: { en: string; es: string };
}

/** Each of `node`'s leaves, the lists walked item by item as the code has them. */
function leavesOf(
  node: FieldNode,
  stored: unknown,
  at: string[],
): { path: string[]; meta: LeafMeta }[] {
  if (node.type === 'leaf') return [{ path: at, meta: node.meta }];
  if (node.type === 'group') {
    return Object.entries(node.children).flatMap(([key, child]) =>
      leavesOf(child, (stored as Record<string, unknown> | undefined)?.[key], [...at, key]),
    );
  }
  const count = Array.isArray(stored) ? stored.length : node.min;
  return Array.from({ length: count }, (_, index) =>
    leavesOf(node.item, (stored as unknown[] | undefined)?.[index], [...at, String(index)]),
  ).flat();
}

const ratingLabel = (rating: number) => ({
  en: homeContent(NOTHING_PUBLISHED).references.testimonials.ratingLabel(rating, 5),
  es: esHomeContent(NOTHING_PUBLISHED).references.testimonials.ratingLabel(rating, 5),
});

/** A value of `meta`'s kind that nothing else on the site holds, and what the pages show of it. */
function valueFor(meta: LeafMeta, n: number, code: unknown): Omit<Leaf, 'key' | 'meta'> {
  const same = (value: string) => ({ en: value, es: value });
  const fact = (value: string) => ({ stored: value, shows: same(value) });
  switch (meta.kind) {
    case 'text':
      return {
        stored: { en: `Wen${n}q`, es: `Wes${n}q` },
        shows: { en: `Wen${n}q`, es: `Wes${n}q` },
      };
    case 'name':
      return fact((meta.max ?? 80) < 6 ? 'ZQ' : `Wna${n}q`);
    case 'phone': {
      const phone = parsePhone(`202-555-${2000 + n}`);
      return { stored: phone, shows: same(phone?.display ?? '') };
    }
    case 'email':
      return fact(`walk${n}@walk.example`);
    case 'link':
      return fact(`https://walk${n}.example/page`);
    case 'siteUrl':
      return fact('https://walk-site.example');
    case 'figure':
      return fact(`W${n}f`);
    case 'year':
      return { stored: 1931, shows: same('1931') };
    case 'time':
      // Opens in the morning, closes in the evening: a schedule that closes after it opens.
      return fact(String(code) < '12:00' ? `07:${10 + (n % 49)}` : `19:${10 + (n % 49)}`);
    case 'icon': {
      const options = meta.options ?? [];
      const icon = options[(options.indexOf(String(code)) + 1) % options.length] ?? '';
      return { stored: icon, shows: same(`lucide-${icon}`) };
    }
    case 'rating': {
      const rating = 1 + (n % 4);
      return { stored: rating, shows: ratingLabel(rating) };
    }
    case 'openingHours': {
      // Saturday opens: the site lists it, and the structured data states its times.
      const week = DEFAULT_OPENING_HOURS.map((day) =>
        day.day === 'Saturday' ? { ...day, open: true, opens: '10:17', closes: '14:43' } : day,
      );
      return { stored: week, shows: same('14:43') };
    }
    case 'closedDays':
      // A closed date: the structured data names it (specialOpeningHoursSpecification).
      return { stored: [{ date: '2031-07-09', note: '' }], shows: same('2031-07-09') };
    case 'photo': {
      const src = `/media/walk${n}-640.webp`;
      const image = { sources: { webp: `${src} 640w` }, img: { src, w: 640, h: 480 } };
      return {
        stored: { mediaId: 'abcdef0123456789', image, focus: { x: 13, y: 87 } },
        shows: same(src),
      };
    }
  }
}

/** Every leaf of every part, each with a value of its own. */
function everyLeaf(): Leaf[] {
  let n = 0;
  return siteParts.flatMap((part) => {
    const code = part.en === undefined ? undefined : defaultStored(part.node, part.en, part.es);
    return leavesOf(part.node, code, []).map(({ path: at, meta }) => {
      const codeValue = at.reduce<unknown>(
        (value, key) => (value as Record<string, unknown> | undefined)?.[key],
        code,
      );
      n += 1;
      return { key: `${part.id}/${at.join('.')}`, meta, ...valueFor(meta, n, codeValue) };
    });
  });
}

const CARRIED_VERSION = new RegExp(
  `<script type="application/json" id="${CONTENT_ELEMENT_ID}">.*?</script>`,
  'gs',
);

/** The text files of each language's documents (head, JSON-LD and pages included). */
async function renderedText(published: PublishedVersion) {
  const files = await renderSite(published, { renderer, timeoutMs: 120_000 });
  const text = { en: '', es: '' };
  for (const [sitePath, file] of files) {
    if (!/\.(html|xml|txt)$/.test(sitePath)) continue;
    // What the document carries for React (the version's values, all of them) is not what it shows.
    const shown = file.body.toString('utf8').replace(CARRIED_VERSION, '');
    if (sitePath.startsWith('es/')) text.es += shown;
    else text.en += shown;
  }
  return text;
}

/**
 * The pages a form sent without JavaScript is answered with (the no-script answer worker): for each
 * of the form's messages, the form again with that message (under the field it is named after);
 * and the confirmation. Where a form's messages, confirmation and next steps show.
 */
async function answerText(published: PublishedVersion) {
  const answers = formAnswerRenderer({ renderer: path.join(built, 'render-form-answer.js') });
  const forms = [
    {
      form: 'quote',
      fields: quoteFormFields,
      messages: quoteFormContent(NOTHING_PUBLISHED).quoteMessages,
    },
    {
      form: 'application',
      fields: applicationFormFields,
      messages: applicationFormContent(NOTHING_PUBLISHED).applicationMessages,
    },
  ] as const;
  const { formText } = formsContent(NOTHING_PUBLISHED);
  const text = { en: '', es: '' };
  try {
    for (const { form, fields, messages } of forms) {
      const shown: Record<string, string>[] = [
        ...Object.entries(messages).map(([key, message]) => ({
          [[...fields].reverse().find((field) => key.startsWith(field)) ?? fields[0]]: message,
        })),
        { [fields[0]]: formText.invalidOption },
      ];
      for (const language of ['en', 'es'] as const) {
        const pages: PostedForm[] = [
          ...shown.map((errors) => ({
            form,
            sent: false,
            values: {},
            errors: messagesIn(errors, language, published),
          })),
          { form, sent: true, values: {}, errors: {} },
        ];
        for (const page of pages) text[language] += await answers.render(page, language, published);
      }
    }
  } finally {
    await answers.close?.();
  }
  return text;
}

/** Fields no document shows, each with why. Everything else is found where it belongs. */
const SHOWN_NOWHERE: readonly string[] = [
  // The alert a failed send of the quote shows (quote-form.tsx): drawn by script, in no document.
  'quote.form/sendError',
  // The résumé's Remove button: drawn by script once a file is chosen.
  'application.form/resume.remove',
  // The notice of a failed send of the application (send-failure.tsx): drawn by script.
  'application.form/sendError.title',
  'application.form/sendError.message',
  'application.form/sendError.phone.label',
].flatMap((key) => [`${key} (en)`, `${key} (es)`]);

describe('every field the editor offers reaches the site', () => {
  const leaves = everyLeaf();
  const fields: SiteFields = Object.fromEntries(leaves.map((leaf) => [leaf.key, leaf.stored]));
  const published = runtimeContent(fields, 7);

  it('walks every part', () => {
    expect(new Set(leaves.map((leaf) => leaf.key.split('/')[0]))).toEqual(
      new Set(siteParts.map((part) => part.id)),
    );
    expect(leaves.length).toBeGreaterThan(300);
  });

  it('finds each published value in the documents of both languages', async () => {
    expect(existsSync(renderer), `the publish's renderer (${renderer}): npm run build`).toBe(true);
    const [documents, answers] = await Promise.all([
      renderedText(published),
      answerText(published),
    ]);
    const missingIn = (text: { en: string; es: string }, among: readonly Leaf[]) =>
      among.filter((leaf) =>
        (['en', 'es'] as const).some((language) => !text[language].includes(leaf.shows[language])),
      );
    const first = missingIn(
      { en: documents.en + answers.en, es: documents.es + answers.es },
      leaves,
    );
    // A text the code writes into others (a claim in a page's introduction) shows through them:
    // published alone, as an owner would, so that the others follow it.
    const alone = runtimeContent(
      Object.fromEntries(first.map((leaf) => [leaf.key, leaf.stored])),
      8,
    );
    const second = await renderedText(alone);
    const missing = missingIn(second, first).flatMap((leaf) =>
      (['en', 'es'] as const)
        .filter((language) => !second[language].includes(leaf.shows[language]))
        .map((language) => `${leaf.key} (${language})`),
    );
    expect(missing).toEqual(SHOWN_NOWHERE);
  }, 180_000);

  it("writes the acknowledgement with the business's published phones, WhatsApp and name", () => {
    const facts = Object.fromEntries(
      leaves.filter((leaf) => leaf.key.startsWith('business/')).map((leaf) => [leaf.key, leaf]),
    );
    const office = facts['business/phones.office']?.stored as { e164: string } | undefined;
    for (const siteLanguage of ['en', 'es'] as const) {
      const mail = acknowledgementMail(
        storedSubmission({ form: 'quote', siteLanguage }),
        published,
      );
      expect(mail.text).toContain(facts['business/phones.direct']?.shows.en);
      expect(mail.text).toContain(facts['business/phones.office']?.shows.en);
      expect(mail.text).toContain(`https://wa.me/${office?.e164.slice(1)}`);
      expect(mail.text).toContain(facts['business/name']?.shows.en);
      expect(mail.subject).toContain(facts['business/name']?.shows.en);
    }
  });
});
