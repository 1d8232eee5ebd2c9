import type { OperationEntry } from "@card-processing/types";
import type { BodyFields } from "./body-rules.js";
import type { ControlAmounts } from "./minor-units.js";
import type { NonceStore } from "./nonce-store.js";

/**
 * The merchant's credentials as a verifier (the gateway, the sandbox, a test) holds them: the
 * login, the control key and, for v4 operations, the RSA public key.
 *
 * @example
 * ```ts
 * import type { VerifyingKeys } from "@card-processing/signing";
 * const keys: VerifyingKeys = { login: "sandbox-merchant", controlKey: "merchant-control-key", publicKey: merchantPublicKeyPem };
 * ```
 */
export interface VerifyingKeys {
  readonly login: string;
  readonly controlKey: string;
  /** PEM (SPKI or PKCS#1) or an imported key, for RSA-SHA256. */
  readonly publicKey?: string | CryptoKey | undefined;
}

/**
 * An incoming request as a verifier sees it: the operation's table entry, the full URL as
 * received, the form fields as sent and the `Authorization` header.
 *
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * import type { VerifyRequestInput } from "@card-processing/signing";
 * const input: VerifyRequestInput = {
 *   entry: operationTable["/api/v2/status/{endpointId}"],
 *   url: "http://127.0.0.1:8080/paynet/api/v2/status/1111",
 *   body: new URLSearchParams("login=sandbox-merchant&client_orderid=902B4FF5&orderid=1234567&control=…"),
 *   authorization: undefined,
 *   keys: { login: "sandbox-merchant", controlKey: "merchant-control-key" },
 * };
 * ```
 */
export interface VerifyRequestInput {
  readonly entry: OperationEntry;
  /** The HTTP method (default `POST`, the method of every operation). */
  readonly method?: string | undefined;
  /** The full request URL as received; its path holds the `endpointId`. */
  readonly url: string | URL;
  readonly body: BodyFields;
  readonly authorization: string | undefined;
  readonly keys: VerifyingKeys;
  /** Clock in milliseconds, for OAuth timestamps (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** Accepted OAuth timestamp difference in seconds, either way (default 300). */
  readonly windowSeconds?: number | undefined;
  /** Where accepted OAuth nonces are remembered; without one, replays are not detected. */
  readonly nonceStore?: NonceStore | undefined;
  /** How `control` writes amounts of currencies without two decimals (default `"iso-4217"`). */
  readonly controlAmounts?: ControlAmounts | undefined;
}

/**
 * The outcome of verifying a request: who signed it (the login, or the OAuth consumer key), or
 * why it is refused, in words a merchant can act on.
 *
 * @example
 * ```ts
 * import type { VerifyRequestResult } from "@card-processing/signing";
 * const refused: VerifyRequestResult = { ok: false, reason: "missing required field 'control'" };
 * ```
 */
export type VerifyRequestResult =
  | { readonly ok: true; readonly signer: string }
  | { readonly ok: false; readonly reason: string };
