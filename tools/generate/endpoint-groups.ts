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
