// One instance of a shop for sql-callback-claims.postgres.test.ts: a callback handler on node:http
// whose claims are in a real PostgreSQL server shared with the other instances, and whose
// onCallback books each event in the shop's own table. It kills itself (SIGKILL, as kill -9) between
// its write and the completion of the claim when told to, at its Nth event.
//
// Environment: PG_PORT, CONTROL_KEY, LEASE_MS, MODE ("transaction": the write and the completion in
// one transaction; "lease": the write, then the handler's own completion), KILL_AT (0: never).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { createCallbackHandler } from "../src/callbacks/callback-handler.js";
import { toNodeListener } from "../src/callbacks/node-listener.js";
import { type SqlQuery, sqlCallbackClaims } from "../src/callbacks/sql-callback-claims.js";

const env = (name: string) => process.env[name] ?? "";
const mode = env("MODE");
const killAt = Number(env("KILL_AT") || "0");
const pool = new pg.Pool({
  host: "127.0.0.1",
  port: Number(env("PG_PORT")),
  user: "postgres",
  database: "postgres",
  max: 8,
});
const queryOf =
  (on: pg.Pool | pg.PoolClient): SqlQuery =>
  (sql, params) =>
    on.query(sql, params).then((result) => result.rows);

let booked = 0;
const dieHere = () => {
  booked += 1;
  if (booked === killAt) process.kill(process.pid, "SIGKILL");
};

const handler = createCallbackHandler({
  controlKey: env("CONTROL_KEY"),
  leaseMs: Number(env("LEASE_MS")),
  seen: sqlCallbackClaims(queryOf(pool)),
  onError: () => {},
  onCallback: async (_callback, event) => {
    if (mode === "lease") {
      await pool.query("insert into bookings (event, pid) values ($1, $2)", [event.key, process.pid]);
      dieHere(); // written, not yet completed: the handler completes after onCallback returns
      return;
    }
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("insert into bookings (event, pid) values ($1, $2)", [event.key, process.pid]);
      dieHere(); // written, not yet completed nor committed
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
