import { applicationMessages } from '../../src/content/application-form.ts';
import { applicationMessages as esApplicationMessages } from '../../src/content/es/application-form.ts';
import { formText as esFormText } from '../../src/content/es/forms.ts';
import { quoteMessages as esQuoteMessages } from '../../src/content/es/quote-form.ts';
import { formText } from '../../src/content/forms.ts';
import { applyFields, type PublishedContent } from '../../src/content/published.ts';
import { quoteMessages } from '../../src/content/quote-form.ts';
import { limits } from '../../src/forms/rules.ts';

/**
 * The forms' messages in the page's language. The receiver checks a post with the browser's own
 * schemas, which carry the code's English words (the Spanish build swaps its content modules, the
 * server cannot); a post without JavaScript is answered with the page of its language, so each
 * message is found by its key in the English texts and given in the language asked for, as the
 * owner published it (`content`, server/site/) or else as the code has it.
 */

export type PageLanguage = 'en' | 'es';

interface MessageTable {
  /** The content part (`editable('quote.messages', …)`), whose published fields are `<part>/<key>`. */
  part: string;
  words: Record<PageLanguage, Readonly<Record<string, unknown>>>;
}

const tables: readonly MessageTable[] = [
  { part: 'quote.messages', words: { en: quoteMessages, es: esQuoteMessages } },
  { part: 'application.messages', words: { en: applicationMessages, es: esApplicationMessages } },
  { part: 'forms', words: { en: formText, es: esFormText } },
];

const textForms = { en: formText, es: esFormText };

/** One message (the code's English) in `language`; unchanged when it is no known message. */
function translated(message: string, language: PageLanguage, content: PublishedContent): string {
  for (const { part, words } of tables) {
    const key = Object.keys(words.en).find((name) => words.en[name] === message);
    if (key === undefined) continue;
    const published = applyFields(part, words[language], content[language] ?? {});
    const value = published[key];
    return typeof value === 'string' ? value : message;
  }
  // 'Must be 200 characters or fewer': the one message with a number in it.
  const max = Object.values(limits).find((limit) => formText.tooLong(limit) === message);
  return max === undefined ? message : textForms[language].tooLong(max);
}

/** Field → message, each message in `language` (see above). */
export function messagesIn(
  errors: Readonly<Record<string, string>>,
  language: PageLanguage,
  content: PublishedContent = {},
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      translated(message, language, content),
    ]),
  );
}
