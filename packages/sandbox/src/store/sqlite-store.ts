import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Database, NormalQueryResult, Statement } from "node-sqlite3-wasm";
import { sqliteLibrary } from "../shipped-files.js";
import { DataDirError } from "./data-dir-error.js";
import { lockDataDir } from "./data-dir-lock.js";
import { createPrivateFile, secureDataFile } from "./data-dir-safety.js";
import type { RecordKind, SandboxStore, StoreBatch } from "./sandbox-store.js";

const DATABASE_FILE = "sandbox.db";
// The library's own lock: a folder beside the database, left behind when it is not closed.
const LIBRARY_LOCK = `${DATABASE_FILE}.lock`;
// The database file and the files SQLite keeps beside it.
const DATABASE_COMPANIONS = ["", "-wal", "-journal", "-shm"];

// The page of a new database: 16 KB, where SQLite's default is 4 KB. A commit writes every page it
// changed to the write-ahead log, a page at a time, and a group commit of some 30 sales changes
// about 100 KB of records: with pages four times as large, the B-trees are shallower and a commit
// writes fewer, fuller pages. Measured on this store alone (20,000 sales in commits of 30, each
// sale's records as the sandbox writes them): 67-75 µs of CPU a sale with 4 KB pages, 46-48 with
// 16 KB, 43-45 with 32 or 64 KB. A database made before keeps its page size (SQLite changes it only
// by rewriting the file, and not at all in WAL mode) and works as before.
const PAGE_BYTES = 16_384;

// How far the write-ahead log grows before SQLite copies it into the database (a checkpoint, the
// one time it calls `fsync`, on the event loop like every commit): 16 MB. SQLite's default, 1,000
// pages (4 MB with 4 KB pages), is some 400 sales here: a checkpoint every fraction of a second
// under load. 16 MB makes them a quarter as many, and a page changed by many commits is copied
// once per checkpoint. Nothing changes for a crash of the sandbox or `kill -9`: a commit is in the
// log either way. A power loss may take what the log held since the last checkpoint and the system
// had not written back yet: up to 16 MB of commits (4 MB with the default).
const CHECKPOINT_BYTES = 16 * 1024 * 1024;

/** `error` of SQLite on `file` as what a user can act on: which file, and what to do with it. */
function notASandboxDatabase(file: string, error: unknown): DataDirError {
  const reason = error instanceof Error ? error.message : String(error);
  return new DataDirError(
    `dataDir: ${file} is not a sandbox database (SQLite: ${reason}); ` +
      "move that file away (the sandbox then starts afresh in its directory) or choose another data directory",
    { cause: error },
  );
}

/**
 * The store of `--data-dir`: SQLite compiled to WebAssembly (`node-sqlite3-wasm`, from npm with no
 * native build), one table of JSON records in `DIR/sandbox.db`, with a write-ahead log in exclusive
 * locking mode. `synchronous = NORMAL`: a commit is written to the log before it returns, so it
 * survives the sandbox's crash or `kill -9`, but is not forced to the disk with an `fsync` (SQLite
 * syncs the log at each checkpoint), so a power loss may take the last commits. An `fsync` per
 * commit (`FULL`) blocked the event loop for milliseconds on every commit and cost durable mode
 * about half its throughput. The SQLite module is loaded only here, so a sandbox without a data
 * directory starts without it.
 */
export function openSqliteStore(dir: string): SandboxStore {
  const unlock = lockDataDir(dir, [LIBRARY_LOCK]);
  const file = join(dir, DATABASE_FILE);
  try {
    // The database and its journals: never a link, never another user's; a new one private.
    for (const suffix of DATABASE_COMPANIONS) secureDataFile(`${file}${suffix}`);
    createPrivateFile(file);
  } catch (error) {
    unlock();
    throw error;
  }
  let db: Database | undefined;
  try {
    const { Database } = sqliteLibrary();
    db = new Database(file);
    // Before anything is written: it has effect only on a database that has no page yet.
    db.exec(`PRAGMA page_size = ${PAGE_BYTES}`);
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    const pageBytes = Number(db.get("PRAGMA page_size")?.["page_size"] ?? PAGE_BYTES);
    db.exec(`PRAGMA wal_autocheckpoint = ${Math.ceil(CHECKPOINT_BYTES / pageBytes)}`);
    db.exec(
      "CREATE TABLE IF NOT EXISTS records (kind TEXT NOT NULL, id TEXT NOT NULL, orderid TEXT, json TEXT NOT NULL, PRIMARY KEY (kind, id))",
    );
    db.exec("CREATE INDEX IF NOT EXISTS records_by_order ON records (orderid)");
  } catch (error) {
    try {
      db?.close();
    } catch {
      // Closing what failed to open may fail too; the lock folder goes below either way.
    }
    rmSync(join(dir, LIBRARY_LOCK), { recursive: true, force: true });
    unlock();
    throw notASandboxDatabase(file, error);
  }
  const opened = db;
  // The JSON is bound as its UTF-8 bytes and made TEXT by SQLite (the column holds text as
  // before): the library copies a string into WebAssembly memory a character at a time in
  // JavaScript, a byte array in one copy, and a sale's records are kilobytes.
  const put: Statement = opened.prepare(
    "INSERT OR REPLACE INTO records (kind, id, orderid, json) VALUES (?, ?, ?, CAST(? AS TEXT))",
  );
  const forget: Statement = opened.prepare("DELETE FROM records WHERE orderid = ?");
  const forgetRecord: Statement = opened.prepare("DELETE FROM records WHERE kind = ? AND id = ?");
  return {
    location: file,
    *load() {
      let all: Statement | undefined;
      try {
        all = opened.prepare("SELECT kind, id, orderid, json FROM records");
        for (const row of all.iterate() as IterableIterator<NormalQueryResult>) {
          yield {
            kind: row["kind"] as RecordKind,
            id: String(row["id"]),
            orderid: row["orderid"] === null ? null : String(row["orderid"]),
            json: String(row["json"]),
          };
        }
      } catch (error) {
        // A truncated copy opens, and fails only once its pages are read.
        throw notASandboxDatabase(file, error);
      } finally {
        all?.finalize();
      }
    },
    commit(batch: StoreBatch) {
      opened.exec("BEGIN");
      try {
        if (batch.clear) opened.exec("DELETE FROM records");
        for (const orderid of batch.forgetOrders) forget.run([orderid]);
        for (const { kind, id } of batch.forgetRecords) forgetRecord.run([kind, id]);
        for (const record of batch.records)
          put.run([record.kind, record.id, record.orderid, Buffer.from(record.json, "utf8")]);
        opened.exec("COMMIT");
      } catch (error) {
        if (opened.inTransaction) opened.exec("ROLLBACK");
        throw error;
      }
    },
    close() {
      put.finalize();
      forget.finalize();
      forgetRecord.finalize();
      opened.close();
      unlock();
    },
  };
}
