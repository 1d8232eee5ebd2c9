import type { OperationEntry } from "@card-processing/types";
import { moneyAdvice, requestFacts, type SentFields } from "../replies/money-advice.js";
import { GatewayError, type GatewayErrorOptions } from "./gateway-error.js";

/**
 * The codes of {@link ReplyError}.
 *
 * @example
 * ```ts
 * import type { ReplyErrorCode } from "@card-processing/client";
 * const code: ReplyErrorCode = "ERR_REPLY_INCOMPLETE";
 * ```
 */
export type ReplyErrorCode =
  | "ERR_REPLY_UNREADABLE"
  | "ERR_REPLY_FOREIGN"
  | "ERR_REPLY_INCOMPLETE"
  | "ERR_REPLY_REDIRECT"
  | "ERR_REPLY_TOO_LARGE";

/**
 * A reply that cannot be taken as the operation's answer, with `outcome` `"unknown"`: a 2xx that
 * is empty, cut short, or in neither the JSON nor the classic text form (`ERR_REPLY_UNREADABLE`,
 * such as a proxy's HTML page; also a reply that came whole but that the client failed on while
 * reading it, the exception as `cause`: the request reached the gateway), readable but not a reply of the operation (`ERR_REPLY_FOREIGN`,
 * such as `{"ok":true}`), a reply of the operation without a key the spec says it always carries
 * (`ERR_REPLY_INCOMPLETE`, such as a sale's reply without `paynet-order-id`), or a redirect
 * (`ERR_REPLY_REDIRECT`, HTTP 3xx: the client never follows one, so a signed body is never sent
 * again to another address; the message names the `Location` host), or a body past the size the
 * client reads of it (`ERR_REPLY_TOO_LARGE`, left unread; the message names the limit). Something
 * between you and the gateway may have answered in its place: an operation that moves money may
 * have taken effect, so recover the order before sending it again.
 *
 * @example
 * ```ts
 * import { ReplyError } from "@card-processing/client";
 * const { error } = await gateway.sale(body);
 * if (error instanceof ReplyError) await gateway.recover(error);
 * ```
 */
export class ReplyError extends GatewayError {
  override name = "ReplyError" as const;
  declare readonly code: ReplyErrorCode;

  constructor(message: string, options: GatewayErrorOptions & { code: ReplyErrorCode }) {
    super(options.code, message, { outcome: "unknown", ...options });
  }
}

/** What a reply's headers say of it, for a message: `HTTP 502, text/html`. */
function observed(response: Response): string {
  const type = response.headers.get("content-type")?.split(";")[0];
  return `HTTP ${response.status}${type ? `, ${type}` : ""}`;
}

/** A URL's scheme and host only: its path and query may quote the request. */
function originOf(location: string, base: string): string {
  try {
    const url = new URL(location, base || undefined);
    return `${url.protocol}//${url.host}`;
  } catch {
    return "an address that is not a URL";
  }
}

/**
 * What a reply that redirects says, for the message of an `ERR_REPLY_REDIRECT`, or `undefined`
 * when it is no redirect: an HTTP 3xx (or a browser's opaque redirect) names the `Location` host;
 * a reply that a user's `fetch` reached by following a redirect anyway names where it ended.
 */
export function redirectOf(response: Response): string | undefined {
  if (response.redirected) {
    return `from ${originOf(response.url, "")}, reached by a redirect that the fetch passed to the client followed (the request may have been sent there again: pass a fetch that honours redirect: "manual")`;
  }
  if (response.type !== "opaqueredirect" && (response.status < 300 || response.status > 399)) return undefined;
  const location = response.headers.get("location");
  const target = location === null ? "an address the runtime does not show" : originOf(location, response.url);
  return `a redirect (HTTP ${response.status}) to ${target}, which the client never follows: a signed request is not sent again elsewhere`;
}

/** What a {@link ReplyError} of each code says was observed. */
function whatWasObserved(
  code: ReplyErrorCode,
  response: Response,
  where: string,
  entry: OperationEntry | undefined,
  detail: string,
) {
  switch (code) {
    case "ERR_REPLY_UNREADABLE":
      return `the reply (${observed(response)}) could not be read: empty, cut short, or neither JSON nor the classic text form`;
    case "ERR_REPLY_FOREIGN":
      return `the reply (${observed(response)}) is not a reply of ${where}${entry?.replyTypes[0] ? ` (expected type ${entry.replyTypes[0]})` : ""}`;
    case "ERR_REPLY_INCOMPLETE":
      return `the reply (${observed(response)}) lacks ${detail}, which every reply of ${where} carries`;
    case "ERR_REPLY_REDIRECT":
      return `the reply is ${detail}`;
    case "ERR_REPLY_TOO_LARGE":
      return `the reply (${observed(response)}) is over the ${detail} bytes the client reads of one, and was left unread`;
  }
}

/**
 * The {@link ReplyError} of a reply that cannot be taken as the operation's answer (see its codes):
 * describes what was observed (`detail`: the keys missing, {@link redirectOf}'s account, or the
 * size limit), and for an operation that moves money says that it may have taken effect and how
 * to find out.
 */
export function replyNotUnderstood(
  code: ReplyErrorCode,
  response: Response,
  entry: OperationEntry | undefined,
  fields: SentFields,
  request?: Request,
  detail = "",
): ReplyError {
  const where = entry?.operationId ?? "The request";
  const what = whatWasObserved(code, response, where, entry, detail);
  return new ReplyError(
    `${where}: ${what}; something between you and the gateway may have answered in its place.${moneyAdvice(entry, fields)}`,
    {
      code,
      response,
      request,
      ...requestFacts(entry, fields),
    },
  );
}
