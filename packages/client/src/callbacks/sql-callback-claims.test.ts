// sqlCallbackClaims on PGlite (PostgreSQL in one process): two stores over one database stand for
// two instances of the shop. The kill -9 test across real processes is sql-callback-claims.postgres.test.ts.
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCallbackHandler } from "./callback-handler.js";
import { signCallback } from "./sign-callback.js";
import { type SqlQuery, sqlCallbackClaims } from "./sql-callback-claims.js";

const controlKey = "test-merchant-control";
let db: PGlite;
const queryOf =
  (on: PGlite | Transaction): SqlQuery =>
  (sql, params) =>
    on.query(sql, params).then((result) => result.rows);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  db = new PGlite();
  await sqlCallbackClaims(queryOf(db)).createTable();
  await db.query("create table bookings (event text not null)");
}, 60_000);
beforeEach(() => db.exec("truncate callback_events; truncate bookings"));
afterAll(() => db.close());

describe("sqlCallbackClaims", () => {
  it("claims an event once: busy while held, done once completed, claimable again once released", async () => {
    const [a, b] = [sqlCallbackClaims(queryOf(db)), sqlCallbackClaims(queryOf(db))];
    expect(await a.claim("k1", 60_000)).toBe("claimed");
    expect(await b.claim("k1", 60_000)).toBe("busy");
    await a.complete("k1");
    expect(await b.claim("k1", 60_000)).toBe("done");
    expect(await a.claim("k2", 60_000)).toBe("claimed");
    await a.release("k2");
    expect(await b.claim("k2", 60_000)).toBe("claimed");
  });

  it("hands a claim whose lease ran out to another instance; the first then cannot complete it", async () => {
    const [a, b] = [sqlCallbackClaims(queryOf(db)), sqlCallbackClaims(queryOf(db))];
    expect(await a.claim("k1", 50)).toBe("claimed");
    await sleep(80);
    expect(await b.claim("k1", 60_000)).toBe("claimed");
    await expect(a.complete("k1")).rejects.toThrow(/claim was lost/);
    await b.complete("k1");
    expect(await a.claim("k1", 60_000)).toBe("done");
  });

  it("refuses a table name that is not a plain SQL name", () => {
    expect(() => sqlCallbackClaims(queryOf(db), { table: "x; drop table bookings" })).toThrow(/table/);
  });
});

describe("completing the claim in the shop's own transaction", () => {
  const deliver = async (handler: (request: Request) => Promise<Response>) => {
    const query = await signCallback(
      { status: "approved", orderid: "1000001", client_orderid: "A1", type: "sale" },
      controlKey,
    );
    return (await handler(new Request(`http://shop.test/callback?${query}`))).status;
  };

  it("commits the write and the completion together: a crash before the commit leaves neither, the redelivery books once", async () => {
    let crash = true;
    const handler = createCallbackHandler({
      controlKey,
      seen: sqlCallbackClaims(queryOf(db)),
      onError: () => {},
      onCallback: (_callback, event) =>
        db.transaction(async (tx) => {
          await tx.query("insert into bookings (event) values ($1)", [event.key]);
          await event.complete(queryOf(tx));
          if (crash) throw new Error("process died before the commit");
        }),
    });
    expect(await deliver(handler)).toBe(500);
    expect((await db.query("select * from bookings")).rows).toEqual([]);
    crash = false;
    expect(await deliver(handler)).toBe(200);
    expect(await deliver(handler)).toBe(200);
    expect((await db.query<{ n: number }>("select count(*)::int as n from bookings")).rows[0]?.n).toBe(1);
  });

  it("rolls the write back when the lease ran out and another instance took the event meanwhile", async () => {
    const slow = sqlCallbackClaims(queryOf(db));
    const fast = sqlCallbackClaims(queryOf(db));
    const key = "approved|sale|1000001|A1";
    expect(await slow.claim(key, 50)).toBe("claimed");
    await sleep(80);
    // The other instance takes the event after the lease and books it.
    expect(await fast.claim(key, 60_000)).toBe("claimed");
    await db.transaction(async (tx) => {
      await tx.query("insert into bookings (event) values ($1)", [key]);
      await fast.complete(key, queryOf(tx));
    });
    // The first instance wakes up and tries to book it too, inside its transaction: refused, rolled back.
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into bookings (event) values ($1)", [key]);
        await slow.complete(key, queryOf(tx));
      }),
    ).rejects.toThrow(/claim was lost/);
    expect((await db.query<{ n: number }>("select count(*)::int as n from bookings")).rows[0]?.n).toBe(1);
  });
});
