import { operationTable, type OperationEntry } from "@card-processing/types";
import type { Middleware } from "openapi-fetch";
import { requireControlKey, sha1Hex } from "./control-digest.js";
import { controlString, controlTermsOf, type ControlTerms, type TermSource } from "./control-terms.js";
import { formBodyOf, replaceFormBody, withFormBody } from "./form-request.js";
import { FormFields, replacePair } from "./form-text.js";
import { createOAuthSigner, type OAuthSigner } from "./oauth-signer.js";
import { percentEncode } from "./percent-encode.js";
import { signatureSchemes } from "./signature-schemes.js";
import { fieldError, SigningError } from "./signing-error.js";

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

type Plan =
  | { readonly kind: "none" }
  | { readonly kind: "control"; readonly terms: ControlTerms }
  | { readonly kind: "oauth"; readonly signer: OAuthSigner };

const FORM = "application/x-www-form-urlencoded";
const NONE: Plan = { kind: "none" };

/** Reads terms from a parsed body; one small object per request, no closures. */
class BodyTerms extends FormFields implements TermSource {
  constructor(
    text: string,
    readonly endpointId: string | number | undefined,
    readonly login: string,
  ) {
    super(text);
  }
}

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
  const login = options.login;
  if (typeof login !== "string" || login === "") throw fieldError("ERR_FIELD_MISSING", "login", "expected the merchant login, a non-empty string");
  const controlKey = requireControlKey(options.controlKey);
  // A bad key fails here, at set-up, not at the first v4 request.
  if (options.privateKey !== undefined) signatureSchemes["oauth-rsa-sha256"].requireSecrets(options);
  const operations = options.operations ?? (operationTable as Readonly<Record<string, OperationEntry>>);
  const inBody = options.oauthParamsInBody === true;
  const signers = new Map<string, OAuthSigner>();
  const plans = new Map<string, Plan>();

  function signerFor(scheme: "oauth-hmac-sha1" | "oauth-rsa-sha256"): OAuthSigner {
    let signer = signers.get(scheme);
    if (!signer) {
      signer = createOAuthSigner({
        scheme,
        consumerKey: login,
        controlKey,
        privateKey: options.privateKey,
        now: options.now,
        nonce: options.nonce,
      });
      signers.set(scheme, signer);
    }
    return signer;
  }

  function planFor(schemaPath: string): Plan {
    let plan = plans.get(schemaPath);
    if (plan) return plan;
    const entry = Object.hasOwn(operations, schemaPath) ? operations[schemaPath] : undefined;
    if (!entry) {
      throw new SigningError("ERR_OPERATION_UNKNOWN", `${schemaPath}: not an operation of the operation table, so it cannot be signed`);
    }
    const scheme = entry.signature.scheme;
    const kind = signatureSchemes[scheme].kind;
    plan =
      kind === "none"
        ? NONE
        : kind === "control"
          ? { kind, terms: controlTermsOf(entry) }
          : { kind, signer: signerFor(scheme as "oauth-hmac-sha1" | "oauth-rsa-sha256") };
    plans.set(schemaPath, plan);
    return plan;
  }

  return {
    async onRequest({ request, schemaPath, params }) {
      const plan = planFor(schemaPath);
      if (plan.kind === "none") return undefined;
      const contentType = request.headers.get("content-type");
      if (contentType === null || !contentType.startsWith(FORM)) {
        throw new SigningError("ERR_BODY_INVALID", `${schemaPath}: the body must be ${FORM} to be signed (got ${contentType ?? "none"})`);
      }
      // A FormRequest carries its body text; any other request is read (and so must be rebuilt).
      const known = formBodyOf(request);
      let text = known ?? (await request.text());

      if (plan.kind === "control") {
        const body = new BodyTerms(text, params.path?.["endpointId"] as string | number | undefined, login);
        const control = await sha1Hex(controlString(plan.terms, body) + controlKey);
        if (plan.terms.needsLogin && !body.get("login")) text = setPair(text, body, "login", login);
        text = setPair(text, body, "control", control);
        return replaceFormBody(request, text) ? undefined : withFormBody(request, text);
      }

      const signed = await plan.signer.sign({ method: request.method, url: request.url, body: text });
      if (known !== undefined && !inBody) {
        // Header only and the body untouched: sign the request in place.
        request.headers.set("Authorization", signed.authorization);
        return undefined;
      }
      if (inBody) for (const [name, value] of signed.oauthParams) text = appendPair(text, name, value);
      const next = replaceFormBody(request, text) ? request : withFormBody(request, text);
      next.headers.set("Authorization", signed.authorization);
      return next === request ? undefined : next;
    },
  };
}
