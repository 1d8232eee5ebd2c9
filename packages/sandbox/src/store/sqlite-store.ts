import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Database, Statement } from "node-sqlite3-wasm";
import { sqliteLibrary } from "../shipped-files.js";
import { DataDirError } from "./data-dir-error.js";
import { lockDataDir } from "./data-dir-lock.js";
import { createPrivateFile, secureDataFile } from "./data-dir-safety.js";
import type { RecordKind, SandboxStore, StoreBatch } from "./sandbox-store.js";
import { rowsOf } from "./sqlite-rows.js";
import { isWholeNumberId, kindTables, prepareSchema } from "./sqlite-schema.js";

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
 * native build), records of JSON text in `DIR/sandbox.db` (a table for each kind a payment writes,
 * see `sqlite-schema.ts`), with a write-ahead log in exclusive
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
    prepareSchema(db, file);
  } catch (error) {
    try {
      db?.close();
    } catch {
      // Closing what failed to open may fail too; the lock folder goes below either way.
    }
    rmSync(join(dir, LIBRARY_LOCK), { recursive: true, force: true });
    unlock();
    throw error instanceof DataDirError ? error : notASandboxDatabase(file, error);
  }
  const opened = db;
  // The JSON is bound as its UTF-8 bytes and made TEXT by SQLite (the column holds text as
  // before): the library copies a string into WebAssembly memory a character at a time in
  // JavaScript, a byte array in one copy, and a sale's records are kilobytes. A record written
  // again (an order that changed) is updated where it is (an upsert), not deleted and added anew.
  const put: Statement = opened.prepare(
    "INSERT INTO records (kind, id, orderid, json) VALUES (?, ?, ?, CAST(? AS TEXT)) ON CONFLICT (kind, id) DO UPDATE SET orderid = excluded.orderid, json = excluded.json",
  );
  const forget: Statement = opened.prepare("DELETE FROM records WHERE orderid = ?");
  const forgetRecord: Statement = opened.prepare("DELETE FROM records WHERE kind = ? AND id = ?");
  const tables = new Map(
    kindTables.map(([kind, { table, keyedByOrder }]) => [
      kind,
      {
        table,
        keyedByOrder,
        put: opened.prepare(
          keyedByOrder
            ? `INSERT INTO ${table} (id, json) VALUES (?, CAST(? AS TEXT)) ON CONFLICT (id) DO UPDATE SET json = excluded.json`
            : `INSERT INTO ${table} (id, orderid, json) VALUES (?, ?, CAST(? AS TEXT)) ON CONFLICT (id) DO UPDATE SET orderid = excluded.orderid, json = excluded.json`,
        ),
        forget: opened.prepare(`DELETE FROM ${table} WHERE ${keyedByOrder ? "id" : "orderid"} = ?`),
        forgetRecord: opened.prepare(`DELETE FROM ${table} WHERE id = ?`),
      },
    ]),
  );
  const statements = [
    put,
    forget,
    forgetRecord,
    ...[...tables.values()].flatMap((t) => [t.put, t.forget, t.forgetRecord]),
  ];
  return {
    location: file,
    *load() {
      try {
        for (const row of rowsOf(opened, "SELECT kind, id, orderid, json FROM records"))
          yield {
            kind: row["kind"] as RecordKind,
            id: String(row["id"]),
            orderid: row["orderid"] === null ? null : String(row["orderid"]),
            json: String(row["json"]),
          };
        for (const [kind, { table, keyedByOrder }] of tables)
          for (const row of rowsOf(opened, `SELECT * FROM ${table}`)) {
            const id = String(row["id"]);
            const orderid = keyedByOrder ? id : row["orderid"] === null ? null : String(row["orderid"]);
            yield { kind, id, orderid, json: String(row["json"]) };
          }
      } catch (error) {
        // A truncated copy opens, and fails only once its pages are read.
        throw notASandboxDatabase(file, error);
      }
    },
    commit(batch: StoreBatch) {
      // Checked before the transaction: a record the tables cannot key is refused with nothing written.
      for (const record of batch.records) {
        const table = tables.get(record.kind);
        if (table === undefined) continue;
        if (!isWholeNumberId(record.id))
          throw new Error(
            `store: ${record.kind} records are keyed by a whole number, not ${JSON.stringify(record.id)}`,
          );
        if (table.keyedByOrder && record.orderid !== record.id)
          throw new Error(
            `store: ${record.kind} records are keyed by their order's id, not ${JSON.stringify(record.id)} of order ${JSON.stringify(record.orderid)}`,
          );
      }
      opened.exec("BEGIN");
      try {
        if (batch.clear) {
          opened.exec("DELETE FROM records");
          for (const { table } of tables.values()) opened.exec(`DELETE FROM ${table}`);
        }
        for (const orderid of batch.forgetOrders) {
          forget.run([orderid]);
          for (const table of tables.values())
            if (!table.keyedByOrder) table.forget.run([orderid]);
            else if (isWholeNumberId(orderid)) table.forget.run([Number(orderid)]);
        }
        for (const { kind, id } of batch.forgetRecords) {
          const table = tables.get(kind);
          if (table === undefined) forgetRecord.run([kind, id]);
          else if (isWholeNumberId(id)) table.forgetRecord.run([Number(id)]);
        }
        for (const record of batch.records) {
          const json = Buffer.from(record.json, "utf8");
          const table = tables.get(record.kind);
          if (table === undefined) put.run([record.kind, record.id, record.orderid, json]);
          else if (table.keyedByOrder) table.put.run([Number(record.id), json]);
          else table.put.run([Number(record.id), record.orderid, json]);
        }
        opened.exec("COMMIT");
      } catch (error) {
        if (opened.inTransaction) opened.exec("ROLLBACK");
        throw error;
      }
    },
    close() {
      for (const statement of statements) statement.finalize();
      opened.close();
      unlock();
    },
  };
}
