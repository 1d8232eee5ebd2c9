import { maskCardNumbersInText } from "@card-processing/signing";
import type { GatewayResult } from "../errors/gateway-result.js";
import type { OrderRecovery } from "../recovery/order-recovery.js";
import type { RecoveryResult } from "../recovery/recovery.js";
import type { SendOnceResult } from "../recovery/send-once-result.js";
import { telemetryNames as n } from "./telemetry-names.js";

/** Span and metric attributes: OpenTelemetry's primitive values. */
export type CallAttributes = Record<string, string | number | boolean>;

/**
 * Drops empty values and masks every card number inside a string (a `client_orderid` may hold
 * one): the last guard before anything reaches a span or a metric.
 */
export function safeAttributes(attributes: Record<string, unknown>): CallAttributes {
  const out: CallAttributes = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === "string" && value !== "") out[name] = maskCardNumbersInText(value);
    else if (typeof value === "number" || typeof value === "boolean") out[name] = value;
  }
  return out;
}

/** `url.full`, `server.address` and `server.port` of an address, without query, fragment or user info. */
export function addressAttributes(address: string): CallAttributes {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return {};
  }
  url.search = "";
  url.hash = "";
  url.username = "";
  url.password = "";
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  return { [n.urlFull]: url.href, [n.serverAddress]: url.hostname, [n.serverPort]: port };
}

/** What a request body says of the order: its `client_orderid` (v2 or v4 spelling) and `orderid`. */
export function requestAttributes(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== "object") return {};
  const fields = body as Record<string, unknown>;
  return {
    [n.clientOrderId]: fields["client_orderid"] ?? fields["client-orderid"] ?? fields["client-order-id"],
    [n.orderid]: fields["orderid"],
  };
}

/** What a gateway call's result says: status, ids, outcome, HTTP status, and the error's code. */
export function resultAttributes(result: GatewayResult<unknown>): Record<string, unknown> {
  const common = { [n.httpResponseStatusCode]: result.response?.status };
  if (result.error) {
    const { error } = result;
    return {
      ...common,
      [n.outcome]: error.outcome,
      [n.errorType]: error.code,
      [n.serialNumber]: error.serialNumber,
      [n.orderid]: error.orderid,
      [n.gatewayErrorCode]: "gatewayCode" in error ? error.gatewayCode : undefined,
    };
  }
  const data = (result.data ?? {}) as Record<string, unknown>;
  const status = typeof data["status"] === "string" ? data["status"] : undefined;
  const orderid = data["paynet-order-id"];
  return {
    ...common,
    [n.outcome]: status ?? "ok",
    [n.status]: status,
    [n.orderid]: typeof orderid === "number" ? String(orderid) : orderid,
    [n.serialNumber]: data["serial-number"],
    [n.gatewayErrorCode]: data["error-code"],
  };
}

/** What `recover` learned: applied `true`, `false` or `unknown`, and where the order stands. */
export function recoveryAttributes(result: RecoveryResult): Record<string, unknown> {
  if (result.error) return { ...resultAttributes(result), [n.recoveryApplied]: "unknown", [n.outcome]: "unknown" };
  const found = result.data;
  const applied = String(found.applied);
  const outcome = found.applied === true ? "applied" : found.applied === false ? "not-applied" : "unknown";
  return {
    [n.recoveryApplied]: applied,
    [n.outcome]: outcome,
    [n.httpResponseStatusCode]: result.response?.status,
    ...(found.applied === true
      ? {
          [n.status]: found.status,
          [n.orderid]: found.orderid,
          [n.serialNumber]: found.serialNumber,
          [n.recoverySource]: found.source,
        }
      : {}),
  };
}

/** What `recoverOrder` learned, in the terms of `recover`: found is applied. */
export function orderRecoveryAttributes(result: GatewayResult<OrderRecovery>): Record<string, unknown> {
  if (result.error) return { ...resultAttributes(result), [n.recoveryApplied]: "unknown", [n.outcome]: "unknown" };
  const found = result.data;
  return {
    [n.recoveryApplied]: String(found.found),
    [n.outcome]: found.found ? "applied" : "not-applied",
    [n.httpResponseStatusCode]: result.response?.status,
    [n.recoverySource]: "status",
    ...(found.found ? { [n.status]: found.status, [n.orderid]: found.orderid } : {}),
  };
}

/** What `sendOnce` did: how it got through (or its error), where the order stands, and its counts. */
export function sendOnceAttributes(result: SendOnceResult<never>): Record<string, unknown> {
  if (result.error) {
    const { error } = result;
    const counts = "sends" in error ? { [n.sendOnceSends]: error.sends, [n.sendOnceRecoveries]: error.recoveries } : {};
    return { ...resultAttributes(result as GatewayResult<unknown>), ...counts };
  }
  const sent = result.data;
  const status = sent.recovery?.status ?? (sent.reply as { status?: unknown } | undefined)?.status;
  return {
    [n.httpResponseStatusCode]: result.response?.status,
    [n.outcome]: typeof status === "string" ? status : "ok",
    [n.status]: status,
    [n.orderid]: sent.orderid,
    [n.serialNumber]: sent.serialNumber,
    [n.sendOnceHow]: sent.how,
    [n.sendOnceSends]: sent.sends,
    [n.sendOnceRecoveries]: sent.recoveries,
  };
}
