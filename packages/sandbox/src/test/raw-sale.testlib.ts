import { createHash } from "node:crypto";
import { type Agent, request as httpRequest } from "node:http";
import { paymentBody } from "./sandbox-fixture.testlib.js";

/** The vendor media type of API replies. */
export const PAY_JSON = "application/vnd.pay+json";

/**
 * A sale body signed with node:crypto, independently of `@card-processing/signing`:
 * `control` = SHA-1 of endpointId + client_orderid + amount in minor units + email + control key.
 */
export function signedSaleBody(
  credentials: { readonly endpointId: string; readonly controlKey: string },
  clientOrderId: string,
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const fields: Record<string, string> = { ...paymentBody(clientOrderId), ...overrides };
  const [units = "0", cents = ""] = (fields["amount"] ?? "0").split(".");
  const minor = String(BigInt(units + cents.padEnd(2, "0")));
  const control = createHash("sha1")
    .update(
      `${credentials.endpointId}${fields["client_orderid"] ?? ""}${minor}${fields["email"] ?? ""}${credentials.controlKey}`,
    )
    .digest("hex");
  return { ...fields, control };
}

/** A raw HTTP reply: status, content type and body text. */
export interface RawReply {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/** Sends one request with node:http, exactly as given (no client, no fetch normalisation). */
export function sendRaw(
  url: string,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    agent?: Agent;
  } = {},
): Promise<RawReply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: options.method ?? "POST",
        path: options.path ?? target.pathname + target.search,
        // Always framed by Content-Length: node:http sends a GET's body unframed otherwise.
        headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body ?? "")) },
        ...(options.agent === undefined ? {} : { agent: options.agent }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Posts a form to an API path of `sandboxUrl` with the vendor Accept header. */
export function postForm(
  sandboxUrl: string,
  path: string,
  fields: Readonly<Record<string, string>> | string,
  agent?: Agent,
): Promise<RawReply> {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  return sendRaw(sandboxUrl + path, {
    headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
    body,
    ...(agent === undefined ? {} : { agent }),
  });
}
