import { useEffect, useState } from 'react';
import { adminText } from '../../content/admin';
import { draftKey } from './forget-drafts';
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

export { forgetReplyDrafts } from './forget-drafts';

function isSource(value: unknown): value is Source {
  if (typeof value !== 'object' || value === null) return false;
  const { templateId, language } = value as Record<string, unknown>;
  return (
    (templateId === null || typeof templateId === 'number') &&
    (language === 'en' || language === 'es')
  );
}

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const { chosen, subject, body, filledFrom, filled } = value as Record<string, unknown>;
  return (
    isSource(chosen) &&
    isSource(filledFrom) &&
    typeof subject === 'string' &&
    typeof body === 'string' &&
    typeof filled === 'string'
  );
}

/** The reply the owner left unsent in this tab, if any (storage off or spoiled: none). */
function storedDraft(id: string): Draft | undefined {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(draftKey(id)) ?? 'null');
    return isDraft(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the draft in this tab while it differs from the composer's start; forgets it otherwise. */
function useKeptDraft(id: string, draft: Draft, changed: boolean) {
  useEffect(() => {
    try {
      if (changed) sessionStorage.setItem(draftKey(id), JSON.stringify(draft));
      else sessionStorage.removeItem(draftKey(id));
    } catch {
      // Storage full or off: the draft lives as long as the page.
    }
  }, [id, draft, changed]);
}

/**
 * The composer's text: the subject, the language and template chosen, and the body filled from
 * them. Choosing another template or language refills the body, unless the owner has changed it:
 * then it is kept, and `kept` offers to replace it. An unsent draft is kept in the tab, so that
 * leaving the composer (to read the submission, say) and coming back loses nothing.
 */
export function useComposerDraft(id: string, composer: ReplyComposer) {
  const { templates } = composer;
  const [start] = useState<Draft>(() => {
    const source = { templateId: composer.suggested, language: composer.language };
    const filled = fill(templates, source);
    return { chosen: source, subject: composer.subject, body: filled, filledFrom: source, filled };
  });
  const [restored] = useState(() => storedDraft(id));
  const [draft, setDraft] = useState<Draft>(() => restored ?? start);
  const edited = draft.body !== draft.filled;
  const changed = draft.body !== start.body || draft.subject !== start.subject;
  useKeptDraft(id, draft, changed);

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
    /** The text was the one left unsent here before. */
    restored: restored !== undefined && changed,
    /** The text is still the template's, untouched. */
    edited,
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
