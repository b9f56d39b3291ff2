/**
 * The searchable text of a submission row on SQLite (`row` is the table's name, or `new` in a
 * trigger): the id, the phone number's digits, the note, every field's value, and the subject and
 * body of each of its replies and answers (never an answer's quoted text), oldest first. The
 * SQLite engine indexes new submissions with it (sqlite.ts). Migration 14 froze a copy of it in
 * its statements and triggers (migration 2's, before the replies): changing it needs a migration
 * that indexes the rows again and replaces those triggers (docs/migrations.md). Postgres keeps its
 * own in the database (migration 14's submission_search_document).
 */
export function searchText(row: string): string {
  const phone = `COALESCE(json_extract(${row}.fields, '$.phone'), '')`;
  const digits = ['(', ')', '-', '.', '+'].reduce(
    (text, character) => `replace(${text}, '${character}', '')`,
    `replace(${phone}, ' ', '')`,
  );
  return `${row}.id || ' ' || ${digits} || ' ' || ${row}.note || ' ' || COALESCE(
    (SELECT group_concat(atom, ' ') FROM json_tree(${row}.fields) WHERE atom IS NOT NULL), '')
    || ' ' || COALESCE((SELECT group_concat(reply, ' ') FROM (SELECT subject || ' ' || body AS reply
    FROM replies WHERE replies.submission_id = ${row}.id ORDER BY replies.id)), '')`;
}
