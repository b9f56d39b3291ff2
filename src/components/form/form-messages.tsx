import { useCallback, type ReactNode } from 'react';
import { usePublished } from '../../content/use-content';
import { MessageWords, publishedMessage, type MessageTable } from '../../forms/published-message';

/** The messages of the fields inside, worded as the page's version has them. */
export function FormMessages({
  messages,
  children,
}: {
  messages: MessageTable;
  children: ReactNode;
}) {
  const published = usePublished();
  const words = useCallback(
    (message: string) => publishedMessage(message, [messages], published),
    [messages, published],
  );
  return <MessageWords value={words}>{children}</MessageWords>;
}
