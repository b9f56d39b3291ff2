import { createContext, useContext } from 'react';
import type { PostedForm } from './posted';

/** The posted form a server render answers (none in the browser: a post's answer runs no script). */
export const PostedFormContext = createContext<PostedForm | undefined>(undefined);

export function usePostedForm(): PostedForm | undefined {
  return useContext(PostedFormContext);
}
