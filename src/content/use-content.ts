/**
 * The published version a React tree shows, given once at its root: src/main.tsx reads it from
 * the document it hydrates, src/entry-server.tsx takes it from whoever renders (the build, the
 * publish's worker). A component asks for the content modules it needs:
 * `const { company } = useContent(companyContent)`.
 */
import { createContext, use } from 'react';
import { NOTHING_PUBLISHED, type Content, type PublishedVersion } from './published.ts';

/** Without a provider (a component's unit test): the code's content. */
export const PublishedContext = createContext<PublishedVersion>(NOTHING_PUBLISHED);

export function useContent<T>(content: Content<T>): T {
  return content(use(PublishedContext));
}

/** The version itself, for code that passes it on (a form's schema, a helper outside React). */
export function usePublished(): PublishedVersion {
  return use(PublishedContext);
}
