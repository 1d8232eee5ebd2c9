// Checking the gateway against the spec: a validation proxy between your staging shop and the
// gateway forwards every request unchanged and reports each departure of the traffic from the
// spec. Here the sandbox stands in for the gateway, then a gateway that drifts from the spec.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway } from "@card-processing/client";
import { type ProxyFinding, sampleOrder, startProxy, startSandbox, testCard } from "@card-processing/sandbox";

// 1. The proxy in front of the gateway (staging: `npx card-processing-sandbox proxy --upstream
//    https://sandbox.gateway.example/paynet --control-key "$CONTROL_KEY" --report findings.jsonl`; npx
//    once the packages are on npm, until then `node packages/sandbox/dist/cli/main.js` or the executable).
const sandbox = await startSandbox({ latencyMs: 50 });
const proxy = await startProxy({ upstream: sandbox.url, controlKey: sandbox.controlKey });
// 2. The staging shop's only change: its gateway base URL is the proxy's.
const gateway = createGateway({
  baseUrl: proxy.url, // was the gateway's base URL
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
});

try {
  // 3. Run the shop's flows as usual: here a sale and its status.
  const sale = await gateway.sale({ ...sampleOrder(`check-${Date.now().toString(36)}`), ...testCard() });
  if (sale.error) throw sale.error;
  expectThat(sale.data.type === "async-response", "the sale went through the proxy, its reply unchanged");

  // 4. Read the findings: GET {proxy}/_proxy/findings (JSON), the page {proxy}/_proxy, or the report file.
  const { findings } = (await (await fetch(`${proxy.url}/_proxy/findings`)).json()) as { findings: ProxyFinding[] };
  const departures = findings.filter((f) => f.kind === "departure");
  expectThat(departures.length === 0, "the sandbox and the spec agree: no departure");

  // 5. A gateway that drifts: its reply carries a key the spec does not name.
  const drifting = await driftingGateway({
    type: "async-response",
    status: "processing",
    "serial-number": "s-1",
    "merchant-order-id": "A-1",
    "paynet-order-id": "77",
    "acquirer-code": "05",
  });
  const front = await startProxy({ upstream: drifting.url });
  const shop = createGateway({
    baseUrl: front.url,
    endpointId: 1111,
    login: "shop",
    controlKey: "staging-control-key",
  });
  await shop.sale({ ...sampleOrder("A-1"), ...testCard() });
  await front.settled();
  const [finding] = front.findings().filter((f) => f.kind === "departure");
  expectThat(finding?.rule === "unknown-key" && finding.field === "acquirer-code", `finding: ${finding?.message}`);
  expectThat(
    finding?.specFile === "spec/components/schemas/AsyncResponse.yaml",
    `the spec file to change: ${finding?.specFile}`,
  );
  await front.close();
  await drifting.close();
} finally {
  await proxy.close();
  await sandbox.close();
}

// What this page's program takes as given: a drifting gateway, and its checks.
/** A stand-in for a gateway that answers every request with one fixed JSON reply. */
async function driftingGateway(reply: Record<string, unknown>) {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { "content-type": "application/vnd.pay+json" });
    response.end(JSON.stringify(reply));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/paynet`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
