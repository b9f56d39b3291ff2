import { rosterFilters } from '../src/admin/contract.ts';

/** The searchable text of a submission row (`row` is `new` in a trigger, or the table's name). */
export function searchText(row: string): string {
  const phone = `COALESCE(json_extract(${row}.fields, '$.phone'), '')`;
  const digits = ['(', ')', '-', '.', '+'].reduce(
    (text, character) => `replace(${text}, '${character}', '')`,
    `replace(${phone}, ' ', '')`,
  );
  return `${row}.id || ' ' || ${digits} || ' ' || ${row}.note || ' ' || COALESCE(
    (SELECT group_concat(atom, ' ') FROM json_tree(${row}.fields) WHERE atom IS NOT NULL), '')`;
}

/**
 * The applicant roster's facts of a submission row as one text, '|position:Bartender|language:
 * Spanish|day:Saturday|shift:noche|experience:yes|', for the roster filters (server/admin/inbox.ts:
 * `instr(roster, '|language:Spanish|')`). One tag per value of each filter's field: json_each gives
 * a list's items, or a single value itself.
 */
export function rosterText(row: string): string {
  const tags = Object.entries(rosterFilters).map(
    ([name, { field }]) =>
      `SELECT '${name}:' || value AS tag FROM json_each(${row}.fields, '$.${field}')`,
  );
  return `'|' || COALESCE((SELECT group_concat(tag, '|') FROM (${tags.join(' UNION ALL ')})), '') || '|'`;
}

/**
 * Schema migrations, applied in order on start. Never edit a released one: append a new version.
 * Times are milliseconds since the epoch (UTC).
 */
