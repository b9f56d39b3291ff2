import { useState, type FormEvent } from 'react';
import { adminText } from '../../content/admin';
import { buttonClasses } from '../../components/button-link';
import { FieldFrame } from '../../components/form/field-frame';
import { controlClass } from '../../components/form/field-parts';
import { repliesApi } from '../api';
import { DISPLAY_NAME_MAX_LENGTH, displayNameSchema } from '../contract';

const text = adminText.templates;

/** "Your name in replies": what {owner} says in the replies this user sends. */
export function DisplayNameForm({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial ?? '');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();

  function check(typed: string): string | undefined {
    const parsed = displayNameSchema.safeParse({ displayName: typed });
    if (parsed.success) return undefined;
    return parsed.error.issues[0]?.code === 'too_big'
      ? text.displayNameTooLong(DISPLAY_NAME_MAX_LENGTH)
      : text.oneLine;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = check(value);
    setError(problem);
    if (problem) {
      document.getElementById('display-name')?.focus();
      return;
    }
    setSaving(true);
    setMessage(undefined);
    try {
      await repliesApi.setDisplayName({ displayName: value.trim() });
      setMessage({ text: text.displayNameSaved, failed: false });
    } catch {
      setMessage({ text: text.displayNameFailed, failed: true });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-5"
    >
      <FieldFrame
        id="display-name"
        label={text.displayName}
        hint={text.displayNameHint}
        optional
        error={error}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              if (error !== undefined) setError(check(event.target.value));
            }}
            className={`${controlClass(error)} min-h-11 sm:max-w-md`}
          />
        )}
      </FieldFrame>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={saving} className={buttonClasses('secondary', 'md')}>
          {text.displayNameSave}
        </button>
        <p
          role="status"
          className={`text-sm font-semibold ${message?.failed ? 'text-red-700' : 'text-green-800'}`}
        >
          {message?.text ?? ''}
        </p>
      </div>
    </form>
  );
}
