// One instance of a shop for sql-callback-claims.postgres.test.ts: a callback handler on node:http
// whose claims are in a real PostgreSQL server shared with the other instances, and whose
// onCallback books each event in the shop's own table. It kills itself (SIGKILL, as kill -9) between
// its write and the completion of the claim when its booking is one of the planned ones: the Nth
// booking of all instances together, counted in the database's `booking_count` row, so a planned
// kill happens whichever instance the deliveries favour.
//
// Environment: PG_PORT, CONTROL_KEY, LEASE_MS, MODE ("transaction": the write and the completion in
// one transaction; "lease": the write, then the handler's own completion), KILL_AT (the bookings,
// counted over every instance, at which the instance that makes it dies: "25,50"; empty: never).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { createCallbackHandler } from "../src/callbacks/callback-handler.js";
import { toNodeListener } from "../src/callbacks/node-listener.js";
import { type SqlQuery, sqlCallbackClaims } from "../src/callbacks/sql-callback-claims.js";

const env = (name: string) => process.env[name] ?? "";
const mode = env("MODE");
const killAt = new Set(env("KILL_AT").split(",").filter(Boolean).map(Number));
const database = { host: "127.0.0.1", port: Number(env("PG_PORT")), user: "postgres", database: "postgres" };
const pool = new pg.Pool({ ...database, max: 8 });
// The bookings' count on a connection of its own: a handler that holds one of the pool's connections
// for its transaction must never wait for another one of the same pool.
const counter = new pg.Pool({ ...database, max: 1 });
const queryOf =
  (on: pg.Pool | pg.PoolClient): SqlQuery =>
  (sql, params) =>
    on.query(sql, params).then((result) => result.rows);

/** Counts this booking among every instance's (in its own statement, committed at once). */
const dieHere = async () => {
  const { rows } = await counter.query<{ n: number }>("update booking_count set n = n + 1 returning n");
  if (killAt.has(rows[0]?.n ?? 0)) process.kill(process.pid, "SIGKILL");
};

const handler = createCallbackHandler({
  controlKey: env("CONTROL_KEY"),
  leaseMs: Number(env("LEASE_MS")),
  seen: sqlCallbackClaims(queryOf(pool)),
  onError: () => {},
  onCallback: async (_callback, event) => {
    if (mode === "lease") {
      await pool.query("insert into bookings (event, pid) values ($1, $2)", [event.key, process.pid]);
      await dieHere(); // written, not yet completed: the handler completes after onCallback returns
      return;
    }
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("insert into bookings (event, pid) values ($1, $2)", [event.key, process.pid]);
      await dieHere(); // written, not yet completed nor committed
      await event.complete(queryOf(client));
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  },
});

// Ends with the test that started it: its stdin closes when that process exits, however it ends.
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));

const listener = toNodeListener(handler);
const server = createServer((req, res) => void listener(req, res));
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`);
});
