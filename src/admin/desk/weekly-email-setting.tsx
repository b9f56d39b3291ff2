import { useState, type FormEvent } from 'react';
import { adminText } from '../../content/admin';
import { buttonClasses } from '../../components/button-link';
import { weeklyEmailApi } from '../api';
import type { WeeklyEmailSetting } from '../contract';
import { LanguageChoice } from '../shared/language-choice';
import { LoadFailed } from '../shared/load-failed';
import { useLoaded } from '../shared/use-loaded';

const text = adminText.weeklyEmail;
const LANGUAGES = ['en', 'es'] as const;

function SettingForm({ initial }: { initial: WeeklyEmailSetting }) {
  const [setting, setSetting] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setMessage(undefined);
    try {
      const saved = await weeklyEmailApi.set(setting);
      setSetting(saved);
      setMessage({
        text: saved.on ? text.savedOn(text.languages[saved.language]) : text.savedOff,
        failed: false,
      });
    } catch {
      setMessage({ text: text.saveFailed, failed: true });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-4">
      <div className="flex items-start gap-3">
        <input
          id="weekly-email-on"
          type="checkbox"
          checked={setting.on}
          aria-describedby="weekly-email-hint"
          onChange={(event) => setSetting({ ...setting, on: event.target.checked })}
          className="mt-0.5 size-6 shrink-0 accent-navy-800"
        />
        <div>
          <label htmlFor="weekly-email-on" className="font-semibold text-navy-950">
            {text.label}
          </label>
          <p id="weekly-email-hint" className="text-sm text-slate-700">
            {text.hint}
          </p>
        </div>
      </div>
      <LanguageChoice
        legend={text.language}
        name="weekly-email-language"
        languages={LANGUAGES}
        labels={text.languages}
        language={setting.language}
        onChoose={(language) => setSetting({ ...setting, language })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={saving} className={buttonClasses('secondary', 'md')}>
          {saving ? text.saving : text.save}
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

/** "This picture by e-mail": the signed-in account's weekly e-mail, on or off, and its language. */
export function WeeklyEmailSettingSection() {
  const { loaded, retry } = useLoaded((signal) => weeklyEmailApi.get(signal));
  return (
    <section
      aria-labelledby="weekly-email-heading"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="weekly-email-heading" className="text-xl font-bold">
        {text.heading}
      </h2>
      {loaded.status === 'loading' && <p className="text-slate-600">{text.loading}</p>}
      {(loaded.status === 'failed' || loaded.status === 'missing') && (
        <LoadFailed message={text.loadFailed} retry={text.retry} onRetry={retry} />
      )}
      {loaded.status === 'ready' && <SettingForm initial={loaded.value} />}
    </section>
  );
}
