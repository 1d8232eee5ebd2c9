import { usageError } from "../errors/usage-error.js";
import type { CallbackClaim, CallbackSeen } from "./callback-seen.js";

/**
 * A SQL driver's query function, as `sqlCallbackClaims` takes it: runs one statement with
 * `$1`-style parameters and resolves to its rows. node-postgres, postgres.js and PGlite fit in
 * one line each (see {@link sqlCallbackClaims}).
 *
 * @example
 * ```ts
 * import type { SqlQuery } from "@card-processing/client/callback-handler";
 * declare const pool: { query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }> };
 * const query: SqlQuery = (sql, params) => pool.query(sql, params).then((result) => result.rows);
 * ```
 */
export type SqlQuery = (sql: string, params: unknown[]) => Promise<readonly unknown[]>;

/**
 * The claim store {@link sqlCallbackClaims} returns: a {@link CallbackSeen} whose `complete` also
 * takes your transaction's query function, and the statement that creates its table.
 *
 * @example
 * ```ts
 * import { sqlCallbackClaims, type SqlCallbackClaims, type SqlQuery } from "@card-processing/client/callback-handler";
 * declare const query: SqlQuery;
 * const seen: SqlCallbackClaims = sqlCallbackClaims(query);
 * await seen.createTable();
 * ```
 */
export interface SqlCallbackClaims extends CallbackSeen {
  /** Creates the table of claims when it does not exist yet (PostgreSQL). */
  createTable(): Promise<void>;
  /**
   * Marks the claimed event handled, through `within` when given (your transaction's query
   * function): it commits or rolls back with your own write. It throws when this process no
   * longer holds the claim (its lease ran out and another instance took the event), so your
   * transaction rolls back instead of writing the event a second time.
   */
  complete(key: string, within?: SqlQuery): Promise<void>;
}

/**
 * A claim store for `createCallbackHandler`'s `seen` in your PostgreSQL database, over any
 * driver's query function (no dependency of ours): one row per event, claimed for a lease by one
 * statement, with a token naming the claim's holder. Two ways to complete a claim:
 *
 * - **in your transaction** (`event.complete(txQuery)` inside `onCallback`, before your commit):
 *   the event is marked handled exactly when your write commits. A process killed before the
 *   commit leaves neither (the next delivery after the lease handles the event); one whose lease
 *   ran out meanwhile finds the claim taken and rolls back. Each event's write happens once.
 * - **after `onCallback`** (the handler's own `complete`, the lease-only way, for stores without
 *   transactions): a process killed between your write and the completion leaves the event
 *   claimed, and the first delivery after the lease handles it again: make that write idempotent.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, sqlCallbackClaims } from "@card-processing/client/callback-handler";
 * declare const pool: { query(sql: string, params: unknown[]): Promise<{ rows: unknown[] }> }; // node-postgres
 * const seen = sqlCallbackClaims((sql, params) => pool.query(sql, params).then((r) => r.rows));
 * // postgres.js: sqlCallbackClaims((text, params) => sql.unsafe(text, params))
 * // PGlite:      sqlCallbackClaims((sql, params) => db.query(sql, params).then((r) => r.rows))
 * await seen.createTable();
 * const handler = createCallbackHandler({ controlKey, onCallback, seen });
 * ```
 */
export function sqlCallbackClaims(query: SqlQuery, options: { readonly table?: string } = {}): SqlCallbackClaims {
  if (typeof query !== "function") {
    throw usageError("ERR_OPTION_INVALID", "query", "expected a function (sql, params) => rows", "sqlCallbackClaims");
  }
  const table = options.table ?? "callback_events";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) {
    throw usageError("ERR_OPTION_INVALID", "table", "expected a lower-case SQL name", "sqlCallbackClaims");
  }
  // The token of each claim this process holds; the handler runs one claim per key at a time.
  const tokens = new Map<string, string>();
  return {
    async createTable() {
      await query(
        `create table if not exists ${table} (key text primary key, token text not null,
           claimed_until timestamptz not null, done boolean not null default false)`,
        [],
      );
    },
    async claim(key, leaseMs): Promise<CallbackClaim> {
      const token = crypto.randomUUID();
      // A new key is inserted; an existing one is taken over only when it is not done and its last
      // lease ran out (its holder died). A row comes back only when claimed.
      const claimed = await query(
        `insert into ${table} (key, token, claimed_until)
         values ($1, $2, now() + $3::float8 * interval '1 millisecond')
         on conflict (key) do update set token = excluded.token, claimed_until = excluded.claimed_until
           where not ${table}.done and ${table}.claimed_until < now()
         returning key`,
        [key, token, leaseMs],
      );
      if (claimed.length > 0) {
        tokens.set(key, token);
        return "claimed";
      }
      const rows = (await query(`select done from ${table} where key = $1`, [key])) as Array<{ done?: boolean }>;
      return rows[0]?.done ? "done" : "busy";
    },
    async complete(key, within) {
      // Completing twice (in your transaction, then by the handler once onCallback returned) is
      // harmless; a claim this process no longer holds throws, rolling your transaction back.
      const done = await (within ?? query)(
        `update ${table} set done = true where key = $1 and token = $2 returning key`,
        [key, tokens.get(key) ?? ""],
      );
      if (done.length === 0) throw new Error(`callback ${key}: the claim was lost (its lease ran out) or is not held`);
      if (within === undefined) tokens.delete(key);
    },
    async release(key) {
      await query(`delete from ${table} where key = $1 and token = $2 and not done`, [key, tokens.get(key) ?? ""]);
      tokens.delete(key);
    },
  };
}
