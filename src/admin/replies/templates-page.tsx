import { useState } from 'react';
import { Plus } from 'lucide-react';
import { adminText } from '../../content/admin';
import { buttonClasses } from '../../components/button-link';
import { ApiError, repliesApi } from '../api';
import {
  REPLY_PLACEHOLDERS,
  replyForms,
  type ReplyForm,
  type ReplyTemplateBody,
  type ReplyTemplates,
} from '../contract';
import { LoadFailed } from '../shared/load-failed';
import { DisplayNameForm } from './display-name-form';
import { TemplateCard } from './template-card';
import { PageHeading } from '../shared/page-heading';
import { useLoaded } from '../shared/use-loaded';

const text = adminText.templates;

function useTemplates() {
  return useLoaded(() => repliesApi.templates());
}

function saveFailure(error: unknown): string {
  return error instanceof ApiError && error.status === 400 ? text.saveRefused : text.saveFailed;
}

/** The words in braces a body may use, each with what it fills in. */
function Placeholders() {
  return (
    <section
      aria-labelledby="placeholders-heading"
      className="rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id="placeholders-heading" className="text-xl font-bold">
        {text.placeholders}
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {REPLY_PLACEHOLDERS.map((placeholder) => (
          <div key={placeholder} className="contents">
            <dt className="font-mono font-semibold text-navy-900">{`{${placeholder}}`}</dt>
            <dd className="mb-2 text-slate-800 sm:mb-0">{text.placeholder[placeholder]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One form's templates, and a new one being written. */
function FormTemplates({
  form,
  templates,
  onChange,
  onAnnounce,
}: {
  form: ReplyForm;
  templates: ReplyTemplates;
  onChange: (templates: ReplyTemplates) => void;
  onAnnounce: (message: { text: string; failed: boolean }) => void;
}) {
  const [adding, setAdding] = useState(false);
  const mine = templates.templates.filter((template) => template.form === form);
  const headingId = `templates-${form}-heading`;

  async function save(id: number | undefined, body: ReplyTemplateBody) {
    const next = await (id === undefined
      ? repliesApi.addTemplate(body)
      : repliesApi.updateTemplate(id, body));
    onChange(next);
    return next;
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold">
        {text.forms[form]}
      </h2>
      {mine.length === 0 && !adding && <p className="text-slate-700">{text.none}</p>}
      {mine.map((template) => (
        <TemplateCard
          key={template.id}
          form={form}
          template={template}
          onSave={(body) => save(template.id, body)}
          onDelete={async () => {
            try {
              onChange(await repliesApi.deleteTemplate(template.id));
              onAnnounce({ text: text.deleted(template.name), failed: false });
            } catch {
              onAnnounce({ text: text.deleteFailed, failed: true });
            }
          }}
          failureOf={saveFailure}
        />
      ))}
      {adding ? (
        <TemplateCard
          form={form}
          onSave={async (body) => {
            const next = await save(undefined, body);
            setAdding(false);
            onAnnounce({ text: text.saved, failed: false });
            return next;
          }}
          onCancel={() => setAdding(false)}
          failureOf={saveFailure}
        />
      ) : (
        <button
          type="button"
          onClick={() => setAdding(true)}
          className={buttonClasses('outline', 'md')}
        >
          <Plus aria-hidden="true" className="size-4" />
          {text.add(text.forms[form])}
        </button>
      )}
    </section>
  );
}

/** #/templates: the reply templates of each form, and the user's name in replies. */
export function TemplatesPage() {
  const { loaded, retry, set } = useTemplates();
  const [announced, setAnnounced] = useState<{ text: string; failed: boolean }>();
  return (
    <div className="space-y-6">
      <PageHeading
        title={text.title}
        heading={text.heading}
        back={{ to: '/', label: text.back }}
        intro={text.intro}
      />
      <p
        role="status"
        className={`font-semibold empty:hidden ${announced?.failed ? 'text-red-700' : 'text-green-800'}`}
      >
        {announced?.text ?? ''}
      </p>
      {loaded.status === 'loading' && <p className="text-slate-600">{adminText.loading}</p>}
      {loaded.status === 'failed' && (
        <LoadFailed message={text.loadFailed} retry={text.retry} onRetry={retry} />
      )}
      {loaded.status === 'ready' && (
        <>
          <DisplayNameForm initial={loaded.value.displayName} />
          <Placeholders />
          {replyForms.map((form) => (
            <FormTemplates
              key={form}
              form={form}
              templates={loaded.value}
              onChange={set}
              onAnnounce={setAnnounced}
            />
          ))}
        </>
      )}
    </div>
  );
}
