import type { SignatureAddition, SignInput } from "./sign-input.js";
import { signatureSchemes } from "./signature-schemes.js";

/**
 * Signs one request, given as plain data: the operation's table entry, the body fields, the
 * request URL and the merchant's keys. Returns what to add: `control` (and `login` where a term
 * needs it and the body lacks it) for control-signed operations, the OAuth `Authorization` header
 * for OAuth ones, nothing for `none`. The body is checked by the same rules as the client's
 * checks, so a missing term or a bad amount gives the same `SigningError` on either path.
 *
 * @throws {SigningError} `ERR_FIELD_MISSING`, `ERR_AMOUNT_INVALID`, `ERR_CURRENCY_UNKNOWN`, `ERR_URL_INVALID` or a key error.
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * import { signRequest } from "@card-processing/signing";
 * const { fields } = await signRequest({
 *   entry: operationTable["/api/v2/sale/{endpointId}"],
 *   body: { client_orderid: "902B4FF5", amount: "10.42", currency: "USD", email: "john.smith@gmail.com" },
 *   url: "https://sandbox.gateway.example/paynet/api/v2/sale/1111",
 *   keys: { login: "sandbox-merchant", controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D20" },
 * });
 * fields.control; // "c6bdd88a78834ef4b863b088827a459f039e8257"
 * ```
 */
export function signRequest(input: SignInput): Promise<SignatureAddition> {
  return signatureSchemes[input.entry.signature.scheme].sign(input);
}
