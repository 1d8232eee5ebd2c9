import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sqliteLibrary } from "../shipped-files.js";
import type { SandboxStore, StoredRecord } from "./sandbox-store.js";
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
function loaded(store: SandboxStore): StoredRecord[] {
  return [...store.load()].sort((a, b) => `${a.kind} ${a.id}`.localeCompare(`${b.kind} ${b.id}`));
}

/** The page size a SQLite file's header gives (bytes 16-17, big-endian; 1 stands for 65,536). */
function pageBytesOf(file: string): number {
  const size = readFileSync(file).readUInt16BE(16);
  return size === 1 ? 65_536 : size;
}

const record = (kind: StoredRecord["kind"], id: string, orderid: string | null, json = "{}"): StoredRecord => ({
  kind,
  id,
  orderid,
  json,
});

describe("the SQLite store", () => {
  it("keeps committed records across a close and an open, replacing a record of the same kind and id", () => {
    const dir = freshDir();
    const store = openSqliteStore(dir);
    store.commit({
      clear: false,
      forgetOrders: [],
      forgetRecords: [],
      records: [record("order", "1000001", "1000001", '{"v":1}'), record("meta", "engine", null)],
    });
    store.commit({
      clear: false,
      forgetOrders: [],
      forgetRecords: [],
      records: [record("order", "1000001", "1000001", '{"v":2}')],
    });
    store.close();
    const again = openSqliteStore(dir);
    expect(loaded(again)).toEqual([record("meta", "engine", null), record("order", "1000001", "1000001", '{"v":2}')]);
    again.close();
  });

  it("keeps JSON beyond ASCII as the same text (card holder 'Zoë Ł', a description with ✓ and 😀)", () => {
    const dir = freshDir();
    const store = openSqliteStore(dir);
    const json = JSON.stringify({ card_printed_name: "Zoë Ł", order_desc: "paid ✓ 😀", empty: "" });
    store.commit({
      clear: false,
      forgetOrders: [],
      forgetRecords: [],
      records: [record("request", "1", "1000001", json)],
    });
    store.close();
    const again = openSqliteStore(dir);
    expect(loaded(again)).toEqual([record("request", "1", "1000001", json)]);
    again.close();
  });

  it("forgets every record of a forgotten order, a record by kind and id, and everything on clear", () => {
    const store = openSqliteStore(freshDir());
    store.commit({
      clear: false,
      forgetOrders: [],
      forgetRecords: [],
      records: [
        record("order", "1", "1"),
        record("request", "1", "1"),
        record("order", "2", "2"),
        record("request", "2", null),
      ],
    });
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
    store.commit({ clear: false, forgetOrders: [], forgetRecords: [], records: [record("meta", "engine", null)] });
    expect(loaded(store)).toHaveLength(1);
    store.close();
  });

  it("makes a new database with 16 KB pages, and keeps working with a database of 4 KB pages made before", () => {
    const fresh = freshDir();
    const store = openSqliteStore(fresh);
    store.commit({ clear: false, forgetOrders: [], forgetRecords: [], records: [record("meta", "engine", null)] });
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
    reopened.commit({ clear: false, forgetOrders: [], forgetRecords: [], records: [record("meta", "engine", null)] });
    expect(loaded(reopened)).toEqual([
      record("meta", "engine", null),
      record("order", "1000001", "1000001", '{"v":1}'),
    ]);
    reopened.close();
    expect(pageBytesOf(join(earlier, "sandbox.db"))).toBe(4_096);
  });
});
