import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSigningMiddleware } from "@card-processing/signing";
import createFetchClient from "openapi-fetch";
import { bench, describe } from "vitest";
import { createClient } from "../src/create-client.js";
import { createGateway } from "../src/create-gateway.js";
import type { ClientPaths } from "../src/transport/client-paths.js";
import { asyncReply, saleBody } from "./test-server.js";

// Sequential signed sales against a local server, interleaved in one run: bare fetch with a
// control digest computed by hand with Web Crypto; createGateway (its named operations go through
// gateway.client's signing middleware, so a user's middleware runs for them too); the raw client
// with the signing middleware; plain openapi-fetch with a hand-written signing onRequest. The
// gateway and the raw client share one pipeline, so they share one goal against each baseline;
// the goals are in tools/bench/bench-goals.json.
const goals = JSON.parse(readFileSync(new URL("../../../tools/bench/bench-goals.json", import.meta.url), "utf8")) as {
  readonly gatewayCallToBareFetch: { readonly atMost: number };
  readonly gatewayCallToOpenapiFetch: { readonly atMost: number };
};
const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
const reply = JSON.stringify(asyncReply());
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "content-type": "application/vnd.pay+json" });
    res.end(reply);
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
server.unref();
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/paynet`;

const sale = saleBody;

const gateway = createGateway({ baseUrl, endpointId: 1111, login: "test-merchant", controlKey });
const raw = createClient({ baseUrl });
raw.use(createSigningMiddleware({ login: "test-merchant", controlKey }));

async function bareSale(): Promise<void> {
  const digest = await crypto.subtle.digest(
    "SHA-1",
    new TextEncoder().encode(`1111${sale.client_orderid}1042${sale.email}${controlKey}`),
  );
  const control = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  const response = await fetch(`${baseUrl}/api/v2/sale/1111`, {
    method: "POST",
    headers: { Accept: "application/vnd.pay+json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...(sale as Record<string, string>), control }),
  });
  await response.json();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

// Plain openapi-fetch with a signing `onRequest` written by hand for this one operation, as a
// user without the package would: the baseline of the middleware's cost.
const handSigned = createFetchClient<ClientPaths>({
  baseUrl,
  headers: { Accept: "application/vnd.pay+json", "Content-Type": "application/x-www-form-urlencoded" },
  bodySerializer: (body: unknown) => new URLSearchParams(body as Record<string, string>).toString(),
});
handSigned.use({
  async onRequest({ request }) {
    const body = new URLSearchParams(await request.text());
    const minor = (body.get("amount") ?? "").replace(".", "");
    const digest = await crypto.subtle.digest(
      "SHA-1",
      new TextEncoder().encode(`1111${body.get("client_orderid")}${minor}${body.get("email")}${controlKey}`),
    );
    body.set("control", Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""));
    return new Request(request, { body: body.toString() });
  },
});

async function handSignedSale(): Promise<void> {
  const { error } = await handSigned.POST("/api/v2/sale/{endpointId}", {
    params: { path: { endpointId: 1111 } },
    body: sale,
  });
  if (error) throw new Error("the hand-signed client's sale failed");
}

async function gatewaySale(): Promise<void> {
  const { error } = await gateway.sale(sale);
  if (error) throw error;
}

async function rawSale(): Promise<void> {
  const { error } = await raw.POST("/api/v2/sale/{endpointId}", { params: { path: { endpointId: 1111 } }, body: sale });
  if (error) throw new Error("the raw client's sale failed");
}

const contenders = [
  { name: "createGateway", run: gatewaySale, target: goals.gatewayCallToBareFetch.atMost },
  { name: "raw client + signing middleware", run: rawSale, target: goals.gatewayCallToBareFetch.atMost },
  {
    name: "openapi-fetch + hand-written signing onRequest",
    run: handSignedSale,
    target: goals.gatewayCallToBareFetch.atMost,
  },
] as const;

// Against openapi-fetch used plainly, with a hand-written `onRequest`: the package's middleware and
// the named operations against what a team would write without them.
const againstHandWritten = [
  { name: "raw client + signing middleware", target: goals.gatewayCallToOpenapiFetch.atMost },
  { name: "createGateway", target: goals.gatewayCallToOpenapiFetch.atMost },
] as const;

/**
 * tinybench runs one task after the other, so load on the machine can favour either; the ratios
 * are measured on interleaved rounds instead (order rotating) and compared by median.
 */
async function printRatios(rounds = 2_000, warmup = 500): Promise<void> {
  const runs = [{ name: "bare fetch", run: bareSale }, ...contenders];
  const times = new Map<string, number[]>(runs.map(({ name }) => [name, []]));
  // Every path is compiled and the connection pool is warm before anything is timed.
  for (let i = 0; i < warmup; i++) for (const { run } of runs) await run();
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < runs.length; k++) {
      const { name, run } = runs[(i + k) % runs.length]!;
      const started = performance.now();
      await run();
      times.get(name)!.push(performance.now() - started);
    }
  }
  const bare = median(times.get("bare fetch")!);
  console.log(
    `[client bench] ${rounds} interleaved rounds after ${warmup} warm-up rounds; bare fetch median ${(bare * 1000).toFixed(0)} µs`,
  );
  for (const { name, target } of contenders) {
    const ratio = median(times.get(name)!) / bare;
    console.log(
      `[client bench] ${name}: median ${(median(times.get(name)!) * 1000).toFixed(0)} µs, ratio ${ratio.toFixed(2)}x (target <= ${target}x): ${ratio <= target ? "ok" : "OVER"}`,
    );
  }
  const hand = median(times.get("openapi-fetch + hand-written signing onRequest")!);
  for (const { name, target } of againstHandWritten) {
    const ratio = median(times.get(name)!) / hand;
    console.log(
      `[client bench] ${name} / hand-written onRequest: ratio ${ratio.toFixed(2)}x (target <= ${target}x): ${ratio <= target ? "ok" : "OVER"}`,
    );
  }
}

// Printed before the tinybench tables so the ratios are not lost among them.
await printRatios();

describe("signed sale round trip on 127.0.0.1", () => {
  bench("bare fetch + hand-computed control", bareSale, { time: 2_000, warmupTime: 300 });
  bench("gateway.sale (through gateway.client's middleware)", gatewaySale, { time: 2_000, warmupTime: 300 });
  bench("raw client + signing middleware", rawSale, { time: 2_000, warmupTime: 300 });
  bench("openapi-fetch + hand-written signing onRequest", handSignedSale, { time: 2_000, warmupTime: 300 });
});
