import { gatewayErrorCodes, type OperationEntry } from "@card-processing/types";
import { moneyAdvice, requestFacts, type SentFields } from "../replies/money-advice.js";
import type { GatewayFailure } from "./gateway-result.js";
import { OrderNotFoundError } from "./order-not-found-error.js";
import { replyNotUnderstood } from "./reply-error.js";
import { ServerError } from "./server-error.js";
import { UsageError } from "./usage-error.js";
import { ValidationError } from "./validation-error.js";

/**
 * Turns a refusal or failure reply into the matching error. Only a gateway reply of type
 * `validation-error` (JSON or the classic text form, whatever the HTTP status) is the gateway's
 * refusal: a {@link ValidationError}, outcome `"not-applied"` ({@link OrderNotFoundError} when a
 * status query names an order the gateway does not have). A reply of type `error`, or any HTTP
 * error status (4xx as 5xx) whose body is no gateway reply (a load balancer's `408` page, an
 * empty `429`) is a {@link ServerError}, outcome `"unknown"`: something between the client and the
 * gateway answered, and the request may have reached the gateway before it did. A 404 without a
 * gateway reply is a {@link UsageError} naming `baseUrl` (nothing answers at that address), with
 * the same unknown outcome for an operation that moves money. Messages say what was observed. The
 * gateway's message is kept (the error masks any card number in it); a failure of an operation that
 * moves money says how to learn whether it took effect (from the request `body`).
 */
export function errorFromReply(
  reply: unknown,
  response: Response,
  entry: OperationEntry,
  body?: SentFields,
  request?: Request,
): GatewayFailure {
  if (reply === null || typeof reply !== "object") {
    if (response.ok) return replyNotUnderstood("ERR_REPLY_UNREADABLE", response, entry, body, request);
    reply = {};
  }
  const {
    type,
    "error-message": message,
    "error-code": code,
    "serial-number": serial,
  } = reply as Record<string, unknown>;
  const gatewayMessage = typeof message === "string" ? message : undefined;
  const details = {
    response,
    request,
    serialNumber: typeof serial === "string" ? serial : undefined,
    gatewayMessage,
    gatewayCode: typeof code === "number" ? code : undefined,
    ...requestFacts(entry, body),
  };
  const { status } = response;
  const refusal = type === "validation-error";
  const fromGateway = typeof type === "string";
  // Not from the gateway, whatever the status: the request may have reached it before a proxy answered.
  const outcome = entry.movesMoney ? ("unknown" as const) : undefined;
  if (status === 404 && !fromGateway) {
    // Not a gateway refusal (those carry a type): nothing answers at this address.
    return new UsageError(
      "ERR_OPTION_INVALID",
      `${entry.operationId}: nothing answers at {baseUrl}${entry.path} (HTTP 404). The base URL must include the gateway's path prefix, ` +
        `e.g. https://sandbox.gateway.example/paynet rather than https://sandbox.gateway.example.${moneyAdvice(entry, body)}`,
      { ...details, field: "baseUrl", outcome },
    );
  }
  const said = `(HTTP ${status})${gatewayMessage === undefined ? "" : `: ${gatewayMessage}`}.`;
  if (refusal) {
    if (entry.operationId === "status" && code === gatewayErrorCodes["unknown-reference"]) {
      return new OrderNotFoundError(`status: the gateway has no such order ${said}`, details);
    }
    return new ValidationError(`${entry.operationId}: the gateway refused the request ${said}`, details);
  }
  const what = fromGateway
    ? `the gateway answered that it failed ${said}`
    : `HTTP ${status} from something between you and the gateway (not a gateway reply).`;
  return new ServerError(`${entry.operationId}: ${what}${moneyAdvice(entry, body)}`, details);
}
