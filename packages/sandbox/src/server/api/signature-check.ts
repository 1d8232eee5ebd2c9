import { type NonceStore, verifyRequest } from "@card-processing/signing";
import type { OperationEntry } from "@card-processing/types";
import type { ResolvedOptions } from "../../engine/resolved-options.js";
import { controlHolds } from "./control-check.js";

/** What the signature check needs from a request. */
export interface SignedRequest {
  /** Form fields as sent. */
  readonly fields: Readonly<Record<string, string>>;
  /** The full request URL as received. */
  readonly url: string;
  /** The endpoint id of the URL's path, as received. */
  readonly endpointId: string;
  readonly authorization: string | undefined;
}

/**
 * Checks the request's signature by its operation's scheme (signing's scheme table decides how)
 * and that the merchant who signed is the sandbox's own. Returns `undefined` when it holds, or a
 * message naming the problem.
 */
export async function checkSignature(
  entry: OperationEntry,
  request: SignedRequest,
  options: ResolvedOptions,
  nonces: NonceStore,
): Promise<string | undefined> {
  const login = request.fields["login"];
  if (login !== undefined && login !== options.login) return `login '${login}' is not known to this sandbox`;
  // The common case, a valid control, is settled with Node's SHA-1; anything else goes to signing.
  if (entry.signature.scheme === "control" && controlHolds(entry, request.fields, request.endpointId, options))
    return undefined;
  const result = await verifyRequest({
    entry,
    url: request.url,
    body: request.fields,
    authorization: request.authorization,
    // The public key only for RSA: reading it generates the sandbox's key pair on first use.
    keys: {
      login: options.login,
      controlKey: options.controlKey,
      publicKey: entry.signature.scheme === "oauth-rsa-sha256" ? options.publicKey : undefined,
    },
    windowSeconds: options.oauthWindowSeconds,
    nonceStore: nonces,
    controlAmounts: options.controlAmounts,
  });
  if (!result.ok) return result.reason;
  if (result.signer !== options.login) return `oauth_consumer_key '${result.signer}' is not known to this sandbox`;
  return undefined;
}
