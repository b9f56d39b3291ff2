import { useState } from 'react';
import { adminText } from '../content/admin';
import { adminApi } from './api';
import type { SubmissionDetail, UpdateSubmissionBody } from './contract';

/** Saves a change to a submission, and says (politely) whether it was saved. */
export function useSave(detail: SubmissionDetail, onChange: (detail: SubmissionDetail) => void) {
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();

  async function save(change: UpdateSubmissionBody, savedText: string): Promise<boolean> {
    setSaving(true);
    setMessage(undefined);
    try {
      onChange(await adminApi.update(detail.id, change));
      setMessage({ text: savedText, failed: false });
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
