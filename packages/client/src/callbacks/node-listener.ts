import { CALLBACK_BODY_LIMIT, type CappedBody, declaredTooLarge, readCapped } from "../transport/capped-body.js";

/**
 * What {@link toNodeListener} reads of Node's `IncomingMessage` (typed by its shape, so the client
 * needs no Node types): an Express or `node:http` request fits.
 *
 * @example
 * ```ts
 * import type { NodeRequestLike } from "@card-processing/client/callback-handler";
 * const req: NodeRequestLike = { method: "GET", url: "/callback?status=approved", headers: { host: "shop.example" }, async *[Symbol.asyncIterator]() {} };
 * ```
 */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** A body a framework already parsed (Express's `express.urlencoded()` gives an object). */
  readonly body?: unknown;
}

/**
 * What {@link toNodeListener} writes to Node's `ServerResponse` (typed by its shape).
 *
 * @example
 * ```ts
 * import type { NodeResponseLike } from "@card-processing/client/callback-handler";
 * const write = (res: NodeResponseLike) => {
 *   res.writeHead(200, { "content-type": "text/plain" });
 *   res.end("OK");
 * };
 * ```
 */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

function headerOf(req: NodeRequestLike, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" ? value : value?.[0];
}

// A body past the limit is left unread: the iterator is not pulled again (nor returned, which
// would destroy the socket before the 413 is written), and the 413 closes the connection.
async function bodyOf(req: NodeRequestLike): Promise<CappedBody | undefined> {
  if (req.method !== "POST") return undefined;
  if (typeof req.body === "string") return { text: req.body };
  if (req.body !== undefined && req.body !== null && typeof req.body === "object") {
    return { text: new URLSearchParams(req.body as Record<string, string>).toString() };
  }
  if (declaredTooLarge(headerOf(req, "content-length"), CALLBACK_BODY_LIMIT)) return { tooLarge: true };
  const chunks = req[Symbol.asyncIterator]();
  return readCapped(() => chunks.next(), CALLBACK_BODY_LIMIT);
}

/**
 * The request's path and query on a fixed origin. Never the `Host` header (any text a client
 * sends, `a b` included, on which `new URL` throws) nor the host of an absolute or `//` target:
 * a callback is read from its query, whatever address the client named.
 */
function requestUrl(target: string | undefined): URL {
  const path = (target ?? "").replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, "").replace(/^\/+/, "");
  return new URL(`http://localhost/${path}`);
}

/** Builds the web `Request`, or says the body was too large. Throws on a request it cannot build. */
async function requestOf(req: NodeRequestLike): Promise<Request | "tooLarge"> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (value !== undefined) for (const item of value) headers.append(name, item);
  }
  const body = await bodyOf(req);
  if (body !== undefined && "tooLarge" in body) return "tooLarge";
  return new Request(requestUrl(req.url), {
    method: req.method ?? "GET",
    headers,
    ...(body === undefined ? {} : { body: body.text }),
  });
}

function send(res: NodeResponseLike, status: number, text: string, close = false): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...(close ? { connection: "close" } : {}) });
  res.end(text);
}

/**
 * Serves a web-standard handler (such as `createCallbackHandler`'s) as Node's `(req, res)`
 * listener, for Express and `node:http`: builds a `Request` from `req` (its body read from the
 * stream, or taken from a body a framework already parsed) and writes the `Response` to `res`.
 * A body past 16 KB (by its `content-length`, or counted as it streams) is answered 413 at once,
 * the rest left unread and the connection closed. The `Request`'s address is `http://localhost`
 * with the request's path and query (the `Host` header stays among its headers). The returned
 * promise never rejects: a request that cannot be read (a method `Request` refuses, a body cut
 * off) is answered 400, a handler that throws 500, and a reply that cannot be written is dropped.
 *
 * @example
 * ```ts
 * import { createCallbackHandler, toNodeListener } from "@card-processing/client/callback-handler";
 * app.all("/payments/callback", toNodeListener(createCallbackHandler({ controlKey, onCallback })));
 * ```
 */
export function toNodeListener(
  handler: (request: Request) => Promise<Response>,
): (req: NodeRequestLike, res: NodeResponseLike) => Promise<void> {
  return async (req, res) => {
    try {
      let request: Request | "tooLarge";
      try {
        request = await requestOf(req);
      } catch {
        return send(res, 400, "not a request this endpoint reads", true);
      }
      if (request === "tooLarge") return send(res, 413, `a callback is at most ${CALLBACK_BODY_LIMIT} bytes`, true);
      let response: Response;
      try {
        response = await handler(request);
      } catch {
        return send(res, 500, "callback not handled; deliver it again later");
      }
      res.writeHead(response.status, Object.fromEntries(response.headers));
      // The shop's own handler made this reply (at most a short text), not the network: no size to cap.
      res.end(await response.text());
    } catch {
      // The reply could not be written (the client left): nothing is left to answer.
    }
  };
}
