import { applicationFormContent } from '../../src/content/application-form.ts';
import { applicationFormContent as esApplicationFormContent } from '../../src/content/es/application-form.ts';
import { formsContent as esFormsContent } from '../../src/content/es/forms.ts';
import { quoteFormContent as esQuoteFormContent } from '../../src/content/es/quote-form.ts';
import { formsContent } from '../../src/content/forms.ts';
import {
  NOTHING_PUBLISHED,
  type Content,
  type PublishedVersion,
} from '../../src/content/published.ts';
import { quoteFormContent } from '../../src/content/quote-form.ts';
import { limits } from '../../src/forms/rules.ts';

/**
 * The forms' messages in the page's language. The receiver checks a post with the browser's own
 * schemas, which carry the code's English words (the Spanish build swaps its content modules, the
 * server cannot); a post without JavaScript is answered with the page of its language, so each
 * message is found by its key in the English texts and given in the language asked for, as the
 * owner published it (the live version, server/site/) or else as the code has it.
 */

export type PageLanguage = 'en' | 'es';

type Messages = Readonly<Record<string, unknown>>;

/** One table of messages in each language, as a version has it. */
const tables: readonly Record<PageLanguage, Content<Messages>>[] = [
  {
    en: (published) => quoteFormContent(published).quoteMessages,
    es: (published) => esQuoteFormContent(published).quoteMessages,
  },
  {
    en: (published) => applicationFormContent(published).applicationMessages,
    es: (published) => esApplicationFormContent(published).applicationMessages,
  },
  {
    en: (published) => formsContent(published).formText,
    es: (published) => esFormsContent(published).formText,
  },
];

/** One message (the code's English) in `language`; unchanged when it is no known message. */
function translated(message: string, language: PageLanguage, published: PublishedVersion): string {
  for (const table of tables) {
    const code = table.en(NOTHING_PUBLISHED);
    const key = Object.keys(code).find((name) => code[name] === message);
    if (key === undefined) continue;
    const value = table[language](published)[key];
    return typeof value === 'string' ? value : message;
  }
  // 'Must be 200 characters or fewer': the one message with a number in it.
  const { formText } = formsContent(NOTHING_PUBLISHED);
  const max = Object.values(limits).find((limit) => formText.tooLong(limit) === message);
  const words = language === 'es' ? esFormsContent(published) : formsContent(published);
  return max === undefined ? message : words.formText.tooLong(max);
}

/** Field → message, each message in `language` (see above). */
export function messagesIn(
  errors: Readonly<Record<string, string>>,
  language: PageLanguage,
  published: PublishedVersion,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      translated(message, language, published),
    ]),
  );
}
