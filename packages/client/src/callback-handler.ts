import { callbackSignature, FORM_MEDIA_TYPE } from "@card-processing/types";
import { parseCallback, type VerifiedCallback } from "./callback.js";
import { claimStoreOf, eventOnce } from "./callback-claim.js";
import { type CallbackSeen, type CallbackSeenSet, callbackEventKey, memoryCallbackSeen } from "./callback-seen.js";
import { usageError } from "./usage-error.js";

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
  /** Acts on a verified callback; throw to have the gateway deliver it again later. */
  readonly onCallback: (callback: VerifiedCallback) => void | Promise<void>;
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
  /** Told of an error thrown by `onCallback` or `seen` (default: `console.error`); the gateway only sees a 500. */
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
  return new URLSearchParams(await request.text());
}

/**
 * Makes a web-standard handler for the gateway's server callback: reads the callback from the
 * query string (GET) or a form body (POST), verifies `control`, calls `onCallback` once per event
 * and answers `200 OK`. A callback without `control` or a signed field gets 400, a wrong `control`
 * 403, and `onCallback` is not called; an error thrown by `onCallback` gets 500 (its text never
 * leaves), so the gateway delivers the callback again later. One event (same status, type,
 * orderid and client_orderid) reaches `onCallback` once: a delivery that arrives while its call
 * runs waits for it and gets its answer (200, or 500 when it threw), a later one gets 200 at once,
 * and one whose event another instance is handling (a live claim in `seen`) gets 503, so the
 * gateway delivers it again later.
 * Mount it as is in Hono, Bun and Deno; make it where the key arrives: in a Cloudflare Worker
 * from `env` inside `fetch`, in a Next.js route handler at request time (`next build` loads the
 * route without the key, and the handler refuses an empty one). For Node's `(req, res)` (Express,
 * `node:http`) wrap it with `toNodeListener`.
 *
 * @example
 * ```ts
 * import { createCallbackHandler } from "@card-processing/client/callback-handler";
 * const handler = createCallbackHandler({
 *   controlKey: process.env.MERCHANT_CONTROL_KEY!,
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
  const handleOnce = eventOnce(claimStoreOf(options.seen ?? memoryCallbackSeen()), leaseMs);
  const onError =
    options.onError ??
    ((error: unknown) =>
      console.error("callback handler: onCallback failed; answered 500 so the gateway retries", error));
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
      const outcome = await handleOnce(callbackEventKey(callback), () => onCallback(callback));
      if (outcome === "busy") return answer(503, "another instance is handling this callback; deliver it again later");
      return answer(200, "OK");
    } catch (error) {
      onError(error);
      return answer(500, "callback not handled; deliver it again later");
    }
  };
}
