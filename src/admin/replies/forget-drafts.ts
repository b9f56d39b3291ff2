/**
 * Where an unsent reply waits in this tab (sessionStorage) while the owner looks elsewhere, and
 * forgetting it: apart from the composer (composer-draft.ts), so that signing out, in the inbox's
 * first script, does not bring the composer's schemas with it.
 */
const DRAFT_PREFIX = 'reply-draft:';
export const draftKey = (id: string) => `${DRAFT_PREFIX}${id}`;

/** Forgets one submission's unsent reply (after Send), or every one (at sign-out). */
export function forgetReplyDrafts(id?: string) {
  try {
    const keys = id === undefined ? Object.keys(sessionStorage) : [draftKey(id)];
    for (const key of keys) if (key.startsWith(DRAFT_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}
