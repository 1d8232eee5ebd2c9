import { callbackSignature, FORM_MEDIA_TYPE, transactionTypes } from "@card-processing/types";
import { parseCallback, type VerifiedCallback } from "./callback.js";
import { CALLBACK_BODY_LIMIT, requestText } from "./callback-body.js";
import { claimStoreOf, eventOnce } from "./callback-claim.js";
import { type ConfirmedOrder, confirmWithGateway } from "./callback-confirm.js";
import { mismatchedFields, type StoredOrder } from "./callback-order-check.js";
import { type CallbackSeen, type CallbackSeenSet, callbackEventKey, memoryCallbackSeen } from "./callback-seen.js";
import type { Gateway } from "./gateway-types.js";
import { usageError } from "./usage-error.js";

/**
 * What `onCallback` receives beside the verified callback: the event's key, the gateway's own
 * answer when the handler has `confirm`, and `complete`, which marks the event handled inside the
 * shop's own database transaction.
 *
 * @example
 * ```ts
 * import type { CallbackEvent, VerifiedCallback } from "@card-processing/client/callback-handler";
 * declare const pool: { connect(): Promise<{ query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>; release(): void }> };
 * async function onCallback(callback: VerifiedCallback, event: CallbackEvent) {
 *   const db = await pool.connect();
 *   try {
 *     await db.query("begin");
 *     await db.query("update orders set status = $1 where id = $2", [callback.status, callback.client_orderid]);
 *     await event.complete((sql: string, params: unknown[]) => db.query(sql, params).then((r) => r.rows));
 *     await db.query("commit");
 *   } catch (error) {
 *     await db.query("rollback");
 *     throw error;
 *   } finally {
 *     db.release();
 *   }
 * }
 * ```
 */
export interface CallbackEvent {
  /** The event's key in `seen` (`callbackEventKey(callback)`). */
  readonly key: string;
  /** The gateway's answer to the status operation for this order, when the handler has `confirm`. */
  readonly confirmed: ConfirmedOrder | undefined;
  /**
   * Marks the event handled in `seen` now, with `within` (for {@link sqlCallbackClaims}, your
   * transaction's query function): called inside the transaction that holds your own write, the
   * claim is completed exactly when your write commits. Without it the handler completes the event
   * after `onCallback` returned.
   */
  complete(within?: unknown): Promise<void>;
}

/**
 * The options of {@link createCallbackHandler}.
 *
 * @example
 * ```ts
 * import type { CallbackHandlerOptions } from "@card-processing/client/callback-handler";
 * const options: CallbackHandlerOptions = { controlKey, onCallback: async (callback) => console.log(callback.status) };
 * ```
 */
export interface CallbackHandlerOptions {
  /** The merchant control key that signs callbacks. */
  readonly controlKey: string;
  /**
   * Acts on a verified callback; throw to have the gateway deliver it again later. Its `type`,
   * `amount` and other unsigned fields are claims: use `storedOrder` or `confirm`, and
   * `event.confirmed`, before moving goods or money on them.
   */
  readonly onCallback: (callback: VerifiedCallback, event: CallbackEvent) => void | Promise<void>;
  /**
   * The shop's stored record of the transaction a callback reports (or `undefined` when the shop
   * has none): a callback whose orderid, client_orderid, amount or currency differs from it is
   * answered 409, one the shop has no record of 404, and `onCallback` is not called, as the
   * official PHP library checks. This is the defence against a replayed callback with another
   * `type` or `amount`, and against ids shifted across the digest's missing separators.
   */
  readonly storedOrder?: (callback: VerifiedCallback) => StoredOrder | undefined | Promise<StoredOrder | undefined>;
  /**
   * A gateway (from `createGateway`): the handler asks it for the order's status before
   * `onCallback` and hands the answer over as `event.confirmed`; an order the gateway does not
   * have, or an answer for other ids, is answered 409 and `onCallback` is not called. A failed
   * status call is answered 500, so the gateway delivers the callback again later.
   */
  readonly confirm?: Pick<Gateway, "status">;
  /**
   * Where every instance of the shop claims and records the events it handles (default:
   * {@link memoryCallbackSeen}, one process only). A 0.2 store with `has` and `add` is still
   * accepted, but then two instances can both handle one event.
   */
  readonly seen?: CallbackSeen | CallbackSeenSet;
  /**
   * How long a claim on an event holds, in milliseconds (default 60 000): make it longer than
   * your slowest `onCallback`. When an instance dies inside `onCallback`, the first delivery after
   * the lease handles the event elsewhere.
   */
  readonly leaseMs?: number;
  /**
   * Told of an error thrown by `onCallback`, `seen`, `storedOrder` or `confirm` (the gateway only
   * sees a 500), and of a callback refused for not matching the stored order (default: `console.error`).
   */
  readonly onError?: (error: unknown) => void;
}

function answer(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

async function readParams(request: Request): Promise<URLSearchParams | Response> {
  if (request.method === "GET" || request.method === "HEAD") return new URL(request.url).searchParams;
  if (request.method !== "POST") return answer(405, "callbacks are GET (or a POST form)");
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith(FORM_MEDIA_TYPE)) {
    return answer(415, `a POST callback must be a form (${FORM_MEDIA_TYPE})`);
  }
  const body = await requestText(request, CALLBACK_BODY_LIMIT);
  if ("tooLarge" in body) return answer(413, `a callback is at most ${CALLBACK_BODY_LIMIT} bytes`);
  return new URLSearchParams(body.text);
}

const TYPES: ReadonlySet<string> = new Set(transactionTypes);

