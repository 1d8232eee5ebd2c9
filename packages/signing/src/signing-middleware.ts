import { operationTable, type OperationEntry } from "@card-processing/types";
import type { Middleware } from "openapi-fetch";
import { requireControlKey, sha1Hex } from "./control-digest.js";
import { reader } from "./control-signature.js";
import { controlString, type FieldReader } from "./control-terms.js";
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

/**
 * What a client tells `prepareSignature` of a {@link SigningMiddleware} about a request it is about to build.
 *
 * @example
 * ```ts
 * import type { PrepareInput } from "@card-processing/signing";
 * const params = { path: { endpointId: 1111 } };
 * const input: PrepareInput = { schemaPath: "/api/v2/status/{endpointId}", params, body: { client_orderid: "902B4FF5", orderid: "1234567" } };
 * ```
 */
export interface PrepareInput {
  /** The operation's path template, as openapi-fetch hands it to `onRequest`. */
  readonly schemaPath: string;
  /** The very object that will be given to openapi-fetch as `params` (it ties the two calls together). */
  readonly params: { readonly path?: Readonly<Record<string, unknown>> | undefined };
  /** The request body before form encoding: strings, numbers and booleans are read as their text. */
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * The middleware of {@link createSigningMiddleware}: openapi-fetch middleware, plus `prepareSignature`,
 * which a client may call before it builds a request so that the `control` digest is computed
 * while the request is being built instead of after.
 *
 * @example
 * ```ts
 * import { createSigningMiddleware, type SigningMiddleware } from "@card-processing/signing";
 * const signer: SigningMiddleware = createSigningMiddleware({ login: "test-merchant", controlKey });
 * client.use(signer);
 * ```
 */
export type SigningMiddleware = Middleware & {
  /**
   * Starts the `control` digest of a request about to be sent with `params`. Web Crypto hashes
   * off the main thread, so the digest is ready sooner when it starts before openapi-fetch builds
   * the request. `onRequest` uses it only when the terms it reads from the request are exactly
   * the ones hashed here (a number the client encodes otherwise than `String` does, say), and
   * hashes anew otherwise. Does nothing for operations not signed with `control` and for a body
   * whose terms cannot be read (`onRequest` reports that, in order).
   *
   * @example
   * ```ts
   * const params = { path: { endpointId: 1111 } };
   * const body = { client_orderid: "902B4FF5", orderid: "1234567" };
   * signer.prepareSignature({ schemaPath: "/api/v2/status/{endpointId}", params, body });
   * await client.POST("/api/v2/status/{endpointId}", { params, body });
   * ```
   */
  prepareSignature(input: PrepareInput): void;
};

/** A digest started by `prepareSignature`, with the terms it covers (the control key excluded). */
interface StartedDigest {
  readonly terms: string;
  readonly digest: Promise<string>;
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
export function createSigningMiddleware(options: SigningMiddlewareOptions): SigningMiddleware {
  const login = requireText(options.login, "ERR_FIELD_MISSING", "login", "the merchant login");
  const controlKey = requireControlKey(options.controlKey);
  // A bad key fails here, at set-up, not at the first v4 request.
  if (options.privateKey !== undefined) signatureSchemes["oauth-rsa-sha256"].requireSecrets(options);
  const operations = options.operations ?? (operationTable as Readonly<Record<string, OperationEntry>>);
  const inBody = options.oauthParamsInBody === true;
  // One signer per scheme, made on first use, so each key is imported once per middleware.
  const signers: Partial<Record<OAuthScheme, OAuthSigner>> = {};
  // Digests started by `prepareSignature`, each taken by the one `onRequest` that gets the same params.
  const started = new WeakMap<object, StartedDigest>();
  const entryOf = (schemaPath: string) => (Object.hasOwn(operations, schemaPath) ? operations[schemaPath] : undefined);
  const controlTerms = (entry: OperationEntry, body: FieldReader, path: PrepareInput["params"]["path"]) =>
    controlString(entry, body, path?.["endpointId"] as string | number | undefined, login);

  return {
    prepareSignature({ schemaPath, params, body }) {
      const entry = entryOf(schemaPath);
      if (entry?.signature.scheme !== "control" || typeof body !== "object" || body === null || typeof params !== "object" || params === null) return;
      let terms: string;
      try {
        terms = controlTerms(entry, { get: reader(body) }, params.path);
      } catch (error) {
        // Not lost: onRequest reads the same terms from the request and throws this error there.
        if (error instanceof SigningError) return;
        throw error;
      }
      const digest = sha1Hex(terms + controlKey);
      // A request that fails before onRequest never awaits its digest; a failed digest is then
      // nobody's error. onRequest awaits the promise itself and so still sees any failure.
      digest.catch(() => undefined);
      started.set(params, { terms, digest });
    },

    async onRequest({ request, schemaPath, params }) {
      const entry = entryOf(schemaPath);
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
        const terms = controlTerms(entry, body, params.path);
        const early = started.get(params);
        if (early) started.delete(params);
        const control = await (early?.terms === terms ? early.digest : sha1Hex(terms + controlKey));
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
