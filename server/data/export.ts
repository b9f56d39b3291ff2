import { stringify } from 'csv-stringify/sync';
import { fieldText } from '../mail/mail-text.ts';
import type { StoredSubmission } from '../store/store.ts';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a formula:
 * such cells get a leading apostrophe, which spreadsheets show as plain text (OWASP's advice).
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * One row per submission: id, form, received_at (ISO, UTC), the inbox's status and note, the name
 * of the file sent with it (`attachment`), the site's language it came from, how its visit began
 * (`source_kind`, `source_name`, `source_campaign`: empty when not known) and its first page, then
 * every field seen, in order. The CLI's export and the inbox's both write it.
 */
export function toCsv(submissions: readonly StoredSubmission[]): string {
  const fieldNames: string[] = [];
  for (const submission of submissions) {
    for (const name of Object.keys(submission.fields)) {
      if (!fieldNames.includes(name)) fieldNames.push(name);
    }
  }
  const rows = submissions.map((submission) => [
    submission.id,
    submission.form,
    new Date(submission.receivedAt).toISOString(),
    submission.status,
    submission.note,
    submission.attachments.map((file) => file.name).join('; '),
    submission.siteLanguage ?? '',
    submission.visit?.kind ?? '',
    submission.visit?.name ?? '',
    submission.visit?.campaign ?? '',
    submission.visit?.firstPage ?? '',
    ...fieldNames.map((name) =>
      Object.hasOwn(submission.fields, name) ? fieldText(submission.fields[name]) : '',
    ),
  ]);
  const header = [
    'id',
    'form',
    'received_at',
    'status',
    'note',
    'attachment',
    'site_language',
    'source_kind',
    'source_name',
    'source_campaign',
    'first_page',
    ...fieldNames,
  ];
  return stringify(
    [header, ...rows].map((row) => row.map(neutraliseFormula)),
    {
      // Excel reads UTF-8 (accents, 'mañana') only with a byte-order mark.
      bom: true,
      record_delimiter: 'windows',
    },
  );
}

export function toJson(submissions: readonly StoredSubmission[]): string {
  const records = submissions.map((submission) => ({
    id: submission.id,
    form: submission.form,
    receivedAt: new Date(submission.receivedAt).toISOString(),
    status: submission.status,
    note: submission.note,
    language: submission.language,
    siteLanguage: submission.siteLanguage,
    visit: submission.visit,
    fields: submission.fields,
    attachments: submission.attachments.map(({ name, type, size, sha256 }) => ({
      name,
      type,
      size,
      sha256,
    })),
    userAgent: submission.userAgent,
  }));
  return `${JSON.stringify(records, null, 2)}\n`;
}
