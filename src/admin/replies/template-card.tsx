import { useId, useState, type FormEvent } from 'react';
import { Languages } from 'lucide-react';
import { adminText } from '../../content/admin';
import { buttonClasses } from '../../components/button-link';
import { FieldFrame } from '../../components/form/field-frame';
import { controlClass } from '../../components/form/field-parts';
import type { ReplyForm, ReplyTemplate, ReplyTemplateBody, ReplyTemplates } from '../contract';
import { formatTime } from '../shared/format';
import { checkTemplate, type TemplateErrors } from './template-check';

const text = adminText.templates;

export function MissingSpanish() {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-md border border-amber-700 bg-amber-50 px-2 py-0.5 text-sm font-semibold text-amber-900">
      <Languages aria-hidden="true" className="size-4 shrink-0" />
      {text.missingSpanish}
    </span>
  );
}

interface TemplateCardProps {
  form: ReplyForm;
  /** Undefined: a new one, not saved yet. */
  template?: ReplyTemplate;
  /** Saves (POST or PUT); resolves with the templates as the server then has them. */
  onSave: (body: ReplyTemplateBody) => Promise<ReplyTemplates>;
  onDelete?: () => Promise<void>;
  onCancel?: () => void;
  /** Why the last save failed, in words, from the error. */
  failureOf: (error: unknown) => string;
}

function TextBox(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  lang: 'en' | 'es';
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FieldFrame
      id={props.id}
      label={props.label}
      hint={props.hint}
      optional={props.lang === 'es'}
      error={props.error}
    >
      {(control) => (
        <textarea
          {...control}
          lang={props.lang}
          rows={8}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          className={`${controlClass(props.error)} field-sizing-content min-h-40 resize-y`}
        />
      )}
    </FieldFrame>
  );
}

/** Delete, asked twice: the question, then 'Yes, delete it' or Cancel. */
function DeleteControl({ name, onDelete }: { name: string; onDelete: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const questionId = useId();
  if (!asking) {
    return (
      <button
        type="button"
        onClick={() => setAsking(true)}
        className={buttonClasses('outline', 'md')}
      >
        {text.delete}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={questionId} className="flex flex-wrap items-center gap-3">
      <p id={questionId} className="font-semibold text-red-800">
        {text.confirmDelete(name)}
      </p>
      <button
        type="button"
        autoFocus
        disabled={deleting}
        onClick={() => {
          setDeleting(true);
          void onDelete().finally(() => setDeleting(false));
        }}
        className="inline-flex min-h-11 items-center rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
      >
        {deleting ? text.deleting : text.confirmDeleteButton}
      </button>
      <button
        type="button"
        onClick={() => setAsking(false)}
        className={buttonClasses('outline', 'md')}
      >
        {text.cancel}
      </button>
    </div>
  );
}

/** A template's fields as typed, checked with replyTemplateSchema, and its save. */
function useTemplateEditor(
  prefix: string,
  form: ReplyForm,
  template: ReplyTemplate | undefined,
  onSave: TemplateCardProps['onSave'],
  failureOf: TemplateCardProps['failureOf'],
) {
  const [body, setBody] = useState<ReplyTemplateBody>({
    form,
    name: template?.name ?? '',
    bodyEn: template?.bodyEn ?? '',
    bodyEs: template?.bodyEs ?? '',
  });
  const [errors, setErrors] = useState<TemplateErrors>();
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean }>();

  function change(next: Partial<ReplyTemplateBody>) {
    setBody((now) => ({ ...now, ...next }));
    if (!errors) return;
    const checked = checkTemplate({ ...body, ...next });
    setErrors('errors' in checked ? checked.errors : {});
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkTemplate(body);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = (['name', 'bodyEn', 'bodyEs'] as const).find((field) => checked.errors[field]);
      document.getElementById(`${prefix}-${first ?? 'name'}`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    setMessage(undefined);
    try {
      await onSave(checked.ok);
      setMessage({ text: text.saved, failed: false });
    } catch (error) {
      setMessage({ text: failureOf(error), failed: true });
    } finally {
      setSaving(false);
    }
  }

  return { body, errors, saving, message, change, save };
}

function SaveMessages({ message }: { message: { text: string; failed: boolean } | undefined }) {
  return (
    <>
      {message?.failed && (
        <p
          role="alert"
          className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-800"
        >
          {message.text}
        </p>
      )}
      <p role="status" className="text-sm font-semibold text-green-800 empty:hidden">
        {message && !message.failed ? message.text : ''}
      </p>
    </>
  );
}

/**
 * One template: its name and its English and Spanish side by side (stacked on a phone), checked
 * with the server's own schema before it goes; a failed save keeps every character typed.
 */
export function TemplateCard(props: TemplateCardProps) {
  const { form, template, onDelete, onCancel } = props;
  const prefix = useId();
  const editor = useTemplateEditor(prefix, form, template, props.onSave, props.failureOf);
  const { body, errors } = editor;
  return (
    // An article, not a named form: a named form is a landmark, and two templates may share a
    // name ('Thank you, not now' for quotes and for applications); landmarks must not.
    <article
      aria-labelledby={`${prefix}-title`}
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <form noValidate onSubmit={(event) => void editor.save(event)} className="space-y-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={`${prefix}-title`} className="text-lg font-bold break-words">
            {template?.name ?? text.newTemplate}
          </h3>
          {body.bodyEs.trim() === '' && <MissingSpanish />}
        </div>
        {template && (
          <p className="text-sm text-slate-600">
            {text.changed(template.updatedBy, formatTime(template.updatedAt))}
          </p>
        )}
        <FieldFrame id={`${prefix}-name`} label={text.name} error={errors?.name}>
          {(control) => (
            <input
              {...control}
              autoFocus={!template}
              type="text"
              value={body.name}
              onChange={(event) => editor.change({ name: event.target.value })}
              className={`${controlClass(errors?.name)} min-h-11 sm:max-w-md`}
            />
          )}
        </FieldFrame>
        <div className="grid gap-4 lg:grid-cols-2">
          <TextBox
            id={`${prefix}-bodyEn`}
            label={text.english}
            hint={text.englishHint}
            value={body.bodyEn}
            lang="en"
            error={errors?.bodyEn}
            onChange={(value) => editor.change({ bodyEn: value })}
          />
          <TextBox
            id={`${prefix}-bodyEs`}
            label={text.spanish}
            hint={text.spanishHint}
            value={body.bodyEs}
            lang="es"
            error={errors?.bodyEs}
            onChange={(value) => editor.change({ bodyEs: value })}
          />
        </div>
        <SaveMessages message={editor.message} />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={editor.saving}
            className={buttonClasses('secondary', 'md')}
          >
            {editor.saving ? text.saving : text.save}
          </button>
          {onCancel && (
            <button type="button" onClick={onCancel} className={buttonClasses('outline', 'md')}>
              {text.cancel}
            </button>
          )}
          {onDelete && template && <DeleteControl name={template.name} onDelete={onDelete} />}
        </div>
      </form>
    </article>
  );
}
