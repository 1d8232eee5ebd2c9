import { FORM_MEDIA_TYPE, type OperationEntry, operationTable } from "@card-processing/types";
import { requireControlKey } from "./control-digest.js";
import { controlAmountsOption } from "./minor-units.js";
import type { SignInput, SigningKeys } from "./sign-input.js";
import { signRequest } from "./sign-request.js";
import { signatureSchemes } from "./signature-schemes.js";
import { requireText, SigningError } from "./signing-error.js";

/**
 * The merchant's credentials and the knobs of `createSigningMiddleware`.
 *
 * @example
 * ```ts
 * import type { SigningMiddlewareOptions } from "@card-processing/signing";
 * const options: SigningMiddlewareOptions = { login: "sandbox-merchant", controlKey: process.env.CONTROL_KEY! };
 * ```
 */
export interface SigningMiddlewareOptions
  extends SigningKeys,
    Pick<SignInput, "oauthParamsInBody" | "now" | "nonce" | "controlAmounts"> {
  /** The operations to sign, keyed by path template (default: the generated `operationTable`). */
  readonly operations?: Readonly<Record<string, OperationEntry>> | undefined;
}

/**
 * The signing middleware's shape: an `onRequest` as openapi-fetch's `client.use()` takes it, written
 * out here so that signing's types compile without openapi-fetch installed. Any openapi-fetch
 * client accepts it as a `Middleware`.
 *
 * @example
 * ```ts
 * import { createSigningMiddleware, type SigningMiddleware } from "@card-processing/signing";
 * const signer: SigningMiddleware = createSigningMiddleware({ login: "sandbox-merchant", controlKey });
 * client.use(signer);
 * ```
 */
export interface SigningMiddleware {
  /** Signs the request at `schemaPath`, or leaves it (`undefined`) when the operation is unsigned. */
  onRequest(params: { readonly request: Request; readonly schemaPath: string }): Promise<Request | undefined>;
}

/**
 * openapi-fetch middleware that signs every operation of the operation table: an ordinary
 * `onRequest` that reads the standard request, signs its form fields with {@link signRequest} and
 * returns a standard request with `control` (and `login` where needed) in the body or the OAuth
 * `Authorization` header set. Operations whose scheme is `none` pass untouched. It composes with
 * any middleware written to openapi-fetch's contract, before or after it.
 *
 * @throws {SigningError} at creation for missing credentials or a malformed PEM key.
 * @example
 * ```ts
 * import createClient from "openapi-fetch";
 * import { FORM_MEDIA_TYPE, type paths, VENDOR_MEDIA_TYPE } from "@card-processing/types";
 * import { createSigningMiddleware } from "@card-processing/signing";
 *
 * const client = createClient<paths>({
 *   baseUrl: "https://sandbox.gateway.example/paynet",
 *   headers: { Accept: VENDOR_MEDIA_TYPE, "Content-Type": FORM_MEDIA_TYPE },
 * });
 * client.use(createSigningMiddleware({ login: "sandbox-merchant", controlKey, privateKey: pem /* v4 only *\/ }));
 * await client.POST("/api/v4/payout-check/{endpointId}", {
 *   params: { path: { endpointId: 1111 }, header: { Accept: VENDOR_MEDIA_TYPE } },
 *   body: { "client-order-id": "PC-1", amount: "10.00", currency: "USD", order_desc: "Payout", account_number: "40817810099910004312", bank_name: "Example Bank" },
 * });
 * ```
 */
export function createSigningMiddleware(options: SigningMiddlewareOptions): SigningMiddleware {
  const keys: SigningKeys = {
    login: requireText(options.login, "ERR_FIELD_MISSING", "login", "the merchant login"),
    controlKey: requireControlKey(options.controlKey),
    privateKey: options.privateKey,
  };
  // A bad key fails here, at set-up, not at the first v4 request.
  if (options.privateKey !== undefined) signatureSchemes["oauth-rsa-sha256"].requireSecrets(keys);
  const controlAmounts = controlAmountsOption(options.controlAmounts, "createSigningMiddleware");
  const operations = options.operations ?? (operationTable as Readonly<Record<string, OperationEntry>>);

  return {
    async onRequest({ request, schemaPath }) {
      // An operation is addressed by its path template or, through an endpoint group, by its group address.
      const entry = Object.hasOwn(operations, schemaPath)
        ? operations[schemaPath]
        : Object.values(operations).find((candidate) => candidate.groupPath === schemaPath);
      if (!entry)
        throw new SigningError(
          "ERR_OPERATION_UNKNOWN",
          `${schemaPath}: not in the operation table, so it cannot be signed`,
        );
      if (entry.signature.scheme === "none") return undefined;
      const contentType = request.headers.get("content-type");
      if (!contentType?.startsWith(FORM_MEDIA_TYPE)) {
        throw new SigningError(
          "ERR_BODY_INVALID",
          `${schemaPath}: content-type must be ${FORM_MEDIA_TYPE} to sign (got ${contentType ?? "none"})`,
        );
      }
      const body = new URLSearchParams(await request.text());
      const added = await signRequest({
        ...options,
        entry,
        body,
        url: request.url,
        method: request.method,
        keys,
        controlAmounts,
      });
      for (const [name, value] of Object.entries(added.fields)) body.set(name, value);
      const signed = new Request(request, { body: body.toString() });
      for (const [name, value] of Object.entries(added.headers)) signed.headers.set(name, value);
      return signed;
    },
  };
}
