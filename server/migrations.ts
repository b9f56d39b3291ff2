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
];
