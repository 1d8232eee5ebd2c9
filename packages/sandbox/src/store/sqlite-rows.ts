import type { BindValues, Database, NormalQueryResult } from "node-sqlite3-wasm";

/**
 * The rows `sql` selects with `values` bound, one at a time (a big directory is never held whole),
 * its statement finalized however the reading ends: at the last row, at a `break`, or on an error.
 */
export function* rowsOf(db: Database, sql: string, values?: BindValues): Generator<NormalQueryResult> {
  const statement = db.prepare(sql);
  try {
    yield* statement.iterate(values) as IterableIterator<NormalQueryResult>;
  } finally {
    statement.finalize();
  }
}
