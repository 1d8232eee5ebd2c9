import { callbackSignature, FORM_MEDIA_TYPE, transactionTypes } from "@card-processing/types";
import { usageError } from "../errors/usage-error.js";
import { CALLBACK_BODY_LIMIT, cappedText } from "../transport/capped-body.js";
import { parseCallback, type VerifiedCallback } from "./callback.js";
import { claimStoreOf, eventOnce } from "./callback-claim.js";
import { type ConfirmedOrder, confirmWithGateway } from "./callback-confirm.js";
import type { CallbackHandlerOptions } from "./callback-handler-options.js";
import { mismatchedFields } from "./callback-order-check.js";
import { callbackEventKey, memoryCallbackSeen } from "./callback-seen.js";

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
  const body = await cappedText(request, CALLBACK_BODY_LIMIT);
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
 * later. The promise it returns never rejects: any failure (a request it cannot read, an `onError`
 * that throws) is answered 4xx or 500. One event (same status, type, orderid and client_orderid)
 * reaches `onCallback` once: a delivery that arrives while its call runs waits for it and gets its
 * answer (200, or 500 when it threw), a later one gets 200 at once, and one whose event another
 * instance is handling (a live claim in `seen`) gets 503, so the gateway delivers it again later.
 *
 * `control` covers `status`, `orderid` and `client_orderid` only, joined without separators: a
 * callback signed for orderid `1000001` and client_orderid `5001` verifies as well for `100000` and
 * `15001`, and anyone holding one genuine callback can replay it with another `type` (a new event)
 * or `amount`. Give `storedOrder` (the check against your stored order) or `confirm` (the
 * gateway's own answer), as a shop that acts on a callback should.
 *
 * Mount it as is in Hono, Bun and Deno; make it where the key arrives: in a Cloudflare Worker
 * from `env` inside `fetch`, in a Next.js route handler at request time (`next build` loads the
 * route without the key, and the handler refuses an empty one). For Node's `(req, res)` (Express,
 * `node:http`) wrap it with `toNodeListener`.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, type StoredOrder } from "@card-processing/client/callback-handler";
 * declare const storedOrders: { get(clientOrderId: string): Promise<StoredOrder | undefined> };
 * const handler = createCallbackHandler({
 *   controlKey: process.env.MERCHANT_CONTROL_KEY!,
 *   storedOrder: (callback) => storedOrders.get(callback.client_orderid),
 *   onCallback: async (callback) => {
 *     if (callback.final) await orders.setStatus(callback.client_orderid, callback.status);
 *   },
 * });
 * export default { fetch: handler }; // Bun and Deno serve it
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
      console.error(
        "callback handler: a callback was refused, or not handled and answered 500 so the gateway retries",
        error,
      ));
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
      // The handler's promise never rejects, whatever the request or the shop's onError does.
      try {
        onError(error);
      } catch {}
      return answer(500, "callback not handled; deliver it again later");
    }
  };
}
