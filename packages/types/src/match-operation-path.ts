import { operationTable } from "./generated/operation-table.js";
import { operationPathPrefixes } from "./generated/wire-format.js";
import type { OperationEntry } from "./operation-entry.js";

/**
 * A request path matched to its operation by {@link matchOperationPath}.
 *
 * @example
 * ```ts
 * import { type OperationPathMatch, operationTable } from "@card-processing/types";
 * const match: OperationPathMatch = { entry: operationTable["/api/v2/sale/{endpointId}"], endpointId: "1111", basePath: "/paynet" };
 * ```
 */
export interface OperationPathMatch {
  /** The operation's entry of the operation table. */
  readonly entry: OperationEntry;
  /** The endpoint id segment exactly as the path holds it (still percent-encoded, possibly empty). */
  readonly endpointId: string;
  /** What comes before the operation's own path: the base address's path, such as `/paynet`, or `""`. */
  readonly basePath: string;
}

const entries: Readonly<Record<string, OperationEntry>> = operationTable;

/**
 * The operation a request path addresses, its endpoint id and the base path before it, or
 * `undefined` when no operation's path ends the given one. Every operation's path is a prefix
 * followed by `{endpointId}`, so the path is matched by the text before its last `/`.
 *
 * @example
 * ```ts
 * import { matchOperationPath } from "@card-processing/types";
 * const match = matchOperationPath("/paynet/api/v2/sale/1111");
 * // match?.entry.operationId: "sale", match?.endpointId: "1111", match?.basePath: "/paynet"
 * ```
 */
export function matchOperationPath(pathname: string): OperationPathMatch | undefined {
  const slash = pathname.lastIndexOf("/");
  const head = pathname.slice(0, slash + 1);
  for (const [prefix, path] of Object.entries(operationPathPrefixes)) {
    if (!head.endsWith(prefix)) continue;
    const entry = entries[path];
    if (entry === undefined) return undefined;
    return { entry, endpointId: pathname.slice(slash + 1), basePath: head.slice(0, head.length - prefix.length) };
  }
  return undefined;
}
