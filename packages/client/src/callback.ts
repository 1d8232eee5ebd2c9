import { verifyCallback } from "@card-processing/signing";
import { callbackSignature, type CallbackParams } from "@card-processing/types";
import { paramsRecord, type ParamsInput } from "./params-input.js";
import { requireSignedParams } from "./signed-params.js";

/**
 * Reads and verifies the gateway's server callback (the GET to `server_callback_url`): accepts
 * `URLSearchParams`, a query string or a parsed query object, checks `control` against the
 * merchant control key with the signing package, and returns the typed parameters. A missing or
 * wrong `control` throws a {@link SignatureError}. Answer the gateway with HTTP 200 once handled.
 *
 * @example
 * ```ts
 * import { parseCallback } from "@card-processing/client";
 * app.get("/callback", async (req, res) => {
 *   const callback = await parseCallback(new URL(req.url, "http://x").searchParams, controlKey);
 *   if (callback.status === "approved") await fulfil(callback.client_orderid);
 *   res.status(200).end();
 * });
 * ```
 */
export async function parseCallback(input: ParamsInput, controlKey: string): Promise<CallbackParams> {
  const params = paramsRecord(input);
  // The gateway documents merchant_order as the same value as client_orderid.
  if (params["client_orderid"] === undefined && params["merchant_order"] !== undefined) {
    params["client_orderid"] = params["merchant_order"];
  }
  await requireSignedParams("callback", params, callbackSignature.terms, controlKey, verifyCallback);
  return params as unknown as CallbackParams;
}
