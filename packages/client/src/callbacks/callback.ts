import { verifyCallback } from "@card-processing/signing";
import { type CallbackParams, callbackSignature, isFinalStatus } from "@card-processing/types";
import { type ParamsInput, paramsRecord } from "./params-input.js";
import { requireSignedParams } from "./signed-params.js";

/**
 * The callback parameters its `control` covers: `status`, `orderid` and `client_orderid`, as the
 * spec's callback signature lists them.
 *
 * @example
 * ```ts
 * import type { CallbackSignedField } from "@card-processing/client";
 * const field: CallbackSignedField = "status";
 * ```
 */
export type CallbackSignedField = (typeof callbackSignature.terms)[number];

/**
 * A server callback whose `control` was verified. Only the fields at the top (`status`, `orderid`,
 * `client_orderid`) are covered by the signature; everything else (`amount`, `currency`, `type`,
 * card details, ...) is in `unsigned`: anyone who can reach your callback URL with one genuine
 * callback could change those. Confirm the amount and the kind of transaction with the status
 * operation before acting on them.
 *
 * @example
 * ```ts
 * import type { VerifiedCallback } from "@card-processing/client";
 * const onCallback = (callback: VerifiedCallback) => console.log(callback.status, callback.unsigned.amount);
 * ```
 */
export type VerifiedCallback = Readonly<Pick<CallbackParams, CallbackSignedField>> & {
  /**
   * Whether `status` is final (`approved`, `declined`, `error`, `filtered`): a callback that is
   * not final must never overwrite a final status you already stored.
   */
  readonly final: boolean;
  /** Parameters the callback's `control` does not cover: confirm them with the status operation. */
  readonly unsigned: Readonly<Partial<Omit<CallbackParams, CallbackSignedField | "control">>> &
    Readonly<Record<string, string | undefined>>;
};

/**
 * Reads and verifies the gateway's server callback (the GET to `server_callback_url`): accepts
 * `URLSearchParams`, a query string or a parsed query object and checks `control` against the
 * merchant control key. The signature covers `status`, `orderid` and `client_orderid` only: those
 * come back at the top of the result; every other parameter (`amount`, `type`, ...) comes back in
 * `unsigned`: claims that anyone holding one genuine callback can change, to be checked against
 * your stored order or confirmed with the status operation (`createCallbackHandler` does both,
 * and refuses a `type` the gateway does not send). The digest joins its terms without
 * separators: a callback signed for orderid `1000001` and client_orderid `5001` verifies as well
 * for `100000` and `15001`, so check the ids against your order too. A missing or wrong `control`
 * throws a {@link SignatureError}. Answer the gateway with HTTP 200 once handled.
 *
 * @example
 * ```ts
 * import { parseCallback } from "@card-processing/client";
 * app.get("/callback", async (req, res) => {
 *   const callback = await parseCallback(new URL(req.url, "http://x").searchParams, controlKey);
 *   const { data } = await gateway.status({ client_orderid: callback.client_orderid, orderid: callback.orderid });
 *   if (data?.status === "approved") await fulfil(callback.client_orderid, data.amount);
 *   res.status(200).end();
 * });
 * ```
 */
export async function parseCallback(input: ParamsInput, controlKey: string): Promise<VerifiedCallback> {
  const params = paramsRecord(input);
  // The gateway documents merchant_order as the same value as client_orderid.
  if (params["client_orderid"] === undefined && params["merchant_order"] !== undefined) {
    params["client_orderid"] = params["merchant_order"];
  }
  await requireSignedParams("callback", params, callbackSignature.terms, controlKey, verifyCallback);
  const signed: Record<string, string> = {};
  const unsigned: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if ((callbackSignature.terms as readonly string[]).includes(name)) signed[name] = value;
    else if (name !== "control") unsigned[name] = value;
  }
  return { ...signed, final: isFinalStatus(signed["status"] ?? ""), unsigned } as unknown as VerifiedCallback;
}
