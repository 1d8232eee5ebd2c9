import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sqliteLibrary } from "../shipped-files.js";
import { DataDirError } from "./data-dir-error.js";
import type { SandboxStore, StoreBatch, StoredRecord } from "./sandbox-store.js";
import { openSqliteStore } from "./sqlite-store.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "sqlite-store-"));
  dirs.push(dir);
  return dir;
}

/** Every record of `store`, by kind and id. */
function loaded(store: Pick<SandboxStore, "load">): StoredRecord[] {
  return [...store.load()].sort((a, b) => `${a.kind} ${a.id}`.localeCompare(`${b.kind} ${b.id}`));
}

/** The page size a SQLite file's header gives (bytes 16-17, big-endian; 1 stands for 65,536). */
function pageBytesOf(file: string): number {
  const size = readFileSync(file).readUInt16BE(16);
  return size === 1 ? 65_536 : size;
}

/** A database of the first schema (every record in one table), holding `records`, its user_version `version`. */
function firstSchemaDir(records: readonly StoredRecord[], version = 0): string {
  const dir = freshDir();
  const { Database } = sqliteLibrary();
  const db = new Database(join(dir, "sandbox.db"));
  db.exec(
    "CREATE TABLE records (kind TEXT NOT NULL, id TEXT NOT NULL, orderid TEXT, json TEXT NOT NULL, PRIMARY KEY (kind, id))",
  );
  db.exec("CREATE INDEX records_by_order ON records (orderid)");
  for (const r of records) db.run("INSERT INTO records VALUES (?, ?, ?, ?)", [r.kind, r.id, r.orderid, r.json]);
  db.exec(`PRAGMA user_version = ${version}`);
  db.close();
  return dir;
}

/** What `sql` reads from the (closed) database of `dir`. */
function query(dir: string, sql: string): unknown[] {
  const { Database } = sqliteLibrary();
  const db = new Database(join(dir, "sandbox.db"));
  try {
    // A database the store has opened is in WAL mode, which this library reads in exclusive locking mode only.
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    return db.all(sql);
  } finally {
    db.close();
  }
}

const record = (kind: StoredRecord["kind"], id: string, orderid: string | null, json = "{}"): StoredRecord => ({
  kind,
  id,
  orderid,
  json,
});

/** A batch that only writes `records`. */
const writing = (records: StoredRecord[]): StoreBatch => ({
  clear: false,
  forgetOrders: [],
  forgetRecords: [],
  records,
});

