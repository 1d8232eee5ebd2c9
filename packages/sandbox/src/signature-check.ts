import { verifyControl, verifyOAuth, type NonceStore } from "@card-processing/signing";
import type { OperationEntry } from "@card-processing/types";
import type { ResolvedOptions } from "./sandbox-options.js";

/** What the signature check needs from a request. */
export interface SignedRequest {
  readonly endpointId: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly params: URLSearchParams;
  readonly url: string;
  readonly authorization: string | undefined;
}

const schemeNames = { "oauth-hmac-sha1": "OAuth 1.0a HMAC-SHA1", "oauth-rsa-sha256": "OAuth 1.0a RSA-SHA256" } as const;

/**
 * Checks the request's signature by the scheme of its operation entry. Returns `undefined` when
 * it holds, or a message naming the problem.
 */
export async function checkSignature(
  entry: OperationEntry,
  request: SignedRequest,
  options: ResolvedOptions,
  nonces: NonceStore,
): Promise<string | undefined> {
  const { scheme, terms } = entry.signature;
  if (scheme === "none") return undefined;
  if (scheme === "control") {
    const login = request.fields["login"];
    if (login !== undefined && login !== options.login) return `login '${login}' is not known to this sandbox`;
    const control = request.fields["control"];
    if (control === undefined) return "missing required field 'control'";
    const valid = await verifyControl(entry, {
      endpointId: request.endpointId,
      login: options.login,
      body: request.fields,
      controlKey: options.controlKey,
      control,
    });
    return valid ? undefined : `control does not match: expected SHA-1 of ${[...terms, "merchant control key"].join(" + ")}`;
  }
  const name = schemeNames[scheme];
  if (request.authorization === undefined) return `missing Authorization header: ${entry.operationId} is signed with ${name}`;
  const result = await verifyOAuth({
    method: "POST",
    url: request.url,
    body: request.params,
    authorization: request.authorization,
    scheme,
    controlKey: options.controlKey,
    publicKey: options.publicKey,
    windowSeconds: options.oauthWindowSeconds,
    nonceStore: nonces,
  });
  if (!result.ok) return `${name} signature refused: ${result.reason}`;
  if (result.consumerKey !== options.login) return `oauth_consumer_key '${result.consumerKey}' is not known to this sandbox`;
  return undefined;
}
