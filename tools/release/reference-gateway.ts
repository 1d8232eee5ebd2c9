import { createHash, createHmac, createVerify, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { operationById } from "../../packages/types/src/operation-names.ts";

/** Credentials the reference gateway checks requests with. */
export interface ReferenceCredentials {
  readonly login: string;
  readonly controlKey: string;
  /** PEM public key for RSA-SHA256 requests; without it those are refused. */
  readonly publicKey?: string;
}

/** One request the reference gateway received and what it concluded. */
export interface ReceivedRequest {
  readonly path: string;
  readonly accept: string | undefined;
  readonly contentType: string | undefined;
  readonly body: Record<string, string>;
  readonly verdict: "control ok" | "oauth-hmac-sha1 ok" | "oauth-rsa-sha256 ok" | `refused: ${string}`;
}

/** A running reference gateway. */
export interface ReferenceGateway {
  /** Base address with the `/paynet` prefix, on 127.0.0.1. */
  readonly url: string;
  readonly received: readonly ReceivedRequest[];
  close(): Promise<void>;
}

// RFC 3986 unreserved characters stay; everything else is %XX, as RFC 5849 §3.6 asks.
function enc(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function parseAuthorization(header: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const match of header.replace(/^OAuth\s+/i, "").matchAll(/([\w.-]+)="([^"]*)"/g)) {
    params.set(decodeURIComponent(match[1] ?? ""), decodeURIComponent(match[2] ?? ""));
  }
  return params;
}

/** RFC 5849 §3.4.1 base string, written here without the signing package so it checks it independently. */
function baseString(method: string, url: URL, oauth: Map<string, string>, body: URLSearchParams): string {
  const pairs: Array<[string, string]> = [];
  for (const [k, v] of url.searchParams) pairs.push([enc(k), enc(v)]);
  for (const [k, v] of body) pairs.push([enc(k), enc(v)]);
  for (const [k, v] of oauth) if (k !== "oauth_signature" && k !== "realm") pairs.push([enc(k), enc(v)]);
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const normalized = pairs.map(([k, v]) => `${k}=${v}`).join("&");
  return `${method.toUpperCase()}&${enc(`${url.protocol}//${url.host}${url.pathname}`)}&${enc(normalized)}`;
}

const status = operationById("status");
const STATUS_PATH = new RegExp(`^/paynet${status.path.replace("{endpointId}", "[0-9]+")}$`);

function verifyRequest(
  request: IncomingMessage,
  url: URL,
  body: URLSearchParams,
  credentials: ReferenceCredentials,
): ReceivedRequest["verdict"] {
  const field = (name: string) => body.get(name) ?? "";
  if (STATUS_PATH.test(url.pathname)) {
    // The terms (body fields) come from the spec; the digest is computed here, independently of the signing package.
    const values = status.signature.terms.map((term: string) => field(term));
    const expected = createHash("sha1")
      .update(`${values.join("")}${credentials.controlKey}`)
      .digest("hex");
    if (field("login") !== credentials.login) return "refused: wrong login";
    return sameText(field("control"), expected) ? "control ok" : "refused: control mismatch";
  }
  const oauth = parseAuthorization(request.headers.authorization ?? "");
  const method = oauth.get("oauth_signature_method");
  const signature = oauth.get("oauth_signature") ?? "";
  if (oauth.get("oauth_consumer_key") !== credentials.login) return "refused: wrong consumer key";
  const base = baseString(request.method ?? "POST", url, oauth, body);
  if (/^\/paynet\/api\/v2\/payout\/\d+$/.test(url.pathname) && method === "HMAC-SHA1") {
    const expected = createHmac("sha1", `${enc(credentials.controlKey)}&`)
      .update(base)
      .digest("base64");
    return sameText(signature, expected) ? "oauth-hmac-sha1 ok" : "refused: HMAC-SHA1 mismatch";
  }
  if (/^\/paynet\/api\/v4\//.test(url.pathname) && method === "RSA-SHA256" && credentials.publicKey) {
    const ok = createVerify("RSA-SHA256").update(base).verify(credentials.publicKey, signature, "base64");
    return ok ? "oauth-rsa-sha256 ok" : "refused: RSA-SHA256 mismatch";
  }
  return "refused: unsupported operation or scheme";
}

/**
 * A minimal gateway on 127.0.0.1 that checks signatures with node:crypto alone: the `control` of
 * `status`, OAuth HMAC-SHA1 on v2 `payout`, OAuth RSA-SHA256 on v4 operations. It answers a
 * JSON reply in the vendor media type, or a `validation-error` when the signature is wrong, and
 * records what it saw. Packaging and runtime checks use it where the sandbox would bring more
 * than they test.
 *
 * @example
 * ```ts
 * const gateway = await startReferenceGateway({ login: "shop", controlKey: "secret" });
 * // ... point a client at gateway.url ...
 * gateway.received[0]?.verdict; // "control ok"
 * await gateway.close();
 * ```
 */
export async function startReferenceGateway(credentials: ReferenceCredentials): Promise<ReferenceGateway> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "127.0.0.1"}`);
      const body = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const verdict = verifyRequest(request, url, body, credentials);
      received.push({
        path: url.pathname,
        accept: request.headers.accept,
        contentType: request.headers["content-type"],
        body: Object.fromEntries(body),
        verdict,
      });
      const orderId = body.get("client_orderid") ?? body.get("client-order-id") ?? "";
      const reply = verdict.startsWith("refused")
        ? {
            type: "validation-error",
            "error-message": verdict,
            "error-code": 2,
            "serial-number": "00000000-0000-0000-0000-000000000000",
          }
        : url.pathname.includes("/status/")
          ? {
              type: "status-response",
              status: "approved",
              amount: "10.42",
              currency: "USD",
              "paynet-order-id": 1234567,
              "merchant-order-id": orderId,
              "serial-number": "00000000-0000-0000-0000-000000000001",
            }
          : {
              type: "async-response",
              status: "processing",
              "paynet-order-id": 7654321,
              "merchant-order-id": orderId,
              "serial-number": "00000000-0000-0000-0000-000000000002",
              "end-point-id": 1111,
              // Every reply of create-card-ref carries one (the spec requires it; the client checks).
              ...(url.pathname.includes("/create-card-ref/") ? { "card-ref-id": "7704211" } : {}),
            };
      response.writeHead(200, { "content-type": "application/vnd.pay+json" });
      response.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paynet`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
