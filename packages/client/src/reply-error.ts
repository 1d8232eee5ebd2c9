import type { OperationEntry } from "@card-processing/types";
import { moneyAdvice } from "./money-advice.js";
import { maskCardNumbersInText } from "./redaction.js";
import { ServerError, unreadableReply } from "./server-error.js";
import { ValidationError } from "./validation-error.js";

/**
 * Turns a refusal or failure reply into the matching error: {@link ValidationError} for HTTP 4xx
 * or a `validation-error` reply, {@link ServerError} for HTTP 5xx, an `error` reply, or a reply
 * that could not be read. The gateway's message is kept with any card number masked; a failure of
 * an operation that moves money says how to learn whether it took effect (from the request `body`).
 *
 * @example
 * ```ts
 * const error = errorFromReply({ type: "validation-error", "error-message": "amount: is required" }, response, entry, body);
 * error.code; // "ERR_VALIDATION"
 * ```
 */
export function errorFromReply(
  reply: unknown,
  response: Response,
  entry: OperationEntry,
  body?: Readonly<Record<string, unknown>>,
): ValidationError | ServerError {
  if (reply === null || typeof reply !== "object") {
    if (response.ok) return unreadableReply(response, entry.operationId);
    reply = {};
  }
  const {
    type,
    "error-message": message,
    "error-code": code,
    "serial-number": serial,
  } = reply as Record<string, unknown>;
  const gatewayMessage = typeof message === "string" ? maskCardNumbersInText(message) : undefined;
  const details = {
    response,
    serialNumber: typeof serial === "string" ? serial : undefined,
    gatewayMessage,
    gatewayCode: typeof code === "number" ? code : undefined,
  };
  const { status } = response;
  if (status === 404 && type === undefined) {
    // Not a gateway refusal (those carry a type): nothing answers at this address.
    return new ValidationError(
      `${entry.operationId}: nothing answers at {baseUrl}${entry.path} (HTTP 404). The base URL must include the gateway's path prefix, ` +
        "e.g. https://sandbox.gateway.example/paynet rather than https://sandbox.gateway.example.",
      details,
    );
  }
  const said = `(HTTP ${status})${gatewayMessage === undefined ? "" : `: ${gatewayMessage}`}.`;
  if (type === "validation-error" || (status >= 400 && status < 500 && type !== "error")) {
    return new ValidationError(`${entry.operationId}: the gateway refused the request ${said}`, details);
  }
  return new ServerError(
    `${entry.operationId}: the gateway failed to process the request ${said}${moneyAdvice(entry, body)}`,
    details,
  );
}
