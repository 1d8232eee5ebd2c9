import { operationTable, type OperationEntry } from "@card-processing/types";
import type { Middleware } from "openapi-fetch";
import { requireControlKey, sha1Hex } from "./control-digest.js";
import { controlString } from "./control-terms.js";
import { formBodyOf, replaceFormBody, withFormBody } from "./form-request.js";
import { FormFields, replacePair } from "./form-text.js";
import { createOAuthSigner, type OAuthSigner } from "./oauth-signer.js";
import { percentEncode } from "./percent-encode.js";
import { signatureSchemes, type OAuthScheme } from "./signature-schemes.js";
import { requireText, SigningError } from "./signing-error.js";

/**
 * The merchant's credentials and the knobs of `createSigningMiddleware`.
 *
 * @example
 * ```ts
 * import type { SigningMiddlewareOptions } from "@card-processing/signing";
 * const options: SigningMiddlewareOptions = { login: "test-merchant", controlKey: process.env.CONTROL_KEY! };
 * ```
 */
export interface SigningMiddlewareOptions {
  /** The merchant login: the `login` term and the OAuth consumer key. */
  readonly login: string;
  /** The merchant control key: the key of `control` digests and of HMAC-SHA1. */
  readonly controlKey: string;
  /** RSA private key for v4 operations, PEM: PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1 (`BEGIN RSA PRIVATE KEY`). */
  readonly privateKey?: string | undefined;
  /** Copy the `oauth_*` parameters into the body as well as the header (default false: header only). */
  readonly oauthParamsInBody?: boolean | undefined;
  /** Clock in milliseconds, for OAuth timestamps (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** Nonce source for OAuth (default 16 random bytes from `crypto.getRandomValues`, hex). */
  readonly nonce?: (() => string) | undefined;
  /** The operations to sign, keyed by path template (default: the generated `operationTable`). */
  readonly operations?: Readonly<Record<string, OperationEntry>> | undefined;
}

const FORM = "application/x-www-form-urlencoded";

/** Appends `name=value`, or replaces the pairs of that name when the body already has one. */
function setPair(text: string, body: FormFields, name: string, value: string): string {
  return body.has(name) ? replacePair(text, name, percentEncode(value)) : appendPair(text, name, value);
}

function appendPair(text: string, name: string, value: string): string {
  return `${text}${text === "" ? "" : "&"}${name}=${percentEncode(value)}`;
}

/**
 * openapi-fetch middleware that signs every operation of the operation table: it adds `control`
 * (and `login` when a term needs it and the body lacks it) or the OAuth 1.0a `Authorization`
 * header, and leaves operations whose scheme is `none` untouched. Keys are imported once per
 * middleware, on first use; bad input throws a `SigningError` before the request leaves.
 *
 * @throws {SigningError} at creation for missing credentials or a malformed PEM key.
 * @example
 * ```ts
 * import createClient from "openapi-fetch";
 * import type { paths } from "@card-processing/types";
 * import { createSigningMiddleware } from "@card-processing/signing";
 *
 * const client = createClient<paths>({
 *   baseUrl: "https://sandbox.gateway.example/paynet",
 *   headers: { Accept: "application/vnd.pay+json", "Content-Type": "application/x-www-form-urlencoded" },
 * });
 * client.use(createSigningMiddleware({ login: "test-merchant", controlKey, privateKey /* v4 only *\/ }));
 * await client.POST("/api/v2/sale/{endpointId}", { params: { path: { endpointId: 1111 } }, body: sale });
 * ```
 */
export function createSigningMiddleware(options: SigningMiddlewareOptions): Middleware {
  const login = requireText(options.login, "ERR_FIELD_MISSING", "login", "the merchant login");
  const controlKey = requireControlKey(options.controlKey);
  // A bad key fails here, at set-up, not at the first v4 request.
  if (options.privateKey !== undefined) signatureSchemes["oauth-rsa-sha256"].requireSecrets(options);
  const operations = options.operations ?? (operationTable as Readonly<Record<string, OperationEntry>>);
  const inBody = options.oauthParamsInBody === true;
  // One signer per scheme, made on first use, so each key is imported once per middleware.
  const signers: Partial<Record<OAuthScheme, OAuthSigner>> = {};

  return {
    async onRequest({ request, schemaPath, params }) {
      const entry = Object.hasOwn(operations, schemaPath) ? operations[schemaPath] : undefined;
      if (!entry) throw new SigningError("ERR_OPERATION_UNKNOWN", `${schemaPath}: not in the operation table, so it cannot be signed`);
      const scheme = entry.signature.scheme;
      const kind = signatureSchemes[scheme].kind;
      if (kind === "none") return undefined;
      const contentType = request.headers.get("content-type");
      if (!contentType?.startsWith(FORM)) {
        throw new SigningError("ERR_BODY_INVALID", `${schemaPath}: content-type must be ${FORM} to sign (got ${contentType ?? "none"})`);
      }
      // A FormRequest carries its body text; any other request is read (and so must be rebuilt).
      const known = formBodyOf(request);
      let text = known ?? (await request.text());
      let authorization: string | undefined;

      if (kind === "control") {
        const body = new FormFields(text);
        const endpointId = params.path?.["endpointId"] as string | number | undefined;
        const control = await sha1Hex(controlString(entry, body, endpointId, login) + controlKey);
        if (entry.signature.terms.includes("login") && !body.get("login")) text = setPair(text, body, "login", login);
        text = setPair(text, body, "control", control);
      } else {
        const oauthScheme = scheme as OAuthScheme;
        const signer = (signers[oauthScheme] ??= createOAuthSigner({
          scheme: oauthScheme,
          consumerKey: login,
          controlKey,
          privateKey: options.privateKey,
          now: options.now,
          nonce: options.nonce,
        }));
        const signed = await signer.sign({ method: request.method, url: request.url, body: text });
        authorization = signed.authorization;
        if (inBody) for (const [name, value] of signed.oauthParams) text = appendPair(text, name, value);
      }
      // The new text goes into the request itself when it already holds it (OAuth in the header
      // only) or is detached; any other request is copied.
      const next = text === known || replaceFormBody(request, text) ? request : withFormBody(request, text);
      if (authorization !== undefined) next.headers.set("Authorization", authorization);
      return next === request ? undefined : next;
    },
  };
}
