import { matchOperationPath, type OperationEntry, type SignatureScheme } from "@card-processing/types";
import { readerOf } from "./body-rules.js";
import { requireControlKey, sha1Hex } from "./control-digest.js";
import { verifyControl } from "./control-signature.js";
import { controlString } from "./control-terms.js";
import { controlAmountsOption } from "./minor-units.js";
import { type OAuthMethod, type OAuthScheme, oauthMethods, type SchemeSecrets } from "./oauth-methods.js";
import { randomNonce } from "./oauth-nonce.js";
import { oauthSignature } from "./oauth-signature.js";
import { verifyOAuth } from "./oauth-verifier.js";
import type { SignatureAddition, SignInput } from "./sign-input.js";
import { fieldError } from "./signing-error.js";
import type { VerifyRequestInput, VerifyRequestResult } from "./verify-input.js";

/**
 * Everything the SDK does differently per signature scheme: the one place that knows them.
 */
export interface SchemeBehaviour {
  /** The OAuth method, for the OAuth schemes. */
  readonly oauth?: OAuthMethod | undefined;
  /** Checks synchronously that the keys it needs are there, so misuse fails before any request. */
  requireSecrets(secrets: SchemeSecrets): void;
  /** Computes what to add to a request. */
  sign(input: SignInput): Promise<SignatureAddition>;
  /** Checks an incoming request's signature; a refusal says why in words a merchant can act on. */
  verify(input: VerifyRequestInput): Promise<VerifyRequestResult>;
}

/** The `endpointId` of a request URL: the path segment where the entry's template has it. */
function endpointIdOf(entry: OperationEntry, url: string | URL): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch (cause) {
    throw fieldError("ERR_URL_INVALID", "url", "expected an absolute http(s) URL", entry.operationId, cause);
  }
  const match = matchOperationPath(path);
  let id = "";
  try {
    id = match?.entry.path === entry.path ? decodeURIComponent(match.endpointId) : "";
  } catch {
    // A malformed escape reads as no endpoint id, refused below.
  }
  if (id === "" || id.includes("/"))
    throw fieldError("ERR_URL_INVALID", "url", `expected a URL ending in ${entry.path}`, entry.operationId);
  return id;
}

const control: SchemeBehaviour = {
  requireSecrets: (secrets) => void requireControlKey(secrets.controlKey),
  async sign({ entry, body, url, keys, controlAmounts }) {
    const read = readerOf(body);
    const way = controlAmountsOption(controlAmounts, entry.operationId);
    const text = controlString(entry, read, endpointIdOf(entry, url), keys.login, way);
    const fields: Record<string, string> = { control: await sha1Hex(text + requireControlKey(keys.controlKey)) };
    if (entry.signature.terms.includes("login") && read("login") === undefined) fields["login"] = keys.login;
    return { fields, headers: {} };
  },
  async verify({ entry, body, url, keys, controlAmounts }) {
    const control = readerOf(body)("control");
    if (control === undefined) return { ok: false, reason: "missing required field 'control'" };
    let endpointId: string;
    try {
      endpointId = endpointIdOf(entry, url);
    } catch {
      // The URL came from a request: a verifier refuses it, where a signer's caller has misused the API.
      return { ok: false, reason: `the request URL does not end in ${entry.path}` };
    }
    const verdict = await verifyControl(entry, {
      endpointId,
      login: keys.login,
      body,
      controlKey: keys.controlKey,
      control,
      controlAmounts,
    });
    return verdict.ok ? { ok: true, signer: keys.login } : verdict;
  },
};

/** The form pairs of a body, read as signing reads every body. */
function formPairs(body: SignInput["body"]): Array<[string, string]> {
  if (body instanceof URLSearchParams) return [...body];
  const read = readerOf(body);
  return Object.keys(body).flatMap((name): Array<[string, string]> => {
    const value = read(name);
    return value === undefined ? [] : [[name, value]];
  });
}

function oauth(scheme: OAuthScheme): SchemeBehaviour {
  const method = oauthMethods[scheme];
  return {
    oauth: method,
    requireSecrets: method.requireSecrets,
    async sign({ body, url, method: httpMethod, keys, oauthParamsInBody, now, nonce }) {
      method.requireSecrets(keys);
      const signed = await oauthSignature({
        signatureMethod: method.signatureMethod,
        algorithm: method.algorithm,
        key: await method.signingKey(keys),
        fixedParams: [
          ["oauth_consumer_key", keys.login],
          ["oauth_signature_method", method.signatureMethod],
          ["oauth_version", "1.0"],
        ],
        timestamp: String(Math.floor((now ?? Date.now)() / 1000)),
        nonce: (nonce ?? randomNonce)(),
        request: { method: httpMethod ?? "POST", url, body: formPairs(body) },
      });
      return {
        fields: oauthParamsInBody === true ? Object.fromEntries(signed.oauthParams) : {},
        headers: { Authorization: signed.authorization },
      };
    },
    async verify({ entry, body, url, method: httpMethod, authorization, keys, now, windowSeconds, nonceStore }) {
      const name = `OAuth 1.0a ${method.signatureMethod}`;
      if (authorization === undefined)
        return { ok: false, reason: `missing Authorization header: ${entry.operationId} is signed with ${name}` };
      const result = await verifyOAuth({
        method: httpMethod ?? "POST",
        url,
        body: new URLSearchParams(formPairs(body)),
        authorization,
        scheme,
        controlKey: keys.controlKey,
        publicKey: keys.publicKey,
        now,
        windowSeconds,
        nonceStore,
      });
      return result.ok
        ? { ok: true, signer: result.consumerKey }
        : { ok: false, reason: `${name} signature refused: ${result.reason}` };
    },
  };
}

/**
 * Each signature scheme of the operation table, described once: `control` (a SHA-1 digest added
 * as a body field), the two OAuth 1.0a methods (an `Authorization` header), and `none`.
 */
// `@__PURE__` (the bundlers' documented annotation): building a scheme has no side effect, so a
// bundle that never signs or verifies a request (a callback handler alone) leaves the table out.
export const signatureSchemes: Readonly<Record<SignatureScheme, SchemeBehaviour>> = {
  control,
  "oauth-hmac-sha1": /* @__PURE__ */ oauth("oauth-hmac-sha1"),
  "oauth-rsa-sha256": /* @__PURE__ */ oauth("oauth-rsa-sha256"),
  none: {
    requireSecrets: () => undefined,
    sign: async () => ({ fields: {}, headers: {} }),
    verify: async ({ keys }) => ({ ok: true, signer: keys.login }),
  },
};
