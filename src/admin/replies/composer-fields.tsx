import type { RefObject } from 'react';
import { Link } from 'react-router';
import { adminText } from '../../content/admin';
import { FieldFrame } from '../../components/form/field-frame';
import {
  ErrorBar,
  FieldError,
  FieldHint,
  FieldNote,
  controlClass,
} from '../../components/form/field-parts';
import { buttonClasses } from '../../components/button-link';
import { LanguageChoice } from '../shared/language-choice';
import { replyLanguages, type FilledTemplate, type ReplyLanguage } from '../contract';

const text = adminText.composer;

/** The reply's language: English or Spanish. */
export function ReplyLanguageChoice({
  language,
  onChoose,
}: {
  language: ReplyLanguage;
  onChoose: (language: ReplyLanguage) => void;
}) {
  return (
    <LanguageChoice
      legend={text.language}
      name="language"
      languages={replyLanguages}
      labels={text.languages}
      language={language}
      onChoose={onChoose}
    />
  );
}

/** The form's templates (the suggested one chosen first), or a word that it has none yet. */
export function TemplateChoice({
  templates,
  templateId,
  onChoose,
}: {
  templates: readonly FilledTemplate[];
  templateId: number | null;
  onChoose: (templateId: number | null) => void;
}) {
  if (templates.length === 0) {
    return (
      <p className="text-slate-700">
        {text.noTemplates}{' '}
        <Link to="/templates" className="font-semibold text-navy-700 underline">
          {text.templatesLink}
        </Link>
      </p>
    );
  }
  return (
    <FieldFrame id="reply-template" label={text.template}>
      {(control) => (
        <select
          {...control}
          required={false}
          value={templateId ?? ''}
          onChange={(event) =>
            onChoose(event.target.value === '' ? null : Number(event.target.value))
          }
          className={`${controlClass()} min-h-11 sm:max-w-md`}
        >
          <option value="">{text.noTemplate}</option>
          {templates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

const BODY = 'reply-body';

/**
 * The reply's text, growing with what is written, with what the owner should know before Send
 * tied to it: the template has no Spanish yet (its English is filled in), or their own text was
 * kept when they chose another template or language (and the way to replace it).
 */
export function BodyField({
  body,
  language,
  error,
  noSpanish,
  kept,
  onChange,
  onReplace,
  inputRef,
}: {
  body: string;
  language: ReplyLanguage;
  error: string | undefined;
  noSpanish: boolean;
  kept: { template: string; language: string } | undefined;
  onChange: (body: string) => void;
  onReplace: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const ids = {
    hint: `${BODY}-hint`,
    spanish: `${BODY}-spanish`,
    kept: `${BODY}-kept`,
    error: `${BODY}-error`,
  };
  const describedBy = [
    ids.hint,
    noSpanish && ids.spanish,
    kept && ids.kept,
    error && ids.error,
  ].filter(Boolean);
  return (
    <ErrorBar error={error}>
      <label htmlFor={BODY} className="block font-semibold text-navy-950">
        {text.body}
      </label>
      <FieldHint id={ids.hint} text={text.bodyHint} />
      {noSpanish && <FieldNote id={ids.spanish} text={text.noSpanish} />}
      {kept && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md bg-navy-50 px-3 py-2 text-sm text-navy-900">
          <p id={ids.kept}>{text.kept}</p>
          <button type="button" onClick={onReplace} className={buttonClasses('outline', 'md')}>
            {text.replace(kept.template, kept.language)}
          </button>
        </div>
      )}
      <textarea
        ref={inputRef}
        id={BODY}
        name="body"
        lang={language}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy.join(' ')}
        value={body}
        onChange={(event) => onChange(event.target.value)}
        rows={10}
        className={`${controlClass(error)} field-sizing-content min-h-60 resize-y`}
      />
      <FieldError id={ids.error} message={error} />
    </ErrorBar>
  );
}
