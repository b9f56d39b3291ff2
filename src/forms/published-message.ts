import { createContext } from 'react';
import { formsContent } from '../content/forms';
import { NOTHING_PUBLISHED, type Content, type PublishedVersion } from '../content/published';

/**
 * The schemas carry the code's messages (rules.ts): one schema for the browser and the server,
 * whatever is published. A form shows each message as the owner published it: found by its key
 * among the code's messages of the form's own tables, and given as the version has it. Each form
 * names its own table (FormShell's `messages`), so that a form page loads no other form's words.
 */
export type MessageTable = Content<Readonly<Record<string, unknown>>>;

/** The messages both forms share (a wrong option, text too long). */
const sharedTable: MessageTable = (published) => formsContent(published).formText;

/** `message` (one of the code's in `tables`) as `published` has it; any other as it is. */
export function publishedMessage(
  message: string,
  tables: readonly MessageTable[],
  published: PublishedVersion,
): string {
  if (published === NOTHING_PUBLISHED) return message;
  for (const table of [...tables, sharedTable]) {
    const code = table(NOTHING_PUBLISHED);
    const key = Object.keys(code).find((name) => code[name] === message);
    if (key === undefined) continue;
    const value = table(published)[key];
    return typeof value === 'string' ? value : message;
  }
  return message;
}

/** How the form around a field words its messages (FormShell provides it); outside one, as is. */
export const MessageWords = createContext<(message: string) => string>((message) => message);
