import { operationTable } from "./generated/operation-table.js";
import { operationPathPrefixes } from "./generated/wire-format.js";
import type { OperationEntry } from "./operation-entry.js";

/**
 * A request path matched to its operation by {@link matchOperationPath}.
 *
 * @example
 * ```ts
 * import { type OperationPathMatch, operationTable } from "@card-processing/types";
 * const match: OperationPathMatch = { entry: operationTable["/api/v2/sale/{endpointId}"], endpointId: "1111", group: false, basePath: "/paynet" };
 * ```
 */
export interface OperationPathMatch {
  /** The operation's entry of the operation table. */
  readonly entry: OperationEntry;
  /**
   * The last segment exactly as the path holds it (still percent-encoded, possibly empty): the
   * endpoint id, or the endpoint group id when `group` is true. Either is the `endpointId` term of
   * a `control` signature.
   */
  readonly endpointId: string;
  /** True when the path is the operation's endpoint group address (`.../sale/group/42`). */
  readonly group: boolean;
  /** What comes before the operation's own path: the base address's path, such as `/paynet`, or `""`. */
  readonly basePath: string;
}

const entries: Readonly<Record<string, OperationEntry>> = operationTable;

// Each address up to its last `/` (`/api/v2/sale/`, group addresses `/api/v2/sale/group/`), with
// its operation's entry and whether it is a group address; built on first use, not at import (see
// the size budget in CONTRIBUTING.md). No prefix ends another, so at most one matches a path.
let prefixEntries: ReadonlyMap<string, { readonly entry: OperationEntry; readonly group: boolean }> | undefined;
function pathPrefixes(): ReadonlyMap<string, { readonly entry: OperationEntry; readonly group: boolean }> {
  if (prefixEntries !== undefined) return prefixEntries;
  const map = new Map<string, { entry: OperationEntry; group: boolean }>();
  for (const entry of Object.values(entries)) {
    if (entry.groupPath !== undefined)
      map.set(entry.groupPath.slice(0, entry.groupPath.lastIndexOf("/") + 1), { entry, group: true });
  }
  for (const [prefix, path] of Object.entries(operationPathPrefixes)) {
    const entry = entries[path];
    if (entry !== undefined) map.set(prefix, { entry, group: false });
  }
  prefixEntries = map;
  return map;
}

/**
 * The operation a request path addresses, the id its last segment holds and the base path before
 * it, or `undefined` when no operation's path ends the given one. Every operation's path is a
 * prefix followed by `{endpointId}`, and its endpoint group address (where its page lists one) a
 * prefix ending in `group/` followed by the group id, so the path is matched by the text before
 * its last `/`.
 *
 * @example
 * ```ts
 * import { matchOperationPath } from "@card-processing/types";
 * const match = matchOperationPath("/paynet/api/v2/sale/1111");
 * // match?.entry.operationId: "sale", match?.endpointId: "1111", match?.group: false, match?.basePath: "/paynet"
 * matchOperationPath("/paynet/api/v2/sale/group/42")?.group; // true
 * ```
 */
export function matchOperationPath(pathname: string): OperationPathMatch | undefined {
  const slash = pathname.lastIndexOf("/");
  const head = pathname.slice(0, slash + 1);
  const prefixes = pathPrefixes();
  // The head's endings at each `/`, longest first: `/paynet/api/v2/sale/`, `/api/v2/sale/`, ...
  for (let at = head.indexOf("/"); at >= 0 && at < head.length - 1; at = head.indexOf("/", at + 1)) {
    const found = prefixes.get(head.slice(at));
    if (found !== undefined)
      return {
        entry: found.entry,
        endpointId: pathname.slice(slash + 1),
        group: found.group,
        basePath: head.slice(0, at),
      };
  }
  return undefined;
}
