import { type NonceStore, verifyRequest } from "@card-processing/signing";
import type { OperationEntry } from "@card-processing/types";
import type { ResolvedOptions } from "../engine/sandbox-options.js";

/** What the signature check needs from a request. */
export interface SignedRequest {
  /** Form fields as sent. */
  readonly fields: Readonly<Record<string, string>>;
  /** The full request URL as received. */
  readonly url: string;
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
  const result = await verifyRequest({
    entry,
    url: request.url,
    body: request.fields,
    authorization: request.authorization,
    keys: { login: options.login, controlKey: options.controlKey, publicKey: options.publicKey },
    windowSeconds: options.oauthWindowSeconds,
    nonceStore: nonces,
  });
  if (!result.ok) return result.reason;
  if (result.signer !== options.login) return `oauth_consumer_key '${result.signer}' is not known to this sandbox`;
  return undefined;
}