describe("the SQLite store", () => {
  it("keeps committed records across a close and an open, replacing a record of the same kind and id", () => {
    const dir = freshDir();
    const store = openSqliteStore(dir);
    store.commit(writing([record("order", "1000001", "1000001", '{"v":1}'), record("meta", "engine", null)]));
    store.commit(writing([record("order", "1000001", "1000001", '{"v":2}')]));
    store.close();
    const again = openSqliteStore(dir);
    expect(loaded(again)).toEqual([record("meta", "engine", null), record("order", "1000001", "1000001", '{"v":2}')]);
    again.close();
  });

  it("keeps JSON beyond ASCII as the same text (card holder 'Zoë Ł', a description with ✓ and 😀)", () => {
    const dir = freshDir();
    const store = openSqliteStore(dir);
    const json = JSON.stringify({ card_printed_name: "Zoë Ł", order_desc: "paid ✓ 😀", empty: "" });
    store.commit(writing([record("request", "1", "1000001", json)]));
    store.close();
    const again = openSqliteStore(dir);
    expect(loaded(again)).toEqual([record("request", "1", "1000001", json)]);
    again.close();
  });

  it("forgets every record of a forgotten order, a record by kind and id, and everything on clear", () => {
    const store = openSqliteStore(freshDir());
    store.commit(
      writing([
        record("order", "1", "1"),
        record("request", "1", "1"),
        record("order", "2", "2"),
        record("request", "2", null),
      ]),
    );
    store.commit({ clear: false, forgetOrders: ["1"], forgetRecords: [], records: [] });
    expect(loaded(store).map((r) => `${r.kind} ${r.id}`)).toEqual(["order 2", "request 2"]);
    store.commit({ clear: false, forgetOrders: [], forgetRecords: [{ kind: "request", id: "2" }], records: [] });
    expect(loaded(store).map((r) => `${r.kind} ${r.id}`)).toEqual(["order 2"]);
    store.commit({ clear: true, forgetOrders: [], forgetRecords: [], records: [record("meta", "engine", null)] });
    expect(loaded(store).map((r) => r.kind)).toEqual(["meta"]);
    store.close();
  });

  it("takes over a directory whose sandbox was killed, lock folder and all", () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(join(dir, "sandbox.pid"), gone.stdout);
    mkdirSync(join(dir, "sandbox.db.lock"));
    const store = openSqliteStore(dir);
    store.commit(writing([record("meta", "engine", null)]));
    expect(loaded(store)).toHaveLength(1);
    store.close();
  });

  it("makes a new database with 16 KB pages, and keeps working with a database of 4 KB pages made before", () => {
    const fresh = freshDir();
    const store = openSqliteStore(fresh);
    store.commit(writing([record("meta", "engine", null)]));
    store.close();
    expect(pageBytesOf(join(fresh, "sandbox.db"))).toBe(16_384);

    // A directory of an earlier sandbox: SQLite's default 4 KB pages, the same table.
    const earlier = freshDir();
    const { Database } = sqliteLibrary();
    const db = new Database(join(earlier, "sandbox.db"));
    db.exec(
      "CREATE TABLE records (kind TEXT NOT NULL, id TEXT NOT NULL, orderid TEXT, json TEXT NOT NULL, PRIMARY KEY (kind, id))",
    );
    db.run("INSERT INTO records VALUES (?, ?, ?, ?)", ["order", "1000001", "1000001", '{"v":1}']);
    db.close();
    const reopened = openSqliteStore(earlier);
    reopened.commit(writing([record("meta", "engine", null)]));
    expect(loaded(reopened)).toEqual([
      record("meta", "engine", null),
      record("order", "1000001", "1000001", '{"v":1}'),
    ]);
    reopened.close();
    expect(pageBytesOf(join(earlier, "sandbox.db"))).toBe(4_096);
  });

  it("moves a database of the first schema into a table per payment kind in one go, every record as it was", () => {
    const every = [
      record("order", "1000001", "1000001", '{"orderid":"1000001"}'),
      record("fingerprint", "1000001", "1000001", '{"digests":[]}'),
      record("history", "7", "1000001", '{"what":"sale created"}'),
      record("request", "3", "1000001", '{"id":3}'),
      record("request", "4", null, '{"id":4,"refused":true}'),
      record("event", "2", "1000001", '{"id":2}'),
      record("callback", "5", "1000001", '{"id":5}'),
      record("card-ref", "900001", null, '{"cardRefId":"900001"}'),
      record("subscription", "500001", null, '{"payment":{"id":"500001"}}'),
      record("meta", "engine", null, '{"nextOrderId":1000002}'),
    ];
    const dir = firstSchemaDir(every);
    const store = openSqliteStore(dir);
    expect(loaded(store)).toEqual(loaded({ load: () => every }));
    store.close();
    expect(query(dir, "PRAGMA user_version")).toEqual([{ user_version: 2 }]);
    // Only the kinds written rarely stay in the first table.
    expect(query(dir, "SELECT kind FROM records ORDER BY kind")).toEqual([
      { kind: "card-ref" },
      { kind: "meta" },
      { kind: "subscription" },
    ]);
    expect(query(dir, "SELECT id, json FROM orders")).toEqual([{ id: 1000001, json: '{"orderid":"1000001"}' }]);
    // Opened again, nothing moves twice.
    const again = openSqliteStore(dir);
    expect(loaded(again)).toHaveLength(every.length);
    again.close();
  });

  it("moves again what an earlier sandbox wrote to records after the upgrade, its newer record replacing the table's", () => {
    const dir = freshDir();
    const store = openSqliteStore(dir);
    store.commit(
      writing([record("order", "1000001", "1000001", '{"v":1}'), record("history", "1", "1000001", '{"h":1}')]),
    );
    store.close();
    // What a sandbox of the first layout does with the directory: it reads and writes records alone.
    const { Database } = sqliteLibrary();
    const earlier = new Database(join(dir, "sandbox.db"));
    earlier.exec("PRAGMA locking_mode = EXCLUSIVE");
    earlier.run("INSERT OR REPLACE INTO records VALUES (?, ?, ?, ?)", ["order", "1000001", "1000001", '{"v":2}']);
    earlier.run("INSERT OR REPLACE INTO records VALUES (?, ?, ?, ?)", ["order", "1000002", "1000002", '{"v":1}']);
    earlier.close();
    const again = openSqliteStore(dir);
    expect(loaded(again)).toEqual([
      record("history", "1", "1000001", '{"h":1}'),
      record("order", "1000001", "1000001", '{"v":2}'),
      record("order", "1000002", "1000002", '{"v":1}'),
    ]);
    again.close();
    expect(query(dir, "SELECT count(*) AS n FROM records")).toEqual([{ n: 0 }]);
  });

  it("refuses a database of a newer schema with a DataDirError, and leaves its tables and records as they were", () => {
    const dir = firstSchemaDir([record("meta", "engine", null)], 3);
    expect(() => openSqliteStore(dir)).toThrow(DataDirError);
    expect(() => openSqliteStore(dir)).toThrow(
      /sandbox\.db was written by a newer sandbox \(schema 3; this one reads up to 2\)/,
    );
    expect(query(dir, "PRAGMA user_version")).toEqual([{ user_version: 3 }]);
    expect(query(dir, "SELECT name FROM sqlite_schema WHERE type = 'table'")).toEqual([{ name: "records" }]);
  });

  it("refuses a first-schema record of a payment kind whose id no sandbox wrote, and moves nothing", () => {
    for (const odd of [
      record("history", "7a", "1000001"),
      record("order", "1000001", "1000002"),
      record("event", "01", null),
    ]) {
      const dir = firstSchemaDir([record("order", "1000003", "1000003"), odd]);
      expect(() => openSqliteStore(dir)).toThrow(
        new RegExp(
          `holds a record of kind ${odd.kind} \\(id "${odd.id}", order ${JSON.stringify(odd.orderid)}\\) that no sandbox wrote`,
        ),
      );
      expect(query(dir, "SELECT count(*) AS n FROM records")).toEqual([{ n: 2 }]);
      expect(query(dir, "SELECT name FROM sqlite_schema WHERE type = 'table'")).toEqual([{ name: "records" }]);
      expect(query(dir, "PRAGMA user_version")).toEqual([{ user_version: 0 }]);
    }
  });

  it("refuses a batch with a payment record its table cannot key, writing nothing of that batch", () => {
    const store = openSqliteStore(freshDir());
    expect(() => store.commit(writing([record("meta", "engine", null), record("history", "x1", "1")]))).toThrow(
      'store: history records are keyed by a whole number, not "x1"',
    );
    expect(() => store.commit(writing([record("meta", "engine", null), record("order", "1", "2")]))).toThrow(
      'store: order records are keyed by their order\'s id, not "1" of order "2"',
    );
    expect(loaded(store)).toEqual([]);
    store.close();
  });
});
