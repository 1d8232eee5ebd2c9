import { finalStatuses, operationTable } from "./generated/operation-table.js";

/**
 * The path template of any operation, such as `"/api/v2/sale/{endpointId}"`.
 *
 * @example
 * ```ts
 * import type { OperationPath } from "@card-processing/types";
 * const path: OperationPath = "/api/v2/status/{endpointId}";
 * ```
 */
export type OperationPath = keyof typeof operationTable;

/**
 * The `operationId` of any operation, such as `"sale"` or `"makeRebill"`.
 *
 * @example
 * ```ts
 * import type { OperationId } from "@card-processing/types";
 * const id: OperationId = "makeRebill";
 * ```
 */
export type OperationId = (typeof operationTable)[OperationPath]["operationId"];

/**
 * The table entry of the operation with the given id.
 *
 * @example
 * ```ts
 * import type { OperationById } from "@card-processing/types";
 * type Sale = OperationById<"sale">; // Sale["path"] is "/api/v2/sale/{endpointId}"
 * ```
 */
export type OperationById<Id extends OperationId> = Extract<
  (typeof operationTable)[OperationPath],
  { readonly operationId: Id }
>;

/**
 * A status after which the transaction no longer changes.
 *
 * @example
 * ```ts
 * import type { FinalStatus } from "@card-processing/types";
 * const s: FinalStatus = "approved";
 * ```
 */
export type FinalStatus = (typeof finalStatuses)[number];

// Built on first use, not at import: a bundle that never looks an operation up (a callback
// handler alone) then leaves the operation table out.
let byId: ReadonlyMap<string, (typeof operationTable)[OperationPath]> | undefined;

/**
 * Looks an operation up by its `operationId`.
 *
 * @example
 * ```ts
 * import { operationById } from "@card-processing/types";
 * operationById("capture").signature.terms; // ["login", "client_orderid", "orderid", "amount", "currency"]
 * ```
 */
export function operationById<Id extends OperationId>(id: Id): OperationById<Id> {
  byId ??= new Map(Object.values(operationTable).map((entry) => [entry.operationId, entry]));
  const entry = byId.get(id);
  if (!entry) throw new TypeError(`Unknown operation id: ${id}`);
  return entry as OperationById<Id>;
}

/**
 * Tells whether a status is final (`approved`, `declined`, `error`, `filtered`).
 *
 * @example
 * ```ts
 * import { isFinalStatus } from "@card-processing/types";
 * isFinalStatus("processing"); // false
 * ```
 */
export function isFinalStatus(status: string): status is FinalStatus {
  return (finalStatuses as readonly string[]).includes(status);
}
