import type { OperationEntry } from "@card-processing/types";
import { usageError } from "../errors/usage-error.js";

/**
 * Where a gateway sends its operations: to the merchant's endpoint (`.../sale/1111`) or to its
 * endpoint group (`.../sale/group/42`). The id is also the first term of a `control` signature
 * that begins with the endpoint: the endpoint group id, for a group address.
 */
export interface EndpointAddress {
  readonly kind: "endpoint" | "group";
  readonly id: number | string;
}

const POSITIVE_INTEGER = /^[1-9][0-9]*$/;

function isPositiveInteger(value: unknown): boolean {
  return typeof value === "number"
    ? Number.isSafeInteger(value) && value > 0
    : typeof value === "string" && POSITIVE_INTEGER.test(value);
}

/**
 * The address `createGateway`'s options name: exactly one of `endpointId` and `endpointGroupId`,
 * a positive integer. Both, neither, or `endpointId: "group/42"` is a `UsageError` before anything
 * is sent, naming both options.
 */
export function endpointAddressOf(options: {
  readonly endpointId?: unknown;
  readonly endpointGroupId?: unknown;
}): EndpointAddress {
  const { endpointId, endpointGroupId } = options;
  if (endpointId !== undefined && endpointGroupId !== undefined)
    throw usageError(
      "ERR_OPTION_INVALID",
      "endpointId",
      "give either endpointId or endpointGroupId, not both (a request goes to one address)",
      "createGateway",
    );
  if (endpointGroupId !== undefined) {
    if (!isPositiveInteger(endpointGroupId))
      throw usageError(
        "ERR_OPTION_INVALID",
        "endpointGroupId",
        "expected a positive integer such as 42",
        "createGateway",
      );
    return { kind: "group", id: endpointGroupId as number | string };
  }
  if (endpointId === undefined)
    throw usageError(
      "ERR_OPTION_INVALID",
      "endpointId",
      "expected endpointId (the merchant's endpoint, such as 1111) or endpointGroupId (an endpoint group, such as 42)",
      "createGateway",
    );
  if (!isPositiveInteger(endpointId)) {
    const group = typeof endpointId === "string" ? /^group\/([1-9][0-9]*)$/.exec(endpointId) : null;
    const rule = group
      ? `expected a positive integer such as 1111; for an endpoint group pass endpointGroupId: ${group[1]} instead`
      : "expected a positive integer such as 1111 (for an endpoint group, pass endpointGroupId instead)";
    throw usageError("ERR_OPTION_INVALID", "endpointId", rule, "createGateway");
  }
  return { kind: "endpoint", id: endpointId as number | string };
}

/**
 * The path template an operation is sent to from `address`, with the path parameters that fill it.
 * An operation whose page lists no group address cannot be sent through a group: that is a
 * `UsageError` before anything is sent.
 */
export function operationTarget(
  entry: OperationEntry,
  address: EndpointAddress,
): { readonly template: string; readonly params: Readonly<Record<string, number | string>> } {
  if (address.kind === "endpoint") return { template: entry.path, params: { endpointId: address.id } };
  if (entry.groupPath === undefined)
    throw usageError(
      "ERR_OPTION_INVALID",
      "endpointGroupId",
      `${entry.operationId} has no endpoint group address (its page lists none); send it from a gateway created with the endpointId that processed the order (end-point-id of its reply)`,
      entry.operationId,
    );
  return { template: entry.groupPath, params: { endpointGroupId: address.id } };
}

/**
 * The path `address` sends the operation to, its id in place (`/api/v2/sale/group/42`); for an
 * operation a group cannot address, the endpoint template itself, as a label that names no address.
 */
export function operationPathOf(entry: OperationEntry, address: EndpointAddress): string {
  if (address.kind === "group" && entry.groupPath === undefined) return entry.path;
  const { template, params } = operationTarget(entry, address);
  return template.replace(/\{(\w+)\}/, (_, name: string) => String(params[name]));
}
