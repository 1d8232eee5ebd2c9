// Going live: the settings that change, timeouts, the never-retry rule for calls that move money,
// a request log without card data, and how control writes JPY or KWD amounts, settled first.
import {
  type ControlAmounts,
  createGateway,
  type GatewayFailure,
  NetworkError,
  type RequestLogEntry,
  TimeoutError,
} from "@card-processing/client";
import { sampleOrder, startProxy, startSandbox, testCard } from "@card-processing/sandbox";

// In CI this guide runs against a sandbox; in production every value comes from your secret store.
const sandbox = await startSandbox({ latencyMs: 50 });
const env = {
  GATEWAY_URL: process.env.GATEWAY_URL ?? sandbox.url, // live: the gateway's https base URL, ending in /paynet
  GATEWAY_ENDPOINT_ID: process.env.GATEWAY_ENDPOINT_ID ?? sandbox.endpointId, // live: one per currency or 3-D Secure mode
  GATEWAY_LOGIN: process.env.GATEWAY_LOGIN ?? sandbox.login,
  GATEWAY_CONTROL_KEY: process.env.GATEWAY_CONTROL_KEY ?? sandbox.controlKey, // live: a new key, never the sandbox's
};

// A log line per request and reply: the SDK masks the card number and drops CVV2, control and keys.
const log: string[] = [];
const logger = (entry: RequestLogEntry) => log.push(JSON.stringify(entry));

// A transport that loses the reply after the gateway got the request, as a dropped connection does.
let dropNextReply = true;
const flakyFetch = async (request: Request): Promise<Response> => {
  const response = await fetch(request);
  if (dropNextReply) {
    dropNextReply = false;
    throw new TypeError("socket hang up");
  }
  return response;
};

const gateway = createGateway({
  baseUrl: env.GATEWAY_URL,
  endpointId: env.GATEWAY_ENDPOINT_ID,
  login: env.GATEWAY_LOGIN,
  controlKey: env.GATEWAY_CONTROL_KEY,
  timeoutMs: 30_000, // the default; a reply that takes longer is a TimeoutError
  logger,
  fetch: flakyFetch,
  polling: { firstDelayMs: [100, 200] }, // live: leave the documented 3–5 s cadence
});

try {
  const clientOrderId = `live-${Date.now().toString(36)}`;
  const sale = await gateway.sale({ ...sampleOrder(clientOrderId, { amount: "99.00" }), ...testCard() });

  // Never send a money-moving call again after a timeout or a network error: it may have gone
  // through. Ask the status by your client_orderid; only "no such order" means it never arrived.
  const lost = sale.error instanceof NetworkError || sale.error instanceof TimeoutError;
  expectThat(lost, `the sale's reply was lost: ${sale.error?.name}`);
  const known = await gateway.statusByClientOrderId(clientOrderId);
  expectThat(
    known.data?.["paynet-order-id"] !== undefined,
    `the status by client_orderid finds order ${known.data?.["paynet-order-id"]}: do not pay twice`,
  );
  const final = await gateway.waitForFinalStatus({ client_orderid: clientOrderId });
  expectThat(outcomeOf(final) === "approved", `it was approved: ${outcomeOf(final)}`);

  // What reached the log: no card number beyond its first six and last four, no CVV2, no control.
  const text = log.join("\n");
  expectThat(text.includes('"credit_card_number":"411111******1111"'), "the log shows the card as 411111******1111");
  expectThat(
    !text.includes("4111111111111111") &&
      !text.includes('"cvv2"') &&
      !text.includes('"control"') &&
      !text.includes(env.GATEWAY_CONTROL_KEY),
    `${log.length} log lines, none with the card number, CVV2, control or key`,
  );
} finally {
  await sandbox.close();
}

// Currencies without two decimals (JPY has none, KWD three): the gateway does not publish whether
// `control` carries 1000 JPY as 1000 (ISO 4217 minor units, controlAmounts "iso-4217", the
// default) or as 100000 (the amount times 100, as the vendor's PHP library signs: "hundredths").
// Settle it on the gateway's sandbox before taking such a currency live: send one small sale each
// way through the validation proxy (`card-processing-sandbox proxy --upstream URL`), keep the way
// the gateway accepts, and read the proxy's evidence. Here a local sandbox plays the gateway's.
const gatewaySandbox = await startSandbox({ latencyMs: 50, controlAmounts: "hundredths" }); // live: the gateway's sandbox
const proxy = await startProxy({ upstream: gatewaySandbox.url, controlKey: gatewaySandbox.controlKey });
try {
  let settled: ControlAmounts | undefined;
  for (const controlAmounts of ["iso-4217", "hundredths"] as const) {
    const probe = createGateway({
      baseUrl: proxy.url,
      endpointId: gatewaySandbox.endpointId,
      login: gatewaySandbox.login,
      controlKey: gatewaySandbox.controlKey,
      controlAmounts,
    });
    const order = sampleOrder(`jpy-${controlAmounts}-${Date.now().toString(36)}`, { amount: "100", currency: "JPY" });
    const sale = await probe.sale({ ...order, ...testCard() });
    await proxy.settled();
    const evidence = proxy.findings().filter((f) => f.assumption?.endsWith("/x-control-amounts") === true);
    console.log(`  ${controlAmounts}: ${evidence.at(-1)?.message ?? "no evidence"}`);
    if (sale.error === undefined) {
      settled = controlAmounts;
      break;
    }
  }
  // Then every gateway of the shop signs JPY and KWD that way: createGateway({ ..., controlAmounts }).
  expectThat(
    settled === "hundredths",
    `this gateway verifies JPY amounts written ${settled}: set controlAmounts to it`,
  );
} finally {
  await proxy.close();
  await gatewaySandbox.close();
}

// What this page's program takes as given: its checks.
/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}

/**
 * What the shop makes of a wait: the final status, or "pending" while the outcome is still unknown
 * after it (tell the customer it is pending and keep watching: a final callback or a later status
 * query settles it). Never "refused": an unknown payment may yet be approved.
 */
function outcomeOf(final: { data?: { status: string } | undefined; error?: GatewayFailure | undefined }): string {
  if (final.error?.outcome === "unknown") return "pending";
  if (final.error) throw final.error; // the status query itself was refused: fix the call
  return final.data?.status ?? "pending";
}
