import { verifyCustomerReturn } from "@card-processing/signing";
import { type CustomerReturnParams, customerReturnSignature } from "@card-processing/types";
import { type ParamsInput, paramsRecord } from "./params-input.js";
import { requireSignedParams } from "./signed-params.js";

/**
 * Reads and verifies the customer's return to `redirect_url` (the browser's POST after a hosted
 * page or 3-D Secure): accepts `URLSearchParams`, a form body string or a parsed object, checks
 * `control` with the signing package and returns the typed parameters. A missing or wrong
 * `control` throws a {@link SignatureError}. A return is not proof of payment: confirm with the
 * status operation before fulfilling. It travels through the payer's own browser, and `control`
 * joins `status + orderid + merchant_order` without separators: a return signed for orderid
 * `1000001` and merchant_order `5001` verifies as well for `100000` and `15001`. Check its ids
 * against the order the payer's session started before trusting them.
 *
 * @example
 * ```ts
 * import { parseCustomerReturn } from "@card-processing/client";
 * const back = await parseCustomerReturn(await request.text(), controlKey);
 * const { data } = await gateway.status({ client_orderid: back.merchant_order, orderid: back.orderid });
 * ```
 */
export async function parseCustomerReturn(input: ParamsInput, controlKey: string): Promise<CustomerReturnParams> {
  const params = paramsRecord(input);
  await requireSignedParams("customer return", params, customerReturnSignature.terms, controlKey, verifyCustomerReturn);
  return params as unknown as CustomerReturnParams;
}
