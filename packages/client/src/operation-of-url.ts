import { type OperationEntry, operationTable } from "@card-processing/types";

// Every path template ends in "/{endpointId}": what comes before it names the operation.
const byPrefix: ReadonlyMap<string, OperationEntry> = new Map(
  Object.values(operationTable).map((entry): [string, OperationEntry] => [
    entry.path.slice(0, entry.path.lastIndexOf("/")),
    entry,
  ]),
);

/**
 * The operation a request URL addresses under the base address, or `undefined` for any other URL.
 *
 * @example
 * ```ts
 * operationOfUrl("https://gw.example/paynet/api/v2/sale/1111", "/paynet")?.operationId; // "sale"
 * ```
 */
export function operationOfUrl(url: string, basePath: string): OperationEntry | undefined {
  const path = new URL(url).pathname;
  if (!path.startsWith(basePath)) return undefined;
  const rest = path.slice(basePath.length);
  return byPrefix.get(rest.slice(0, rest.lastIndexOf("/")));
}
