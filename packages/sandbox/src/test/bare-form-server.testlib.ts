import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A running bare server and what it has accepted. */
export interface BareFormServer {
  readonly url: string;
  /** Accepted sales by client_orderid, with how many times each arrived. */
  readonly accepted: Map<string, number>;
  close(): Promise<void>;
}

/**
 * The baseline of the load bench: a plain node:http server that does the least a gateway must do
 * for a sale: read the form, check its SHA-1 `control` (endpointId + client_orderid + amount in
 * minor units + email + control key) and answer an `async-response` in vendor JSON.
 */
export async function startBareFormServer(endpointId: string, controlKey: string): Promise<BareFormServer> {
  const accepted = new Map<string, number>();
  let nextOrderId = 1;
  const server = createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      const form = new URLSearchParams(text);
      const clientOrderId = form.get("client_orderid") ?? "";
      const [units = "0", cents = ""] = (form.get("amount") ?? "").split(".");
      const minor = String(BigInt(units + cents.padEnd(2, "0")));
      const expected = createHash("sha1")
        .update(`${endpointId}${clientOrderId}${minor}${form.get("email") ?? ""}${controlKey}`)
        .digest("hex");
      const ok = expected === form.get("control");
      if (ok) accepted.set(clientOrderId, (accepted.get(clientOrderId) ?? 0) + 1);
      const body = JSON.stringify(
        ok
          ? {
              type: "async-response",
              status: "processing",
              "merchant-order-id": clientOrderId,
              "paynet-order-id": String(nextOrderId++),
              "serial-number": randomUUID(),
            }
          : {
              type: "validation-error",
              "error-message": "control does not match",
              "error-code": 2,
              "serial-number": randomUUID(),
            },
      );
      response.writeHead(ok ? 200 : 400, {
        "content-type": "application/vnd.pay+json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
      });
      response.end(body);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paynet`,
    accepted,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
