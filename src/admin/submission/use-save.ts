import { useRef, useState } from 'react';
import { adminText } from '../../content/admin';
import { adminApi } from '../api';
import type { SubmissionDetail, UpdateSubmissionBody } from '../contract';

type SavedText = string | ((saved: SubmissionDetail) => string);

/**
 * Saves changes to a submission one after another (the last choice is the one kept), and says
 * politely whether each was saved. Nothing is disabled meanwhile: focus stays where it is.
 */
export function useSave(detail: SubmissionDetail, onChange: (detail: SubmissionDetail) => void) {
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  /** `savedText`: what to say once saved (from the saved submission, when it tells more). */
  function save(change: UpdateSubmissionBody, savedText: SavedText): Promise<boolean> {
    const run = queue.current.then(() => send(change, savedText));
    queue.current = run;
    return run;
  }

  async function send(change: UpdateSubmissionBody, savedText: SavedText): Promise<boolean> {
    setSaving(true);
    setMessage(undefined);
    try {
      const saved = await adminApi.update(detail.id, change);
      onChange(saved);
      setMessage({
        text: typeof savedText === 'string' ? savedText : savedText(saved),
        failed: false,
      });
      return true;
    } catch {
      setMessage({ text: adminText.submission.saveFailed, failed: true });
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { save, saving, message };
}
