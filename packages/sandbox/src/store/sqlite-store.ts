import { createRequire } from "node:module";
import { join } from "node:path";
import type { Database, NormalQueryResult, Statement } from "node-sqlite3-wasm";
import { lockDataDir } from "./data-dir-lock.js";
import type { RecordKind, SandboxStore, StoreBatch } from "./sandbox-store.js";

const DATABASE_FILE = "sandbox.db";

/**
 * The store of `--data-dir`: SQLite compiled to WebAssembly (`node-sqlite3-wasm`, from npm with no
 * native build), one table of JSON records in `DIR/sandbox.db`. The write-ahead log in exclusive
 * locking mode needs one `fsync` per commit, and `synchronous = FULL` makes that `fsync` part of
 * every commit. The SQLite module is loaded only here, so a sandbox without a data directory
 * starts without it.
 */
export function openSqliteStore(dir: string): SandboxStore {
  // The library's own lock is a folder beside the database; a killed sandbox leaves it behind.
  const unlock = lockDataDir(dir, [`${DATABASE_FILE}.lock`]);
  let db: Database;
  try {
    const { Database } = createRequire(import.meta.url)("node-sqlite3-wasm") as typeof import("node-sqlite3-wasm");
    db = new Database(join(dir, DATABASE_FILE));
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = FULL");
    db.exec(
      "CREATE TABLE IF NOT EXISTS records (kind TEXT NOT NULL, id TEXT NOT NULL, orderid TEXT, json TEXT NOT NULL, PRIMARY KEY (kind, id))",
    );
    db.exec("CREATE INDEX IF NOT EXISTS records_by_order ON records (orderid)");
  } catch (error) {
    unlock();
    throw error;
  }
  const put: Statement = db.prepare("INSERT OR REPLACE INTO records (kind, id, orderid, json) VALUES (?, ?, ?, ?)");
  const forget: Statement = db.prepare("DELETE FROM records WHERE orderid = ?");
  const forgetRecord: Statement = db.prepare("DELETE FROM records WHERE kind = ? AND id = ?");
  return {
    location: join(dir, DATABASE_FILE),
    *load() {
      const all = db.prepare("SELECT kind, id, orderid, json FROM records");
      try {
        for (const row of all.iterate() as IterableIterator<NormalQueryResult>) {
          yield {
            kind: row["kind"] as RecordKind,
            id: String(row["id"]),
            orderid: row["orderid"] === null ? null : String(row["orderid"]),
            json: String(row["json"]),
          };
        }
      } finally {
        all.finalize();
      }
    },
    commit(batch: StoreBatch) {
      db.exec("BEGIN");
      try {
        if (batch.clear) db.exec("DELETE FROM records");
        for (const orderid of batch.forgetOrders) forget.run([orderid]);
        for (const { kind, id } of batch.forgetRecords) forgetRecord.run([kind, id]);
        for (const record of batch.records) put.run([record.kind, record.id, record.orderid, record.json]);
        db.exec("COMMIT");
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
    },
    close() {
      put.finalize();
      forget.finalize();
      forgetRecord.finalize();
      db.close();
      unlock();
    },
  };
}
