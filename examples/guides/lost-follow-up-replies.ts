// Lost replies on a return, a capture, a void and a payout: gateway.sendOnce sends each one, and on
// an unknown outcome asks gateway.recover(error) whether that request took effect (the status
// query for a payout, the transactions report for an operation on an existing order), sending
// again only on `applied: false`. Each network fault the sandbox can play breaks one request of
// each kind; the transactions report then shows exactly one transaction for each.
import { createGateway, type MoneyOperationId, type SendOnceResult } from "@card-processing/client";
import { type FaultKind, faultKinds, startSandbox } from "@card-processing/sandbox";

const sandbox = await startSandbox({ latencyMs: 30 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
  timeoutMs: 500, // short, so that the held reply of a `delay` fault times out quickly here
  polling: { firstDelayMs: [50, 100] }, // a local sandbox decides in 30 ms: no need for the documented 3-5 s
});

/** Prints what happened; throws (the program exits 1) when it is not what this page promises. */
function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`check failed: ${what}`);
}

/** How sendOnce got a request through: `sent`, `resent` or `recovered (status)`, with its counts. */
function how<Id extends MoneyOperationId>({ data, error }: SendOnceResult<Id>): string {
  if (error) throw error; // refused, or still unknown after the budget: this page expects neither
  const status = data.how === "recovered" ? ` (${data.recovery.status})` : "";
  return `${data.how}${status} after ${data.sends} send(s), ${data.recoveries} recovery(ies)`;
}

/**
 * The sandbox's request log: how many `operation` requests for `client_orderid` it applied (answered
 * 200). A resend the gateway replayed counts too: a request sent twice would show as 2 here.
 */
function appliedRequests(operation: MoneyOperationId, client_orderid: string): number {
  return sandbox.requests({ client_orderid, operation }).filter((request) => request.http_status === 200).length;
}

/** An approved sale or preauth of 10.00 USD to follow up. */
async function approvedOrder(kind: "sale" | "preauth", id: string) {
  const sent = await gateway[kind]({
    client_orderid: id,
    order_desc: "Two mugs",
    amount: "10.00",
    currency: "USD",
    email: "john.smith@example.com",
    address1: "100 Main st",
    city: "Seattle",
    state: "WA",
    zip_code: "98102",
    country: "US",
    phone: "+12063582043",
    ipaddress: "65.153.12.232",
    redirect_url: "https://shop.example.com/return",
    card_printed_name: "JOHN SMITH",
    credit_card_number: "4111111111111111",
    expire_month: "12",
    expire_year: "2030",
    cvv2: "123",
  });
  if (sent.error) throw sent.error;
  const orderid = sent.data["paynet-order-id"];
  const final = await gateway.waitForFinalStatus({ client_orderid: id, orderid });
  if (final.data?.status !== "approved") throw new Error(`order ${id} not approved`);
  return { client_orderid: id, orderid }; // a follow-up carries the order's own client_orderid
}

/** The transactions the gateway's report lists for an order (or a client_orderid), of the given types. */
async function transactionsOf(match: { orderid?: string; client_orderid?: string }, types: string[]) {
  const report = await gateway.transactionReport({
    createdFromDate: new Date(Date.now() - 3_600_000),
    createdToDate: new Date(Date.now() + 60_000),
  });
  if (report.error) throw report.error;
  return report.data.filter(
    (t) =>
      types.includes(t.type) &&
      (match.orderid === undefined || t["paynet-order-id"] === match.orderid) &&
      (match.client_orderid === undefined || t["merchant-order-id"] === match.client_orderid),
  );
}

const run = Date.now().toString(36);
try {
  for (const kind of Object.keys(faultKinds) as FaultKind[]) {
    const processed = faultKinds[kind].processes ? "processed" : "not processed";

    // A partial return of 3.00: a reversal on the gateway's side.
    const sold = await approvedOrder("sale", `rt-${kind}-${run}`);
    sandbox.faults.next({ kind, operation: "return", delayMs: 700 });
    const returned = how(
      await gateway.sendOnce("return", { ...sold, amount: "3.00", currency: "USD", comment: "one mug back" }),
    );
    const reversals = await transactionsOf(sold, ["reversal"]);
    const returnRequests = appliedRequests("return", sold.client_orderid);
    check(
      reversals.length === 1 && reversals[0]?.amount === "3.00" && returnRequests === 1,
      `return, ${kind} (${processed}): ${returned}, ${reversals.length} reversal, ${returnRequests} applied`,
    );

    // A capture of a hold.
    const held = await approvedOrder("preauth", `cp-${kind}-${run}`);
    sandbox.faults.next({ kind, operation: "capture", delayMs: 700 });
    const captured = how(await gateway.sendOnce("capture", { ...held, amount: "10.00", currency: "USD" }));
    const captures = await transactionsOf(held, ["capture"]);
    const captureRequests = appliedRequests("capture", held.client_orderid);
    check(
      captures.length === 1 && captureRequests === 1,
      `capture, ${kind} (${processed}): ${captured}, ${captures.length} capture, ${captureRequests} applied`,
    );

    // A void of a hold: a cancel on the gateway's side.
    const voided = await approvedOrder("preauth", `vd-${kind}-${run}`);
    sandbox.faults.next({ kind, operation: "void", delayMs: 700 });
    const cancelled = how(await gateway.sendOnce("void", { ...voided, comment: "customer cancelled" }));
    const cancels = await transactionsOf(voided, ["cancel"]);
    const voidRequests = appliedRequests("void", voided.client_orderid);
    check(
      cancels.length === 1 && voidRequests === 1,
      `void, ${kind} (${processed}): ${cancelled}, ${cancels.length} cancel, ${voidRequests} applied`,
    );

    // A payout opens an order of its own: recover finds it by its client_orderid.
    const payoutId = `po-${kind}-${run}`;
    sandbox.faults.next({ kind, operation: "payout", delayMs: 700 });
    const paid = how(
      await gateway.sendOnce("payout", {
        client_orderid: payoutId,
        amount: "25.00",
        currency: "USD",
        order_desc: "Seller payout",
        "destination-card-no": "5555555555554444",
      }),
    );
    const payouts = await transactionsOf({ client_orderid: payoutId }, ["payout"]);
    const payoutRequests = appliedRequests("payout", payoutId);
    check(
      payouts.length === 1 && payoutRequests === 1,
      `payout, ${kind} (${processed}): ${paid}, ${payouts.length} payout, ${payoutRequests} applied`,
    );
  }
} finally {
  await sandbox.close();
}