export const migrations: readonly { version: number; statements: readonly string[] }[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE submissions (
        id TEXT PRIMARY KEY,
        form TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        fields TEXT NOT NULL,
        client_hash TEXT,
        user_agent TEXT
      )`,
      'CREATE INDEX submissions_received ON submissions (received_at)',
      'CREATE INDEX submissions_form_received ON submissions (form, received_at)',
      // Keys of recent posts (a hash of the body, or of an Idempotency-Key header) for ten minutes.
      `CREATE TABLE dedupe_keys (
        key TEXT PRIMARY KEY,
        submission_id TEXT NOT NULL,
        body_hash TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      )`,
      'CREATE INDEX dedupe_keys_expires ON dedupe_keys (expires_at)',
      `CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        submission_id TEXT NOT NULL REFERENCES submissions (id),
        created_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_until INTEGER,
        last_error TEXT,
        sent_at INTEGER,
        gave_up_at INTEGER
      )`,
      `CREATE INDEX outbox_pending ON outbox (next_attempt_at)
        WHERE sent_at IS NULL AND gave_up_at IS NULL`,
      'CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)',
    ],
  },
  {
    version: 2,
    statements: [
      // The owner's inbox: a status and a private note per submission, and their history.
      "ALTER TABLE submissions ADD COLUMN status TEXT NOT NULL DEFAULT 'new'",
      "ALTER TABLE submissions ADD COLUMN note TEXT NOT NULL DEFAULT ''",
      'ALTER TABLE submissions ADD COLUMN language TEXT',
      // The order of arrival, newest first in the inbox: the keyset of its pages and the row of
      // each submission in the search index. Given by the store's insert.
      'ALTER TABLE submissions ADD COLUMN seq INTEGER',
      `UPDATE submissions SET seq = numbered.n FROM (
        SELECT id, ROW_NUMBER() OVER (ORDER BY received_at, rowid) AS n FROM submissions
      ) AS numbered WHERE numbered.id = submissions.id`,
      'CREATE UNIQUE INDEX submissions_seq ON submissions (seq)',
      'CREATE INDEX submissions_status_seq ON submissions (status, seq)',
      'CREATE INDEX submissions_form_status_seq ON submissions (form, status, seq)',
      `CREATE TABLE submission_events (
        id INTEGER PRIMARY KEY,
        submission_id TEXT NOT NULL REFERENCES submissions (id),
        at INTEGER NOT NULL,
        user_email TEXT NOT NULL,
        kind TEXT NOT NULL,
        status TEXT
      )`,
      'CREATE INDEX submission_events_submission ON submission_events (submission_id, at)',
      `CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        password_changed_at INTEGER NOT NULL,
        last_active_at INTEGER,
        seen_before INTEGER NOT NULL
      )`,
      // Only a hash of each session's token is kept.
      `CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id),
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL
      )`,
      'CREATE INDEX sessions_user ON sessions (user_id)',
      `CREATE TABLE sign_in_failures (key TEXT NOT NULL, at INTEGER NOT NULL)`,
      'CREATE INDEX sign_in_failures_key ON sign_in_failures (key, at)',
      // Full-text search over every field, the phone number's digits, the note and the id. The
      // index keeps no copy of the text (contentless); its rowid is the submission's seq. New
      // submissions are indexed when the inbox next searches (server/admin/inbox.ts), never while a
      // visitor waits for the answer to a post; `search_indexed_seq` says how far it got.
      `CREATE VIRTUAL TABLE submissions_search USING fts5(
        body, content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
      )`,
      `INSERT INTO submissions_search (rowid, body)
        SELECT seq, ${searchText('submissions')} FROM submissions`,
      `INSERT INTO settings (name, value)
        SELECT 'search_indexed_seq', COALESCE(MAX(seq), 0) FROM submissions`,
      `CREATE TRIGGER submissions_note AFTER UPDATE OF note ON submissions
      WHEN new.seq <= (SELECT CAST(value AS INTEGER) FROM settings WHERE name = 'search_indexed_seq')
      BEGIN
        DELETE FROM submissions_search WHERE rowid = old.seq;
        INSERT INTO submissions_search (rowid, body) VALUES (new.seq, ${searchText('new')});
      END`,
    ],
  },
  {
    version: 3,
    statements: [
      // Files sent with a submission (an applicant's résumé), written in the same transaction as
      // their submission: one database file is the whole backup.
      `CREATE TABLE attachments (
        id INTEGER PRIMARY KEY,
        submission_id TEXT NOT NULL REFERENCES submissions (id),
        field TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        content BLOB NOT NULL
      )`,
      'CREATE INDEX attachments_submission ON attachments (submission_id)',
    ],
  },
  {
    version: 4,
    statements: [
      // The language of the page the visitor sent the form from ('en' or 'es'): the site's
      // Spanish page sends the same fields and values as the English one.
      'ALTER TABLE submissions ADD COLUMN site_language TEXT',
    ],
  },
  {
    version: 5,
    statements: [
      // The staffing desk. When the status first left New for work (In progress or Handled): the
      // first response, measured against the promise. Earlier rows: their first status change.
      'ALTER TABLE submissions ADD COLUMN first_response_at INTEGER',
      `UPDATE submissions SET first_response_at = (
        SELECT MIN(at) FROM submission_events AS event
        WHERE event.submission_id = submissions.id AND event.kind = 'status'
          AND event.status IN ('in_progress', 'handled'))`,
      // The applicant roster's filters read one short text per application (see rosterText); the
      // index holds it, so a filter never reads the submissions' fields.
      'ALTER TABLE submissions ADD COLUMN roster TEXT',
      `UPDATE submissions SET roster = ${rosterText('submissions')} WHERE form = 'application'`,
      'CREATE INDEX submissions_roster ON submissions (form, seq, status, roster)',
      // The weekly picture counts and times each week's submissions from this index alone.
      `CREATE INDEX submissions_weekly ON submissions
        (received_at, form, status, first_response_at)`,
      // The outbox also sends each visitor's acknowledgement ('acknowledge'), beside the owner's
      // notification ('notify').
      "ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'notify'",
      // At most one acknowledgement per e-mail address per day: the address's keyed hash
      // (Database.clientHash) and until when it may get no other.
      `CREATE TABLE acknowledged_addresses (
        address_hash TEXT PRIMARY KEY,
        until INTEGER NOT NULL
      )`,
      'CREATE INDEX acknowledged_addresses_until ON acknowledged_addresses (until)',
    ],
  },
];
