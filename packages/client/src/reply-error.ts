import type { OperationEntry } from "@card-processing/types";
import { maskCardNumbersInText } from "./redaction.js";
import { ServerError } from "./server-error.js";
import { ValidationError } from "./validation-error.js";

/**
 * Turns a refusal or failure reply into the matching error: {@link ValidationError} for HTTP 4xx
 * or a `validation-error` reply, {@link ServerError} for HTTP 5xx, an `error` reply, or a reply
 * that could not be read. The gateway's message is kept with any card number masked.
 *
 * @example
 * ```ts
 * const error = errorFromReply({ type: "validation-error", "error-message": "amount: is required" }, response, entry);
 * error.code; // "ERR_VALIDATION"
 * ```
 */
export function errorFromReply(body: unknown, response: Response, entry: OperationEntry): ValidationError | ServerError {
  const reply = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : undefined;
  const rawMessage = reply?.["error-message"];
  const gatewayMessage = typeof rawMessage === "string" ? maskCardNumbersInText(rawMessage) : undefined;
  const rawCode = reply?.["error-code"];
  const gatewayCode = typeof rawCode === "number" ? rawCode : undefined;
  const rawSerial = reply?.["serial-number"];
  const serialNumber = typeof rawSerial === "string" ? rawSerial : undefined;
  const said = gatewayMessage === undefined ? "" : `: ${gatewayMessage}`;
  const details = { response, serialNumber, gatewayMessage, gatewayCode };
  const status = response.status;

  if (reply?.["type"] === "validation-error" || (status >= 400 && status < 500 && reply?.["type"] !== "error")) {
    return new ValidationError(`${entry.operationId}: the gateway refused the request (HTTP ${status})${said}.`, details);
  }
  if (reply === undefined && response.ok) {
    return new ServerError(`${entry.operationId}: the gateway answered HTTP ${status} with an empty body.`, {
      ...details,
      code: "ERR_REPLY_UNREADABLE",
    });
  }
  const advice = entry.movesMoney
    ? ` Whether ${entry.operationId} took effect is unknown: query the status by client_orderid before sending it again.`
    : "";
  return new ServerError(`${entry.operationId}: the gateway failed to process the request (HTTP ${status})${said}.${advice}`, details);
}
