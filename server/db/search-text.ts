/**
 * The searchable text of a submission row on SQLite (`row` is the table's name, or `new` in a
 * trigger): the id, the phone number's digits, the note and every field's value. The SQLite
 * engine indexes new submissions with it (sqlite.ts). Migration 2 froze a copy of it in its
 * statements and note trigger: changing it needs a migration that indexes the rows again and
 * replaces that trigger (docs/migrations.md). Postgres keeps its own in the database
 * (migration 6's submission_search_document).
 */
export function searchText(row: string): string {
  const phone = `COALESCE(json_extract(${row}.fields, '$.phone'), '')`;
  const digits = ['(', ')', '-', '.', '+'].reduce(
    (text, character) => `replace(${text}, '${character}', '')`,
    `replace(${phone}, ' ', '')`,
  );
  return `${row}.id || ' ' || ${digits} || ' ' || ${row}.note || ' ' || COALESCE(
    (SELECT group_concat(atom, ' ') FROM json_tree(${row}.fields) WHERE atom IS NOT NULL), '')`;
}
