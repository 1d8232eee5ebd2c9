import { callbackControl } from "@card-processing/signing";
import type { CallbackParams } from "@card-processing/types";

/**
 * The parameters of a test callback: `status`, `orderid` and `client_orderid` (the fields its
 * `control` covers), and any others the gateway sends (`type`, `amount`, `currency`...).
 *
 * @example
 * ```ts
 * import type { CallbackToSign } from "@card-processing/client";
 * const params: CallbackToSign = { status: "approved", orderid: "1000001", client_orderid: "A1", type: "sale" };
 * ```
 */
export interface CallbackToSign {
  readonly status: CallbackParams["status"];
  readonly orderid: string;
  readonly client_orderid: string;
  readonly [name: string]: string | undefined;
}

/**
 * Builds a server callback as the gateway sends it, signed with `controlKey`, for unit tests of a
 * callback handler: fills in `merchant_order` from `client_orderid` when it is missing and adds
 * `control` (SHA-1 of `status + orderid + client_orderid + controlKey`). Parameters given as
 * `undefined` are left out. `parseCallback` accepts what it builds.
 *
 * @example
 * ```ts
 * import { parseCallback, signCallback } from "@card-processing/client";
 * const query = await signCallback({ status: "approved", orderid: "1000001", client_orderid: "A1", type: "sale", amount: "10.42" }, "test-key");
 * const response = await fetch(`http://127.0.0.1:3000/callback?${query}`); // your handler, in a test
 * (await parseCallback(query, "test-key")).status; // "approved"
 * ```
 */
export async function signCallback(params: CallbackToSign, controlKey: string): Promise<URLSearchParams> {
  for (const field of ["status", "orderid", "client_orderid"] as const) {
    if (typeof params[field] !== "string" || params[field] === "") {
      throw new TypeError(
        `signCallback: field '${field}' is required (a non-empty string): the callback's control covers it`,
      );
    }
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ merchant_order: params.client_orderid, ...params })) {
    if (value !== undefined && name !== "control") query.set(name, value);
  }
  query.set("control", await callbackControl(params, controlKey));
  return query;
}
