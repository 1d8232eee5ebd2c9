import { maskCardNumbersInText } from "@card-processing/signing";
import { type OperationEntry, operationTable } from "@card-processing/types";
import { checkKnownKeys } from "../errors/known-keys.js";
import { usageError } from "../errors/usage-error.js";
import { requestFacts } from "../replies/money-advice.js";
import type { SendOnceOptions } from "./send-once-result.js";

const WHERE = "sendOnce";
export const sendOnceOptionKeys = ["sends", "recoveriesPerSend", "signal", "clock", "clockSkewMs"];

/** Checks the call before anything is sent: a money movement, a body `recover` can find again, a sane budget. */
export function checkCall(operationId: unknown, body: unknown, options: SendOnceOptions): OperationEntry {
  const entry = Object.values<OperationEntry>(operationTable).find((e) => e.operationId === operationId);
  if (entry === undefined || !entry.movesMoney)
    throw usageError(
      "ERR_FIELD_INVALID",
      "operation",
      'expected an operation that moves money, such as "sale" or "return"',
      WHERE,
    );
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw usageError("ERR_FIELD_INVALID", "body", "expected an object of form fields", WHERE);
  checkKnownKeys(options, sendOnceOptionKeys, "options", WHERE);
  for (const name of ["sends", "recoveriesPerSend"] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1))
      throw usageError("ERR_OPTION_INVALID", `options.${name}`, "expected a whole number from 1", WHERE);
  }
  const facts = requestFacts(entry, body as Record<string, unknown>);
  const idField = entry.clientOrderIdFields[0] ?? "client_orderid";
  if (facts.clientOrderId === undefined || facts.clientOrderId === "")
    throw usageError("ERR_FIELD_INVALID", idField, "required: the request is recovered by it", WHERE);
  if (entry.reportTypes.length > 0 && facts.orderid === undefined)
    throw usageError("ERR_FIELD_INVALID", "orderid", `required: a lost ${entry.operationId} is recovered by it`, WHERE);
  if (maskCardNumbersInText(facts.clientOrderId) !== facts.clientOrderId)
    throw usageError(
      "ERR_FIELD_INVALID",
      idField,
      "holds a card number; errors mask it, so a lost reply could not be recovered by it",
      WHERE,
    );
  return entry;
}
