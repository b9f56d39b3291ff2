import { applicationFormContent } from '../content/application-form';
import { formsContent } from '../content/forms';
import { NOTHING_PUBLISHED, type Content, type PublishedVersion } from '../content/published';
import { quoteFormContent } from '../content/quote-form';

/**
 * The schemas carry the code's messages (rules.ts): one schema for the browser and the server,
 * whatever is published. A page shows each message as the owner published it: found by its key
 * among the code's messages, and given as the version has it.
 */
const tables: readonly Content<Readonly<Record<string, unknown>>>[] = [
  (published) => quoteFormContent(published).quoteMessages,
  (published) => applicationFormContent(published).applicationMessages,
  (published) => formsContent(published).formText,
];

/** `message` (one of the code's) as `published` has it; unchanged when it is no known message. */
export function publishedMessage(message: string, published: PublishedVersion): string {
  if (published === NOTHING_PUBLISHED) return message;
  for (const table of tables) {
    const code = table(NOTHING_PUBLISHED);
    const key = Object.keys(code).find((name) => code[name] === message);
    if (key === undefined) continue;
    const value = table(published)[key];
    return typeof value === 'string' ? value : message;
  }
  return message;
}
