/**
 * What the inbox's reply composer starts from for one submission (`GET
 * /admin/api/submissions/:id/reply`): the visitor's address, the acknowledgement's subject
 * continued, their language, and the templates of its form filled in both languages.
 */
import type {
  FilledTemplate,
  ReplyComposer,
  ReplyLanguage,
  ReplyTemplate,
} from '../../src/admin/contract.ts';
import type { PublishedVersion } from '../../src/content/published.ts';
import type { FormDefinition } from '../intake/forms.ts';
import { acknowledgementMail } from '../mail/mail-text.ts';
import type { StoredSubmission } from '../store/store.ts';
import { fillForSubmission, type ReplySource } from './fill.ts';

/** The language a reply to `submission` is written in first: its page's ('en' when unknown). */
export function replyLanguageOf(submission: Pick<StoredSubmission, 'siteLanguage'>): ReplyLanguage {
  return submission.siteLanguage === 'es' ? 'es' : 'en';
}

/**
 * A reply's subject: 'Re: ' and the acknowledgement's as the visitor got it (in their language, in
 * the live version's words), so that it reads as the same conversation.
 */
export function replySubject(submission: StoredSubmission, published: PublishedVersion): string {
  return `Re: ${acknowledgementMail(submission, published).subject}`;
}

/** Why no reply may be sent to it: in Spam (until 'Not spam'), or no address; null: none. */
export function replyRefusal(
  submission: Pick<StoredSubmission, 'status'>,
  to: string | null,
): ReplyComposer['refused'] {
  if (submission.status === 'spam') return 'spam';
  return to ? null : 'no-address';
}

export interface ComposerSource {
  submission: StoredSubmission;
  form: Pick<FormDefinition, 'contact'> | undefined;
  /** The templates of the submission's form, in their order. */
  templates: readonly ReplyTemplate[];
  published: PublishedVersion;
  displayName: string | null;
}

/** A template filled for the submission in both languages (`es` null: it has no Spanish yet). */
export function fillBoth(
  template: ReplyTemplate,
  source: Omit<ReplySource, 'language'>,
): FilledTemplate {
  return {
    id: template.id,
    name: template.name,
    en: fillForSubmission(template.bodyEn, { ...source, language: 'en' }),
    es:
      template.bodyEs === ''
        ? null
        : fillForSubmission(template.bodyEs, { ...source, language: 'es' }),
  };
}

export function replyComposer(source: ComposerSource): ReplyComposer {
  const { submission, form, published, displayName } = source;
  const to = form?.contact(submission.fields).email ?? null;
  const fillSource = { submission, form, published, displayName };
  const templates = source.templates.map((template) => fillBoth(template, fillSource));
  return {
    to,
    subject: replySubject(submission, published),
    language: replyLanguageOf(submission),
    templates,
    suggested: templates[0]?.id ?? null,
    refused: replyRefusal(submission, to),
  };
}
