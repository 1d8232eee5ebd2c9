import { postOperations } from "./api-operations.ts";
import type { BundledSpec } from "./bundle-spec.ts";

const ENDPOINT_SUFFIX = "/{endpointId}";
const GROUP_SUFFIX = "/group/{endpointGroupId}";

/**
 * The group address an operation's `x-endpoint-group` names, or `undefined` when it has none. The
 * address must be the operation's own path with `{endpointId}` made `group/{endpointGroupId}` (the
 * form every page that lists one writes), and name the page it comes from; anything else is an
 * error naming the operation, so a typo never becomes an address.
 */
export function endpointGroupPathOf(path: string, operation: any): string | undefined {
  const marker = operation?.["x-endpoint-group"];
  if (marker === undefined) return undefined;
  const expected = `${path.slice(0, -ENDPOINT_SUFFIX.length)}${GROUP_SUFFIX}`;
  if (marker?.path !== expected || typeof marker?.page !== "string" || marker.page === "") {
    throw new Error(`POST ${path}: x-endpoint-group needs path ${expected} and the page that lists it`);
  }
  return expected;
}

/**
 * Each group address's text before the endpoint group id, keyed to the operation's path template:
 * what `matchOperationPath` looks a group request path up in (`/api/v2/sale/group/` →
 * `/api/v2/sale/{endpointId}`).
 */
export function groupPathPrefixes(spec: BundledSpec): Record<string, string> {
  const prefixes: Record<string, string> = {};
  for (const [path, operation] of postOperations(spec)) {
    const groupPath = endpointGroupPathOf(path, operation);
    if (groupPath !== undefined) prefixes[groupPath.slice(0, -"{endpointGroupId}".length)] = path;
  }
  return prefixes;
}

/** The wire-format module's part about endpoint groups, as a plain literal. */
export function emitGroupPathPrefixes(spec: BundledSpec): string {
  return `
/**
 * Each endpoint group address up to its group id, with the path template of its operation: what
 * \`matchOperationPath\` looks a group request path up in. Only operations whose page lists a group
 * address (\`x-endpoint-group\` in the spec) have one.
 */
export const operationGroupPathPrefixes = ${JSON.stringify(groupPathPrefixes(spec), null, 2)} as const;
`;
}
