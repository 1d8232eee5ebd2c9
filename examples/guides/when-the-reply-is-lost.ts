// When the reply is lost: store the client_orderid first, then send with gateway.sendOnce, which
// on an unknown outcome asks gateway.recover(error) and sends again only when the sale never took
// effect. Each network fault the sandbox can play breaks one sale; every order ends paid exactly
// once. The same loop written by hand follows, for when the steps between must be the shop's own.
import { createGateway, type GatewayBody } from "@card-processing/client";
import { type FaultKind, faultKinds, sampleOrder, sandboxTime, startSandbox, testCard } from "@card-processing/sandbox";

const sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
  timeoutMs: 500, // short, so that the held reply of a `delay` fault times out quickly here
});
const clock = sandboxTime(sandbox);

// The shop's own table of orders: the client_orderid is written before anything is sent.
const shopOrders = new Map<string, "sending" | "approved" | "declined" | "error" | "filtered">();

/** Pays an order the way that never loses one and never charges one twice. */
async function pay(body: GatewayBody<"sale">): Promise<string> {
  const id = body.client_orderid;
  shopOrders.set(id, "sending"); // 1. store the client_orderid first
  const sent = await gateway.sendOnce("sale", body, { clock }); // 2. send, recovering a lost reply
  if (sent.error?.outcome === "unknown") return "pending"; // still unknown: keep "sending", recover at start-up
  if (sent.error) throw sent.error; // refused: nothing happened at the gateway
  console.log(`    ${id}: ${sent.data.how} (${sent.data.sends} sends, ${sent.data.recoveries} recoveries)`);
  return follow(id, sent.data.orderid); // 3. follow it to its final status
}

/** Waits for the order's final status and writes it to the shop's table. */
async function follow(id: string, orderid: string): Promise<string> {
  const final = await gateway.waitForFinalStatus({ client_orderid: id, orderid }, { clock });
  if (final.error?.outcome === "unknown") return "pending"; // still unknown after the wait: keep "sending", never refused
  if (final.error) throw final.error;
  shopOrders.set(id, final.data.status);
  return final.data.status;
}

/**
 * The same, with the loop sendOnce runs written out: prefer it when a step between must be the
 * shop's own (the order marked "sending again" in its database before a resend, a wait that
 * hands over to a job instead of sleeping).
 */
async function payByHand(body: GatewayBody<"sale">): Promise<string> {
  const id = body.client_orderid;
  shopOrders.set(id, "sending"); // 1. store the client_orderid first
  for (let attempt = 1; attempt <= 3; attempt++) {
    const sent = await gateway.sale(body); // 2. send
    if (!sent.error) return follow(id, sent.data["paynet-order-id"]);
    if (sent.error.outcome === "not-applied") throw sent.error; // refused: nothing happened at the gateway
    console.log(`    ${sent.error.code}: outcome unknown, recovering ${id}`);
    let recovered = await gateway.recover(sent.error, { clock }); // 3. recover
    for (let ask = 1; recovered.data?.applied === "unknown" && ask < 3; ask++) {
      await clock.sleep(recovered.data.retryAfterMs); // the gateway could not be asked: wait, ask again
      recovered = await gateway.recover(sent.error, { clock });
    }
    if (recovered.error) throw recovered.error; // the gateway refused to be asked: fix the keys
    if (recovered.data.applied === "unknown") return "pending"; // could not ask: keep "sending", recover at start-up
    if (recovered.data.applied) return follow(id, recovered.data.orderid); // it went through: never send it again
    console.log(`    not at the gateway: sending ${id} again`); // 4. safe to send again
  }
  throw new Error(`order ${id}: not sent after 3 tries`);
}

/** How many orders the gateway holds for `id` (the sandbox's admin list). */
async function ordersAtGateway(id: string): Promise<number> {
  const query = new URLSearchParams({ q: id, limit: "500" });
  const { orders } = (await (await fetch(`${sandbox.url}/_admin/orders?${query}`)).json()) as {
    orders: { client_orderid: string }[];
  };
  return orders.filter((order) => order.client_orderid === id).length;
}

const run = Date.now().toString(36);
try {
  // Every way a reply gets lost, one sale each: the fault hits the sale, never the recovery.
  for (const kind of Object.keys(faultKinds) as FaultKind[]) {
    const id = `lost-${kind}-${run}`;
    sandbox.faults.next({ kind, operation: "sale", delayMs: 1_000 });
    const status = await pay({ ...sampleOrder(id, { amount: "19.99" }), ...testCard() });
    const held = await ordersAtGateway(id);
    // The sandbox's request log: a sale the gateway applied twice would have charged twice.
    const applied = sandbox.requests({ client_orderid: id, operation: "sale" }).filter((r) => r.http_status === 200);
    expectThat(
      status === "approved" && held === 1 && applied.length === 1,
      `${kind} (${faultKinds[kind].processes ? "processed" : "not processed"}): ${status}, ${held} order at the gateway, ${applied.length} sale applied`,
    );
  }

  // The loop by hand, under a fault the gateway processes and one it never sees.
  for (const kind of ["reset-after", "reset-before"] as const) {
    const id = `lost-by-hand-${kind}-${run}`;
    sandbox.faults.next({ kind, operation: "sale" });
    const status = await payByHand({ ...sampleOrder(id, { amount: "7.50" }), ...testCard() });
    const applied = sandbox.requests({ client_orderid: id, operation: "sale" }).filter((r) => r.http_status === 200);
    expectThat(
      status === "approved" && applied.length === 1,
      `by hand, ${kind}: ${status}, ${applied.length} sale applied`,
    );
  }

  // Start-up: a crash after sending left an order "sending"; recovery settles it without a resend.
  const crashed = `lost-crash-${run}`;
  shopOrders.set(crashed, "sending");
  sandbox.faults.next({ kind: "reset-after", operation: "sale" });
  await gateway.sale({ ...sampleOrder(crashed, { amount: "5.00" }), ...testCard() }); // ...and the shop dies here
  for (const [id, state] of shopOrders) {
    if (state !== "sending") continue;
    const recovered = await gateway.recoverOrder({ client_orderid: id }, { clock });
    if (recovered.error?.outcome === "unknown") continue; // still pending: ask again at the next start-up
    if (recovered.error) throw recovered.error;
    if (recovered.data.found) shopOrders.set(id, recovered.data.status);
  }
  expectThat(
    shopOrders.get(crashed) === "approved" && (await ordersAtGateway(crashed)) === 1,
    "start-up recovery found the order a crash left unknown",
  );
} finally {
  await sandbox.close();
}

// What this page's program takes as given: its checks.
/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
