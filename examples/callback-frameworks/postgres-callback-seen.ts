// Your own table for `seen`: each callback event is one row, claimed atomically by one instance of
// the shop for a lease, then marked done. Copy it; node-postgres's Pool and PGlite both fit `Database`.
import type { CallbackClaim, CallbackSeen } from "@card-processing/client/callback-handler";

/** What the recipe needs of a PostgreSQL client. */
export interface Database {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** One row per callback event: who holds it until when, and whether it was handled. */
export const callbackEventsTable = `create table if not exists callback_events (
  key text primary key,
  claimed_until timestamptz not null,
  done boolean not null default false
)`;

export function postgresCallbackSeen(db: Database): CallbackSeen {
  return {
    async claim(key, leaseMs): Promise<CallbackClaim> {
      // One statement: a new key is inserted; an existing one is taken over only when it is not done
      // and its last lease ran out (the instance holding it died). A row comes back only when claimed.
      const claimed = await db.query(
        `insert into callback_events (key, claimed_until)
         values ($1, now() + $2::float8 * interval '1 millisecond')
         on conflict (key) do update set claimed_until = excluded.claimed_until
           where not callback_events.done and callback_events.claimed_until < now()
         returning key`,
        [key, leaseMs],
      );
      if (claimed.rows.length > 0) return "claimed";
      const { rows } = await db.query("select done from callback_events where key = $1", [key]);
      return (rows[0] as { done: boolean } | undefined)?.done ? "done" : "busy";
    },
    async complete(key) {
      await db.query("update callback_events set done = true where key = $1", [key]);
    },
    async release(key) {
      await db.query("delete from callback_events where key = $1 and not done", [key]);
    },
  };
}
