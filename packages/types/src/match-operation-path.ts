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

// Each group address up to its group id (`/api/v2/sale/group/`), with its operation's path
// template; built on first use, not at import (see the size budget in CONTRIBUTING.md).
let groupPrefixes: Readonly<Record<string, string>> | undefined;
function groupPathPrefixes(): Readonly<Record<string, string>> {
  groupPrefixes ??= Object.fromEntries(
    Object.values(entries).flatMap((entry) =>
      entry.groupPath === undefined
        ? []
        : [[entry.groupPath.slice(0, entry.groupPath.lastIndexOf("/") + 1), entry.path]],
    ),
  );
  return groupPrefixes;
}

function matchIn(prefixes: Readonly<Record<string, string>>, pathname: string, group: boolean) {
  const slash = pathname.lastIndexOf("/");
  const head = pathname.slice(0, slash + 1);
  for (const [prefix, path] of Object.entries(prefixes)) {
    if (!head.endsWith(prefix)) continue;
    const entry = entries[path];
    if (entry === undefined) return undefined;
    return {
      entry,
      endpointId: pathname.slice(slash + 1),
      group,
      basePath: head.slice(0, head.length - prefix.length),
    };
  }
  return undefined;
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
  return matchIn(groupPathPrefixes(), pathname, true) ?? matchIn(operationPathPrefixes, pathname, false);
}