/**
 * Makes a web-standard handler for the gateway's server callback: reads the callback from the
 * query string (GET) or a form body (POST, at most 16 KB: a longer one is answered 413 unread),
 * verifies `control`, calls `onCallback` once per event and answers `200 OK`. A callback without
 * `control` or a signed field gets 400, a wrong `control` 403, a `type` missing or not one the
 * gateway sends (the spec's `TransactionType`) 400, and `onCallback` is not called; an error thrown
 * by `onCallback` gets 500 (its text never leaves), so the gateway delivers the callback again
 * later. One event (same status, type, orderid and client_orderid) reaches `onCallback` once: a
 * delivery that arrives while its call runs waits for it and gets its answer (200, or 500 when it
 * threw), a later one gets 200 at once, and one whose event another instance is handling (a live
 * claim in `seen`) gets 503, so the gateway delivers it again later.
 *
 * `control` covers `status`, `orderid` and `client_orderid` only, joined without separators: a
 * callback signed for orderid `1000001` and client_orderid `5001` verifies as well for `100000` and
 * `15001`, and anyone holding one genuine callback can replay it with another `type` (a new event)
 * or `amount`. Give `storedOrder` (the check against your stored order) or `confirm` (the
 * gateway's own answer), as a shop that acts on a callback should.
 *
 * Mount it as is in Hono, Next.js route handlers, Bun, Deno and Cloudflare Workers; for Node's
 * `(req, res)` (Express, `node:http`) wrap it with `toNodeListener`.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, type StoredOrder } from "@card-processing/client/callback-handler";
 * declare const storedOrders: { get(clientOrderId: string): Promise<StoredOrder | undefined> };
 * export const GET = createCallbackHandler({
 *   controlKey: process.env.MERCHANT_CONTROL_KEY!,
 *   storedOrder: (callback) => storedOrders.get(callback.client_orderid),
 *   onCallback: async (callback) => {
 *     if (callback.final) await orders.setStatus(callback.client_orderid, callback.status);
 *   },
 * });
 * ```
 */
export function createCallbackHandler(options: CallbackHandlerOptions): (request: Request) => Promise<Response> {
  const { controlKey, onCallback } = options;
  if (typeof controlKey !== "string" || controlKey === "") {
    throw usageError(
      "ERR_OPTION_INVALID",
      "controlKey",
      "expected the merchant control key, a non-empty string",
      "createCallbackHandler",
    );
  }
  if (typeof onCallback !== "function") {
    throw usageError(
      "ERR_OPTION_INVALID",
      "onCallback",
      "expected a function that handles a verified callback",
      "createCallbackHandler",
    );
  }
  const leaseMs = options.leaseMs ?? 60_000;
  if (typeof leaseMs !== "number" || !Number.isFinite(leaseMs) || leaseMs <= 0) {
    throw usageError(
      "ERR_OPTION_INVALID",
      "leaseMs",
      "expected a positive number of milliseconds",
      "createCallbackHandler",
    );
  }
  const handleOnce = eventOnce<Response>(claimStoreOf(options.seen ?? memoryCallbackSeen()), leaseMs);
  const onError =
    options.onError ??
    ((error: unknown) =>
      console.error("callback handler: onCallback failed; answered 500 so the gateway retries", error));
  const { storedOrder, confirm } = options;
  if (storedOrder !== undefined && typeof storedOrder !== "function") {
    throw usageError("ERR_OPTION_INVALID", "storedOrder", "expected a function", "createCallbackHandler");
  }
  if (confirm !== undefined && typeof confirm?.status !== "function") {
    throw usageError("ERR_OPTION_INVALID", "confirm", "expected a gateway from createGateway", "createCallbackHandler");
  }

  // Checks the callback's claims against the shop's stored order; a refusal's answer, or nothing.
  async function storedOrderRefusal(callback: VerifiedCallback): Promise<Response | undefined> {
    if (storedOrder === undefined) return undefined;
    const stored = await storedOrder(callback);
    if (stored === undefined) return answer(404, "no such order");
    const fields = mismatchedFields(callback, stored);
    if (fields.length === 0) return undefined;
    onError(new Error(`callback refused: ${fields.join(", ")} not as stored for this order (a replay or a forgery)`));
    return answer(409, `${fields.join(", ")} not as stored for this order`);
  }

  return async (request) => {
    try {
      const params = await readParams(request);
      if (params instanceof Response) return params;
      if (!params.get("control")) return answer(400, "no control parameter");
      if (!params.get("client_orderid") && params.get("merchant_order"))
        params.set("client_orderid", params.get("merchant_order") ?? "");
      const missing = callbackSignature.terms.filter((term) => !params.get(term));
      if (missing.length > 0) return answer(400, `missing ${missing.join(", ")}`);
      const callback = await parseCallback(params, controlKey).catch(() => undefined);
      if (callback === undefined) return answer(403, "control does not match");
      if (!TYPES.has(callback.unsigned.type ?? "")) return answer(400, "type is missing or not one the gateway sends");
      const refusal = await storedOrderRefusal(callback);
      if (refusal !== undefined) return refusal;
      const key = callbackEventKey(callback);
      const outcome = await handleOnce(key, async (claimed) => {
        let confirmed: ConfirmedOrder | undefined;
        if (confirm !== undefined) {
          const confirmation = await confirmWithGateway(confirm, callback);
          if ("refusal" in confirmation) return answer(409, confirmation.refusal);
          confirmed = confirmation.confirmed;
        }
        await onCallback(callback, { key, confirmed, complete: claimed.complete });
        return undefined;
      });
      if (outcome === "busy") return answer(503, "another instance is handling this callback; deliver it again later");
      if (typeof outcome === "object") return outcome.refused.clone();
      return answer(200, "OK");
    } catch (error) {
      onError(error);
      return answer(500, "callback not handled; deliver it again later");
    }
  };
}
