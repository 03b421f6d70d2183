/**
 * The PostgreSQL store's schema (default name `cacs`, config `stateSchema`), by version: each
 * migration is applied in the transaction that writes the version row (connection.ts). A
 * database whose version is newer than SCHEMA_VERSION is refused (exit 2, "upgrade cacs").
 *
 *   meta            schema_version; secret (the keyed hash's 12 bytes, hex)
 *   ledgers         one per (service address, campaign key)
 *   ledger_records  every ledger record, in the order written (seq): hashes only, no numbers
 *   claims          the latest record per (ledger, phone hash): the claim — unique per service
 *                   address + campaign + normalised phone
 *   runs            the history: each run's start and end records, its host and user
 *   journals        one per (input content, campaign, service address); journal_records: its
 *                   records, as the file journal's lines
 *                   (version 2: `packed`, the claim as the preflight loads it)
 *   bookmarks       (version 2) report bookmarks, one row per key (the file store's file name),
 *                   the state as the file store's JSON text
 *   foreign_claims  (version 2) the latest record per number of ledgers migrated from a state
 *                   folder whose keyed hash has another secret than the database's (meta
 *                   `secret:<n>`): looked up by hashing with that secret too
 *   erasures, erasure_log  (version 3) `cacs forget`'s records (pg/erasure.ts)
 *   journal_records.written  (version 4) when each record was written (the column's default:
 *                   no insert names it), so `cacs state prune` judges a journal by its last write
 *   (version 5)     cheaper writes per lead (an import writes two records and two claim versions
 *                   a lead): ledger_records and claims lose their foreign keys to ledgers (a
 *                   check query per row written; ledgers are never deleted, and every id written
 *                   comes from that table); claims get fillfactor 50, so a claim's outcome fits
 *                   on its page (a HOT update: no new index entry); ledger_records' primary key
 *                   is (ledger, seq), which replaces the key (seq) no query used and the index
 *                   (ledger, seq): one index fewer to write per record
 */
export const SCHEMA_VERSION = 5;

/** Hashes and run numbers are unsigned 32-bit; stored as int4 (value | 0), read back >>> 0. */
export const MIGRATIONS: ReadonlyArray<(s: string) => string[]> = [
  (s) => [
    `CREATE TABLE ${s}.ledgers (
       id serial PRIMARY KEY,
       service_url text NOT NULL,
       campaign text NOT NULL,
       UNIQUE (service_url, campaign))`,
    `CREATE TABLE ${s}.ledger_records (
       seq bigserial PRIMARY KEY,
       ledger int NOT NULL REFERENCES ${s}.ledgers (id),
       lo int NOT NULL, hi int NOT NULL, ref int NOT NULL,
       run int NOT NULL, time bigint NOT NULL, state smallint NOT NULL)`,
    `CREATE INDEX ledger_records_ledger ON ${s}.ledger_records (ledger, seq)`,
    `CREATE INDEX ledger_records_phone ON ${s}.ledger_records (lo, hi)`,
    `CREATE INDEX ledger_records_ref ON ${s}.ledger_records (ref) WHERE ref <> 0`,
    `CREATE TABLE ${s}.claims (
       ledger int NOT NULL REFERENCES ${s}.ledgers (id),
       lo int NOT NULL, hi int NOT NULL,
       state smallint NOT NULL, run int NOT NULL, time bigint NOT NULL,
       PRIMARY KEY (ledger, lo, hi))`,
    `CREATE TABLE ${s}.runs (
       seq bigserial PRIMARY KEY,
       id text NOT NULL UNIQUE,
       n int NOT NULL,
       host text, os_user text,
       start jsonb NOT NULL,
       ended jsonb)`,
    `CREATE TABLE ${s}.journals (
       id serial PRIMARY KEY,
       key text NOT NULL UNIQUE,
       created timestamptz NOT NULL DEFAULT now())`,
    `CREATE TABLE ${s}.journal_records (
       seq bigserial PRIMARY KEY,
       journal int NOT NULL REFERENCES ${s}.journals (id) ON DELETE CASCADE,
       rec jsonb NOT NULL)`,
    `CREATE INDEX journal_records_journal ON ${s}.journal_records (journal, seq)`,
  ],
  (s) => [
    // A claim as the preflight loads it (22 bytes), kept with the row: loading a million claims
    // then costs the server one value a row, not nine operations.
    `ALTER TABLE ${s}.claims ADD COLUMN packed bytea GENERATED ALWAYS AS (
       int4send(lo) || int4send(hi) || int4send(run) || int8send(time) || int2send(state)) STORED`,
    `CREATE TABLE ${s}.bookmarks (
       id text PRIMARY KEY,
       state text NOT NULL,
       updated timestamptz NOT NULL DEFAULT now())`,
    `CREATE TABLE ${s}.foreign_claims (
       ledger int NOT NULL REFERENCES ${s}.ledgers (id),
       secret smallint NOT NULL,
       lo int NOT NULL, hi int NOT NULL, ref int NOT NULL,
       state smallint NOT NULL, run int NOT NULL, time bigint NOT NULL,
       PRIMARY KEY (ledger, secret, lo, hi))`,
  ],
  (s) => [
    // Erasure records (`cacs forget`): a keyed hash and when, never a number; and the log of
    // erasures without numbers. Created with the schema, so concurrent runs never race to.
    `CREATE TABLE IF NOT EXISTS ${s}.erasures (
       lo int NOT NULL, hi int NOT NULL, time bigint NOT NULL,
       service_url text NOT NULL DEFAULT '', campaign text NOT NULL DEFAULT '',
       PRIMARY KEY (lo, hi, service_url, campaign))`,
    `CREATE TABLE IF NOT EXISTS ${s}.erasure_log (seq bigserial PRIMARY KEY, entry jsonb NOT NULL)`,
  ],
  (s) => [
    // When each journal record was written (issue 26: prune judges a journal by its last write,
    // as the file store does by the file's time). Filled by the default, so no write names it;
    // records written before this version read as written when it was applied (kept longer,
    // never pruned early).
    `ALTER TABLE ${s}.journal_records ADD COLUMN written timestamptz NOT NULL DEFAULT now()`,
  ],
  (s) => [
    // Writes per lead (see the list above): measured with bench/pg-teams.js --only import.
    `ALTER TABLE ${s}.ledger_records DROP CONSTRAINT IF EXISTS ledger_records_ledger_fkey`,
    `ALTER TABLE ${s}.claims DROP CONSTRAINT IF EXISTS claims_ledger_fkey`,
    // New pages only: the claims written before keep their pages as they are.
    `ALTER TABLE ${s}.claims SET (fillfactor = 50)`,
    `ALTER TABLE ${s}.ledger_records DROP CONSTRAINT ledger_records_pkey`,
    `DROP INDEX ${s}.ledger_records_ledger`,
    `ALTER TABLE ${s}.ledger_records ADD CONSTRAINT ledger_records_pkey PRIMARY KEY (ledger, seq)`,
  ],
];
