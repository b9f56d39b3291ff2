import { adminText } from '../../content/admin';
import {
  REPLY_BODY_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  replyTemplateSchema,
  type ReplyTemplateBody,
} from '../contract';

const text = adminText.templates;

export type TemplateField = 'name' | 'bodyEn' | 'bodyEs';
export type TemplateErrors = Partial<Record<TemplateField, string>>;

function message(field: TemplateField, code: string): string {
  if (code === 'too_big')
    return field === 'name'
      ? text.nameTooLong(TEMPLATE_NAME_MAX_LENGTH)
      : text.tooLong(REPLY_BODY_MAX_LENGTH);
  if (code === 'too_small') return field === 'name' ? text.nameMissing : text.englishMissing;
  return text.oneLine;
}

/** A template as replyTemplateSchema (the server's own check) reads it, or each field's message. */
export function checkTemplate(
  body: ReplyTemplateBody,
): { ok: ReplyTemplateBody } | { errors: TemplateErrors } {
  const parsed = replyTemplateSchema.safeParse(body);
  if (parsed.success) return { ok: parsed.data };
  const errors: TemplateErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'bodyEn' || field === 'bodyEs') && !errors[field])
      errors[field] = message(field, issue.code);
  }
  return { errors };
}
