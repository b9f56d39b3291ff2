import { useState, type FormEvent } from 'react';
import { buttonClasses } from '../../components/button-link';
import { controlClass } from '../../components/form/field-parts';
import { adminText } from '../../content/admin';
import { NOTE_MAX_LENGTH, type SubmissionDetail } from '../contract';
import { SaveMessage } from './save-message';
import { useSave } from './use-save';

const text = adminText.submission;

export function NoteEditor({
  detail,
  onChange,
}: {
  detail: SubmissionDetail;
  onChange: (detail: SubmissionDetail) => void;
}) {
  const [note, setNote] = useState(detail.note);
  const { save, message } = useSave(detail, onChange);

  function submit(event: FormEvent) {
    event.preventDefault();
    void save({ note }, text.noteSaved);
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
      <label htmlFor="submission-note" className="block text-xl font-bold text-navy-950">
        {text.note}
      </label>
      <p id="submission-note-hint" className="text-sm text-slate-600">
        {text.noteHint}
      </p>
      <textarea
        id="submission-note"
        rows={4}
        value={note}
        maxLength={NOTE_MAX_LENGTH}
        onChange={(event) => setNote(event.target.value)}
        aria-describedby="submission-note-hint"
        className={`${controlClass()} resize-y`}
      />
      <button type="submit" className={buttonClasses('secondary', 'md')}>
        {text.saveNote}
      </button>
      <SaveMessage message={message} />
    </form>
  );
}
