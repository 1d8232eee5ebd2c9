import { Refused, type Reply, refuse } from "../../operations/replies.js";
import { FaultRefusedError, faultKindOf, type NetworkFaults } from "../api/network-faults.js";
import type { AdminBody } from "./admin-body.js";
import { adminForm } from "./admin-form.js";

const faultFields = ["kind", "operation", "count", "delay_ms"] as const;

/** `value` as a whole number for `field`, or a refusal naming it. */
function wholeField(value: string | undefined, field: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^[0-9]{1,9}$/.test(value))
    throw new Refused(`field '${field}' must be a whole number, got '${value.slice(0, 40)}'`);
  return Number(value);
}

/**
 * The network-fault endpoints under `/paynet/_admin/faults`: `GET` lists the queued faults, the
 * rates and the faults played; `POST` (form fields `kind`, `operation`, `count`, `delay_ms`)
 * queues a fault and answers it; `DELETE` empties the queue and the list.
 */
export function adminFaultRoute(
  faults: NetworkFaults,
  method: string,
  path: string,
  query: URLSearchParams,
  body: AdminBody,
): Reply | undefined {
  if (path !== "/_admin/faults") return undefined;
  if (method === "GET") return { httpStatus: 200, body: { ...faults.list() } };
  if (method === "DELETE") {
    faults.clear();
    return { httpStatus: 200, body: { cleared: true } };
  }
  if (method !== "POST") return refuse(`${method} is not allowed on /_admin/faults: use GET, POST or DELETE`);
  try {
    const fields = adminForm("faults", body, query, faultFields);
    const kind = fields.get("kind");
    if (kind === undefined || kind === "") throw new Refused("field 'kind' is required: the network fault to play");
    const operation = fields.get("operation");
    const count = wholeField(fields.get("count"), "count");
    const delayMs = wholeField(fields.get("delay_ms"), "delay_ms");
    const queued = faults.next({
      kind: faultKindOf(kind),
      ...(operation === undefined || operation === "" ? {} : { operation }),
      ...(count === undefined ? {} : { count }),
      ...(delayMs === undefined ? {} : { delayMs }),
    });
    return { httpStatus: 200, body: { fault: queued } };
  } catch (error) {
    if (error instanceof Refused || error instanceof FaultRefusedError) return refuse(error.message);
    throw error;
  }
}
