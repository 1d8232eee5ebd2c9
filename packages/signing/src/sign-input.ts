import type { OperationEntry } from "@card-processing/types";
import type { BodyFields } from "./body-rules.js";
import type { ControlAmounts } from "./minor-units.js";

/**
 * The merchant's credentials: the login (the `login` term and the OAuth consumer key), the
 * control key (the key of `control` digests and of HMAC-SHA1) and, for v4 operations, the RSA
 * private key in PEM (PKCS#8 or PKCS#1).
 *
 * @example
 * ```ts
 * import type { SigningKeys } from "@card-processing/signing";
 * const keys: SigningKeys = { login: "sandbox-merchant", controlKey: process.env.CONTROL_KEY! };
 * ```
 */
export interface SigningKeys {
  readonly login: string;
  readonly controlKey: string;
  readonly privateKey?: string | undefined;
}

/**
 * What signing works on: the operation's table entry, the body fields, the request URL (its
 * last path segment is the `endpointId`; OAuth signs the whole URL) and the keys.
 *
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * import type { SignInput } from "@card-processing/signing";
 * const input: SignInput = {
 *   entry: operationTable["/api/v2/status/{endpointId}"],
 *   body: { client_orderid: "902B4FF5", orderid: "1234567" },
 *   url: "https://sandbox.gateway.example/paynet/api/v2/status/1111",
 *   keys: { login: "sandbox-merchant", controlKey: "merchant-control-key" },
 * };
 * ```
 */
export interface SignInput {
  readonly entry: OperationEntry;
  readonly body: BodyFields;
  readonly url: string | URL;
  /** The HTTP method (default `POST`, the method of every operation). */
  readonly method?: string | undefined;
  readonly keys: SigningKeys;
  /** Also add the `oauth_*` parameters to the body fields (default false: header only). */
  readonly oauthParamsInBody?: boolean | undefined;
  /** Clock in milliseconds, for OAuth timestamps (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** Nonce source for OAuth (default 16 random bytes as hex). */
  readonly nonce?: (() => string) | undefined;
  /** How `control` writes amounts of currencies without two decimals (default `"iso-4217"`; see {@link ControlAmounts}). */
  readonly controlAmounts?: ControlAmounts | undefined;
}

/**
 * What signing adds to a request: body fields (`control`, and `login` where a term needs it and
 * the body lacks it) and headers (the OAuth `Authorization`). Empty for the scheme `none`.
 *
 * @example
 * ```ts
 * import type { SignatureAddition } from "@card-processing/signing";
 * const added: SignatureAddition = { fields: { control: "c6bdd88a78834ef4b863b088827a459f039e8257" }, headers: {} };
 * ```
 */
export interface SignatureAddition {
  readonly fields: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
}
