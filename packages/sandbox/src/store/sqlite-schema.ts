import type { Database, NormalQueryResult } from "node-sqlite3-wasm";
import { DataDirError } from "./data-dir-error.js";
import type { RecordKind } from "./sandbox-store.js";
import { rowsOf } from "./sqlite-rows.js";

/** A table of its own for records of one kind, keyed by their whole-number id. */
export interface KindTable {
  readonly table: string;
  /** The id is the order's id (an order, its fingerprint): no column of its own, no index. */
  readonly keyedByOrder: boolean;
}

/**
 * The kinds a payment writes, each in a table of its own whose key is the record's id as a whole
 * number, SQLite's rowid. A sale writes an order (twice: made, then decided), its fingerprint, two
 * steps of its history and its request. In one table keyed by (kind, id), as the first schema
 * kept them, every record is also an entry in a separate index of those keys, and a commit changes
 * a page of that index for every kind it writes besides the table's own. Measured on the store
 * alone (commits of 26 sales, the sandbox's record sizes, 16 KB pages): 86-90 µs of wall time a
 * sale in one table, 52-55 µs in these, and a write-ahead log a third smaller (fewer
 * checkpoints, each an `fsync`). The kinds written rarely (a card reference, a subscription, the
 * engine's meta record) stay in `records`, keyed by (kind, id) as before.
 */
const KIND_TABLES: { readonly [kind in RecordKind]?: KindTable } = {
  order: { table: "orders", keyedByOrder: true },
  fingerprint: { table: "fingerprints", keyedByOrder: true },
  history: { table: "history", keyedByOrder: false },
  request: { table: "requests", keyedByOrder: false },
  event: { table: "events", keyedByOrder: false },
  callback: { table: "callbacks", keyedByOrder: false },
};

/** Every kind with a table of its own, with its table. */
export const kindTables = Object.entries(KIND_TABLES) as ReadonlyArray<[RecordKind, KindTable]>;

/**
 * The schema's version, kept in the database's `user_version`: 0 for a database of the first
 * schema (every record in `records`), or a new file; 2 for this one. 1 was never written.
 */
const SCHEMA_VERSION = 2;

/** Whether `id` is a whole number as the engine writes one: digits, no leading zero, at most 15 of them. */
export function isWholeNumberId(id: string): boolean {
  return /^(?:0|[1-9][0-9]{0,14})$/.test(id);
}

/**
 * Makes `db`'s tables, or brings a database of the first schema up to this one in one transaction:
 * the records of each kind above move from `records` into their table, ids unchanged. The move is
 * tried at every open, not only at the first: an earlier sandbox run on the directory after it
 * (which reads and writes `records` alone) leaves its newer records there, and they replace the
 * table's (a lookup by kind finds none otherwise). A record whose id is not a whole number (which
 * no sandbox wrote), and a database of a newer schema, are refused with a `DataDirError` naming
 * `file`, and the database is left as it was.
 */
export function prepareSchema(db: Database, file: string): void {
  const version = Number(db.get("PRAGMA user_version")?.["user_version"] ?? 0);
  if (version > SCHEMA_VERSION)
    throw new DataDirError(
      `dataDir: ${file} was written by a newer sandbox (schema ${version}; this one reads up to ${SCHEMA_VERSION}); ` +
        "run that version of the sandbox, or choose another data directory",
    );
  db.exec("BEGIN");
  try {
    db.exec(
      "CREATE TABLE IF NOT EXISTS records (kind TEXT NOT NULL, id TEXT NOT NULL, orderid TEXT, json TEXT NOT NULL, PRIMARY KEY (kind, id))",
    );
    db.exec("CREATE INDEX IF NOT EXISTS records_by_order ON records (orderid)");
    for (const [, { table, keyedByOrder }] of kindTables) {
      if (keyedByOrder) db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY, json TEXT NOT NULL)`);
      else {
        db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id INTEGER PRIMARY KEY, orderid TEXT, json TEXT NOT NULL)`);
        db.exec(`CREATE INDEX IF NOT EXISTS ${table}_by_order ON ${table} (orderid)`);
      }
    }
    moveIntoKindTables(db, file);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.exec("COMMIT");
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** Records of each kind above still in `records`, moved into their tables (within the caller's transaction). */
function moveIntoKindTables(db: Database, file: string): void {
  for (const [kind, { table, keyedByOrder }] of kindTables) {
    // A row at a time: a big directory's ids are not held all at once.
    let odd: NormalQueryResult | undefined;
    for (const row of rowsOf(db, "SELECT id, orderid FROM records WHERE kind = ?", [kind]))
      if (!isWholeNumberId(String(row["id"])) || (keyedByOrder && row["orderid"] !== row["id"])) {
        odd = row;
        break;
      }
    if (odd !== undefined)
      throw new DataDirError(
        `dataDir: ${file} holds a record of kind ${kind} (id ${JSON.stringify(odd["id"])}, order ${JSON.stringify(odd["orderid"])}) that no sandbox wrote; ` +
          "move that file away (the sandbox then starts afresh in its directory) or choose another data directory",
      );
    db.run(
      keyedByOrder
        ? `INSERT OR REPLACE INTO ${table} (id, json) SELECT CAST(id AS INTEGER), json FROM records WHERE kind = ?`
        : `INSERT OR REPLACE INTO ${table} (id, orderid, json) SELECT CAST(id AS INTEGER), orderid, json FROM records WHERE kind = ?`,
      [kind],
    );
    db.run("DELETE FROM records WHERE kind = ?", [kind]);
  }
}
