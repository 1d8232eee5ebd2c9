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

async function bodyOf(req: NodeRequestLike): Promise<string | undefined> {
  if (req.method !== "POST") return undefined;
  if (typeof req.body === "string") return req.body;
  if (req.body !== undefined && req.body !== null && typeof req.body === "object") {
    return new URLSearchParams(req.body as Record<string, string>).toString();
  }
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of req) text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * Serves a web-standard handler (such as `createCallbackHandler`'s) as Node's `(req, res)`
 * listener, for Express and `node:http`: builds a `Request` from `req` (its body read from the
 * stream, or taken from a body a framework already parsed) and writes the `Response` to `res`.
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
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (value !== undefined) for (const item of value) headers.append(name, item);
    }
    const url = new URL(req.url ?? "/", `http://${headers.get("host") ?? "localhost"}`);
    const method = req.method ?? "GET";
    const body = await bodyOf(req);
    const response = await handler(new Request(url, { method, headers, ...(body === undefined ? {} : { body }) }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  };
}
