import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LoaderCircle, Send } from 'lucide-react';
import { adminText } from '../../content/admin';
import { buttonClasses } from '../../components/button-link';
import { FieldFrame } from '../../components/form/field-frame';
import { controlClass } from '../../components/form/field-parts';
import { repliesApi } from '../api';
import type { ReplyComposer } from '../contract';
import { replySentState } from '../shared/reply-sent';
import {
  checkDraft,
  forgetReplyDrafts,
  useComposerDraft,
  type DraftErrors,
} from './composer-draft';
import { BodyField, ReplyLanguageChoice, TemplateChoice } from './composer-fields';
import { sendFailure } from './send-failure';

const text = adminText.composer;

type Draft = ReturnType<typeof useComposerDraft>;

/** Send: checked with sendReplySchema, posted, then back to the submission saying so. */
function useSend(id: string, to: string, draft: Draft) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<DraftErrors>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  // After the first Send, each change checks again (as the site's forms do).
  function recheck(next: Partial<{ subject: string; body: string }>) {
    if (!errors) return;
    const checked = checkDraft({ ...draft.body(), ...next });
    setErrors('errors' in checked ? checked.errors : {});
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const checked = checkDraft(draft.body());
    if ('errors' in checked) {
      setErrors(checked.errors);
      (checked.errors.subject ? subjectRef : bodyRef).current?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    setFailure(undefined);
    try {
      await repliesApi.send(id, checked.ok);
      forgetReplyDrafts(id);
      // In the composer's place: Back then leads where the owner came from, not to a fresh
      // composer that a tap would send a second time.
      void navigate(`/submissions/${encodeURIComponent(id)}`, {
        state: replySentState(to),
        replace: true,
      });
    } catch (error) {
      setFailure(sendFailure(error));
      setSending(false);
    }
  }

  return { errors, failure, sending, subjectRef, bodyRef, recheck, send };
}

const SEND_NOTE = 'reply-send-note';

/**
 * Why Send failed, then Send itself, kept at the bottom of a phone's screen (a thumb's reach),
 * with what the owner must know at that moment: the reply would go in English to a Spanish reader.
 */
function SendBar({
  failure,
  sending,
  note,
}: {
  failure: string | undefined;
  sending: boolean;
  note: string | undefined;
}) {
  return (
    <>
      {failure && (
        <p
          role="alert"
          className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-semibold text-red-800"
        >
          {failure}
        </p>
      )}
      <div className="sticky bottom-0 -mx-4 border-t border-slate-200 bg-slate-50/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
        {note && (
          <p id={SEND_NOTE} className="mb-2 text-sm font-semibold text-amber-900">
            {note}
          </p>
        )}
        <button
          type="submit"
          aria-describedby={note ? SEND_NOTE : undefined}
          disabled={sending}
          className={`${buttonClasses('secondary', 'lg')} w-full sm:w-auto`}
        >
          {sending ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-5" />
          )}
          {sending ? text.sending : text.send}
        </button>
      </div>
    </>
  );
}

/** The visitor's address, read only. */
function ToField({ to }: { to: string }) {
  return (
    <div className="flex items-center gap-3">
      <label htmlFor="reply-to" className="font-semibold text-navy-950">
        {text.to}
      </label>
      <input
        id="reply-to"
        type="email"
        readOnly
        value={to}
        className={`${controlClass()} min-h-11 min-w-0 flex-1 bg-slate-100`}
      />
    </div>
  );
}

/**
 * The reply: To, Subject, the language and the template, the text, and Send. A failed Send keeps
 * every character and says why.
 */
export function ComposerForm({ id, composer }: { id: string; composer: ReplyComposer }) {
  const draft = useComposerDraft(id, composer);
  const to = composer.to ?? '';
  const { errors, failure, sending, subjectRef, bodyRef, recheck, send } = useSend(id, to, draft);
  const { chosen } = draft.draft;
  return (
    <form
      noValidate
      onSubmit={(event) => void send(event)}
      // A control that takes focus is scrolled clear of the Send bar kept at the screen's bottom.
      className="space-y-4 sm:space-y-5 [&_:is(input,select,textarea)]:scroll-mb-24"
    >
      {draft.restored && (
        <p role="status" className="rounded-md bg-navy-50 px-3 py-2 text-sm text-navy-900">
          {text.restored}
        </p>
      )}
      <ToField to={to} />
      <FieldFrame id="reply-subject" label={text.subject} error={errors?.subject}>
        {(control) => (
          <input
            {...control}
            ref={subjectRef}
            type="text"
            name="subject"
            value={draft.draft.subject}
            onChange={(event) => {
              draft.setSubject(event.target.value);
              recheck({ subject: event.target.value });
            }}
            className={`${controlClass(errors?.subject)} min-h-11`}
          />
        )}
      </FieldFrame>
      <ReplyLanguageChoice
        language={chosen.language}
        onChoose={(language) => draft.choose({ language })}
      />
      <TemplateChoice
        templates={composer.templates}
        templateId={chosen.templateId}
        onChoose={(templateId) => draft.choose({ templateId })}
      />
      <BodyField
        body={draft.draft.body}
        language={chosen.language}
        error={errors?.body}
        noSpanish={draft.noSpanish}
        kept={
          draft.kept
            ? {
                template: draft.chosenTemplate?.name ?? text.noTemplate,
                language: text.languages[chosen.language],
              }
            : undefined
        }
        onChange={(body) => {
          draft.setBody(body);
          recheck({ body });
        }}
        onReplace={draft.replace}
        inputRef={bodyRef}
      />
      <SendBar
        failure={failure}
        sending={sending}
        note={draft.noSpanish && !draft.edited ? text.sendInEnglish : undefined}
      />
    </form>
  );
}
