import type { BundledSpec } from "./bundle-spec.ts";

/**
 * The API's operations, each a `POST` to a path ending in `/{endpointId}`, as `[path, operation]`:
 * what the operation table, the wire format and the named operations are built from. The
 * transactions report (a `GET` beside the API, under its own server) is not one of them: it is
 * read by {@link reportOperationOf}. A path with neither is an error naming it.
 */
export function postOperations(spec: BundledSpec): Array<[string, any]> {
  const operations: Array<[string, any]> = [];
  for (const [path, item] of Object.entries<any>(spec.paths ?? {})) {
    if (item.post) operations.push([path, item.post]);
    else if (!item.get) throw new Error(`${path}: every path must have a post operation (or be the report's get)`);
  }
  return operations;
}

/** The one `GET` operation of the spec, the transactions report, with its path. */
export function reportOperationOf(spec: BundledSpec): { path: string; operation: any; item: any } {
  const found = Object.entries<any>(spec.paths ?? {}).filter(([, item]) => item.get && !item.post);
  const [first, ...others] = found;
  if (first === undefined || others.length > 0) {
    throw new Error(`the spec must have exactly one GET operation, the transactions report; found ${found.length}`);
  }
  return { path: first[0], operation: first[1].get, item: first[1] };
}
