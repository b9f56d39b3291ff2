import { useState } from 'react';
import { adminText } from '../../content/admin';
import {
  REPLY_BODY_MAX_LENGTH,
  REPLY_SUBJECT_MAX_LENGTH,
  sendReplySchema,
  type FilledTemplate,
  type ReplyComposer,
  type ReplyLanguage,
  type SendReplyBody,
} from '../contract';

const text = adminText.composer;

/** Where the reply's text came from: a template (or none) in a language. */
interface Source {
  templateId: number | null;
  language: ReplyLanguage;
}

interface Draft {
  chosen: Source;
  subject: string;
  body: string;
  /** What the body was last filled from, and the text it was filled with. */
  filledFrom: Source;
  filled: string;
}

export type DraftErrors = Partial<Record<'subject' | 'body', string>>;

function templateOf(templates: readonly FilledTemplate[], id: number | null) {
  return templates.find((template) => template.id === id);
}

/** A template's text in a language; the English where it has no Spanish yet, so nothing is lost. */
function fill(templates: readonly FilledTemplate[], { templateId, language }: Source): string {
  const template = templateOf(templates, templateId);
  if (!template) return '';
  return language === 'es' ? (template.es ?? template.en) : template.en;
}

const same = (a: Source, b: Source) => a.templateId === b.templateId && a.language === b.language;

function issueMessage(field: 'subject' | 'body', code: string): string {
  if (code === 'too_small') return field === 'subject' ? text.subjectMissing : text.bodyMissing;
  if (code === 'too_big')
    return field === 'subject'
      ? text.subjectTooLong(REPLY_SUBJECT_MAX_LENGTH)
      : text.bodyTooLong(REPLY_BODY_MAX_LENGTH);
  return text.subjectOneLine;
}

/** The reply as sendReplySchema reads it, or each field's message. */
export function checkDraft(body: SendReplyBody): { ok: SendReplyBody } | { errors: DraftErrors } {
  const parsed = sendReplySchema.safeParse(body);
  if (parsed.success) return { ok: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'subject' || field === 'body') && !errors[field])
      errors[field] = issueMessage(field, issue.code);
  }
  return { errors };
}

/**
 * The composer's text: the subject, the language and template chosen, and the body filled from
 * them. Choosing another template or language refills the body, unless the owner has changed it:
 * then it is kept, and `kept` offers to replace it.
 */
export function useComposerDraft(composer: ReplyComposer) {
  const { templates } = composer;
  const [draft, setDraft] = useState<Draft>(() => {
    const start = { templateId: composer.suggested, language: composer.language };
    const filled = fill(templates, start);
    return { chosen: start, subject: composer.subject, body: filled, filledFrom: start, filled };
  });
  const edited = draft.body !== draft.filled;

  function choose(change: Partial<Source>) {
    setDraft((now) => {
      const chosen = { ...now.chosen, ...change };
      if (now.body !== now.filled) return { ...now, chosen };
      const filled = fill(templates, chosen);
      return { ...now, chosen, body: filled, filledFrom: chosen, filled };
    });
  }

  function replace() {
    setDraft((now) => {
      const filled = fill(templates, now.chosen);
      return { ...now, body: filled, filledFrom: now.chosen, filled };
    });
  }

  const template = templateOf(templates, draft.filledFrom.templateId);
  const chosenTemplate = templateOf(templates, draft.chosen.templateId);
  return {
    draft,
    /** The owner's text was kept although another template or language was chosen. */
    kept: edited && !same(draft.chosen, draft.filledFrom),
    chosenTemplate,
    /** The body came from a template's English because the template has no Spanish yet. */
    noSpanish: draft.filledFrom.language === 'es' && template !== undefined && template.es === null,
    choose,
    replace,
    setSubject: (subject: string) => setDraft((now) => ({ ...now, subject })),
    setBody: (body: string) => setDraft((now) => ({ ...now, body })),
    /** What Send posts: the template the text came from, the language chosen. */
    body: (): SendReplyBody => ({
      language: draft.chosen.language,
      subject: draft.subject,
      body: draft.body,
      templateId: draft.filledFrom.templateId,
    }),
  };
}
