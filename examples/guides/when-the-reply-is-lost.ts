// When the reply is lost: store the client_orderid first, send, on an unknown outcome pass the
// error to gateway.recover(error), and send again only when it says the sale never took effect.
// Each network fault the sandbox can play breaks one sale; every order ends paid exactly once.
import { createGateway, type GatewayBody } from "@card-processing/client";
import { type FaultKind, faultKinds, sandboxTime, startSandbox } from "@card-processing/sandbox";

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
  for (let attempt = 1; attempt <= 3; attempt++) {
    const sent = await gateway.sale(body); // 2. send
    if (!sent.error) {
      const final = await gateway.waitForFinalStatus(
        { client_orderid: id, orderid: sent.data["paynet-order-id"] },
        { clock },
      );
      if (final.error?.outcome === "unknown") return "pending"; // still unknown after the wait: keep "sending", never refused
      if (final.error) throw final.error;
      shopOrders.set(id, final.data.status);
      return final.data.status;
    }
    if (sent.error.outcome === "not-applied") throw sent.error; // refused: nothing happened at the gateway
    console.log(`    ${sent.error.code}: outcome unknown, recovering ${id}`);
    const recovered = await gateway.recover(sent.error, { clock }); // 3. recover
    if (recovered.error) throw recovered.error; // the gateway refused to be asked: fix the keys
    if (recovered.data.applied === "unknown") return "pending"; // could not ask: keep "sending", recover at start-up
    if (recovered.data.applied) {
      // It went through: never send it again. Follow it to its final status.
      const final = await gateway.waitForFinalStatus(
        { client_orderid: id, orderid: recovered.data.orderid },
        { clock },
      );
      if (final.error?.outcome === "unknown") return "pending";
      if (final.error) throw final.error;
      shopOrders.set(id, final.data.status);
      return final.data.status;
    }
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
    const status = await pay({ ...shopOrder(id, "19.99"), ...testCard("4111111111111111") });
    const held = await ordersAtGateway(id);
    // The sandbox's request log: a sale the gateway applied twice would have charged twice.
    const applied = sandbox.requests({ client_orderid: id, operation: "sale" }).filter((r) => r.http_status === 200);
    expectThat(
      status === "approved" && held === 1 && applied.length === 1,
      `${kind} (${faultKinds[kind].processes ? "processed" : "not processed"}): ${status}, ${held} order at the gateway, ${applied.length} sale applied`,
    );
  }

  // Start-up: a crash after sending left an order "sending"; recovery settles it without a resend.
  const crashed = `lost-crash-${run}`;
  shopOrders.set(crashed, "sending");
  sandbox.faults.next({ kind: "reset-after", operation: "sale" });
  await gateway.sale({ ...shopOrder(crashed, "5.00"), ...testCard("4111111111111111") }); // ...and the shop dies here
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

// What this page's program takes as given: its sample order and card, and its checks.
/** The shop's order: the customer and order fields every card payment of this guide carries. */
function shopOrder(clientOrderId: string, amount: string) {
  return {
    client_orderid: clientOrderId,
    order_desc: `Order ${clientOrderId}`,
    amount,
    currency: "USD",
    address1: "100 Main st",
    city: "Seattle",
    state: "WA",
    zip_code: "98102",
    country: "US",
    phone: "+12063582043",
    ipaddress: "65.153.12.232",
    email: "john.smith@example.com",
    redirect_url: "https://shop.example.com/return",
  };
}

/** A card with its holder and expiry; on the sandbox the CVV2 decides the outcome (123 approves). */
function testCard(number: string, cvv2 = "123") {
  return { credit_card_number: number, card_printed_name: "JOHN SMITH", expire_month: "12", expire_year: "2030", cvv2 };
}

/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
