import type { Generated } from 'kysely';

/**
 * Every table of the submissions database, as Kysely types them: a renamed column fails tsc.
 * Times are milliseconds since the epoch (INTEGER on SQLite, BIGINT on Postgres).
 */
export interface Tables {
  submissions: {
    id: string;
    form: string;
    received_at: number;
    /** The fields as JSON text. */
    fields: string;
    client_hash: string | null;
    user_agent: string | null;
    language: string | null;
    site_language: string | null;
    status: Generated<string>;
    note: Generated<string>;
    /** The order of arrival: the inbox's keyset. */
    seq: number | null;
    first_response_at: number | null;
    /** The applicant roster's facts (see roster.ts). */
    roster: string | null;
    /** The receiver's spam score (server/guard/), and its reasons' codes as a JSON list. */
    spam_score: number | null;
    spam_reasons: string | null;
    /** Its reply address's token (reply+TOKEN@), made at the first reply (migration 13). */
    reply_token: string | null;
    /** Since when a visitor's answer waits for the owner (it Needs a reply again); null: none. */
    answer_waiting_since: number | null;
    /** How its visit began (migration 16, server/visits/): null when not known. */
    source_kind: string | null;
    source_name: string | null;
    source_campaign: string | null;
    /** The visit's first page, a route path ('/', '/request-service'). */
    first_page: string | null;
  };
  dedupe_keys: { key: string; submission_id: string; body_hash: string; expires_at: number };
  outbox: {
    id: Generated<number>;
    submission_id: string;
    kind: Generated<string>;
    created_at: number;
    attempts: Generated<number>;
    next_attempt_at: number;
    lease_until: number | null;
    last_error: string | null;
    /** When the last failed try was (ms since the epoch); null after a success or before a failure. */
    last_error_at: number | null;
    sent_at: number | null;
    gave_up_at: number | null;
    /** The current claim's fencing token: only its holder may mark the row sent or failed. */
    claim_token: string | null;
    /** A 'reply' row's reply (migration 13); null for the other kinds. */
    reply_id: number | null;
  };
  settings: { name: string; value: string };
  submission_events: {
    id: Generated<number>;
    submission_id: string;
    at: number;
    user_email: string;
    kind: string;
    status: string | null;
  };
  users: {
    id: Generated<number>;
    email: string;
    password_hash: string;
    created_at: number;
    password_changed_at: number;
    last_active_at: number | null;
    seen_before: number;
    /** Two-step sign-in: the TOTP secret (base32), the last step used, recovery codes' hashes. */
    totp_secret: string | null;
    totp_last_step: number | null;
    recovery_codes: string | null;
    /** Inside each device cookie's signed payload; 'Sign out everywhere' moves it on (migration 12). */
    device_epoch: Generated<number>;
    /** The name the user's replies are signed with (migration 13); null: not given. */
    display_name: string | null;
    /** The weekly e-mail (migration 16): 1 sends it (the default), 0 not; in `language`. */
    weekly_email: Generated<number>;
    language: Generated<string>;
  };
  sessions: { token_hash: string; user_id: number; created_at: number; last_seen_at: number };
  /** Counters of the limits every instance shares (server/guard/counters.ts). */
  rate_counters: { key: string; window_start: number; count: number };
  /** Each failed sign-in: keyed hashes of the account asked for and of its source. */
  failed_sign_ins: { id: Generated<number>; at: number; account_hash: string; source_hash: string };
  /** ALTCHA's replay store: proofs of work already spent. */
  spent_challenges: { signature: string; expires_at: number };
  attachments: {
    id: Generated<number>;
    submission_id: string;
    field: string;
    name: string;
    type: string;
    size: number;
    sha256: string;
    content: Uint8Array;
  };
  acknowledged_addresses: { address_hash: string; until: number; submission_id: string | null };
  schema_migrations: { version: number; applied_at: number };
  site_versions: {
    version: number;
    published_at: number;
    published_by: string;
    fields: string;
    changes: string;
    restored_from: number | null;
  };
  site_draft: {
    id: number;
    revision: number;
    fields: string;
    updated_at: number;
    updated_by: string;
  };
  site_media_files: {
    name: string;
    media_id: string;
    type: string;
    created_at: number;
    content: Uint8Array;
  };
  /**
   * Each erasure (migration 9): 'person' (asked for by `user_email`, `user_id` when signed in) or
   * 'retention' (the daily job); how many submissions, files and rows of every table went.
   */
  erasures: {
    id: Generated<number>;
    at: number;
    reason: string;
    user_id: number | null;
    user_email: string;
    submissions: number;
    files: number;
    rows_erased: number;
    /** A random token the erasure's statements find it by (migration 11; older ones have none). */
    token: string | null;
  };
  /** The submissions each erasure erased, by id (migration 11): a restore erases them again. */
  erased_submissions: { erasure_id: number; submission_id: string };
  /** Each running instance's served site version and its trouble (migration 10). */
  site_instances: {
    id: string;
    label: string;
    served_version: number;
    latest_version: number;
    error: string | null;
    started_at: number;
    seen_at: number;
  };
  /** The owner's reply templates (migration 13); `key` names a default of src/content. */
  reply_templates: {
    id: Generated<number>;
    key: string | null;
    form: string;
    name: string;
    body_en: string;
    /** '' when the template has no Spanish yet. */
    body_es: string;
    position: number;
    updated_at: number;
    updated_by: string;
  };
  /** A submission's conversation: replies sent ('out') and the visitor's answers ('in'). */
  replies: {
    id: Generated<number>;
    submission_id: string;
    direction: string;
    at: number;
    user_email: string | null;
    template_id: number | null;
    language: string | null;
    from_address: string;
    to_address: string;
    subject: string;
    body: string;
    /** An answer's quoted text, folded away under its own words; null for a reply. */
    quoted: string | null;
    message_id: string;
    in_reply_to: string | null;
    /** The References header's Message-IDs, space-separated. */
    ref_ids: string | null;
  };
  /** A browser that receives the owner's pushes (migration 15, docs/push.md). */
  push_devices: {
    id: Generated<number>;
    user_id: number;
    /** The push service's URL for this browser: https, a known push service's host. */
    endpoint: string;
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: string;
    auth: string;
    /** What the owner sees in the device list ("Chrome on Android"). */
    label: string;
    created_at: number;
    last_sent_at: number | null;
    last_error: string | null;
  };
  /** One push to send to one device (migration 15); claimed under a lease as the outbox's rows. */
  push_queue: {
    id: Generated<number>;
    device_id: number;
    /** Unique per device: 'lead:ID', 'due:ID:DEADLINE', 'mail:OUTBOXID'. */
    event: string;
    kind: 'lead' | 'due' | 'mail';
    submission_id: string;
    created_at: number;
    attempts: Generated<number>;
    next_attempt_at: number;
    lease_until: number | null;
    claim_token: string | null;
    sent_at: number | null;
    gave_up_at: number | null;
    last_error: string | null;
  };
  /** A day's salt for its visitor keys (migration 16); deleted when the day is added up. */
  visit_salts: { day: string; salt: string };
  /** One visitor's day while it lasts (migration 16): no address, only the day's keyed hash. */
  visitor_days: {
    /** YYYY-MM-DD on the business's clock. */
    day: string;
    visitor: string;
    language: string;
    source_kind: string;
    source_name: string;
    campaign: string;
    entry_page: string;
    views: number;
    saw_form: number;
    started: number;
  };
  visit_pages: { day: string; page: string; language: string; views: number };
  /** A finished day's visitors added up by how their visit began (migration 16). */
  visit_sources: {
    day: string;
    language: string;
    source_kind: string;
    source_name: string;
    campaign: string;
    visitors: number;
    saw_form: number;
    started: number;
  };
  /** Each week's e-mail to each account (migration 16), claimed under a lease. */
  weekly_reports: {
    week_start: number;
    user_id: number;
    attempts: Generated<number>;
    lease_until: number | null;
    sent_at: number | null;
    last_error: string | null;
  };
  /** SQLite only: the FTS5 index of the inbox's search; its rowid is the submission's seq. */
  submissions_search: { rowid: number; body: string };
}

/** The tables in the order a copy writes them (each after the tables it refers to). */
export const TABLE_ORDER = [
  'settings',
  'users',
  'sessions',
  'rate_counters',
  'failed_sign_ins',
  'spent_challenges',
  'submissions',
  'dedupe_keys',
  'attachments',
  'replies',
  'outbox',
  'submission_events',
  'acknowledged_addresses',
  'site_versions',
  'push_devices',
  'push_queue',
  'site_draft',
  'site_media_files',
  'erasures',
  'erased_submissions',
  'site_instances',
  'reply_templates',
  'visit_salts',
  'visitor_days',
  'visit_pages',
  'visit_sources',
  'weekly_reports',
] as const satisfies readonly (keyof Tables)[];
