// Reconciling with the gateway: once a day, the shop's payout records against the gateway's
// transactions report and status queries, flagging every payout on which the two disagree.
import { createGateway } from "@card-processing/client";
import { startSandbox } from "@card-processing/sandbox";

const sandbox = await startSandbox({ latencyMs: 50 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey, // also the HMAC-SHA1 secret of the v2 payout and of the report
  privateKey: sandbox.privateKeyPem,
});

/** The shop's own record of each payout, by client_orderid: what the shop believes happened. */
type ShopStatus = "paid" | "failed" | "pending";
const shopRecords = new Map<string, { amount: string; status: ShopStatus }>();
const run = Date.now().toString(36);
const dayStart = new Date(Date.now() - 60_000);

try {
  // The day's payouts, as a shop records them on the spot.
  // 1. Approved, recorded as paid: the two agree.
  await payOut(`rc-ok-${run}`, "120.00", "DE89370400440532013000");
  // 2. The reply is lost (the connection resets after the gateway paid): a careless shop records
  //    "failed". The gateway approved it: paying again would pay the seller twice.
  sandbox.faults.next({ kind: "reset-after", operation: "payout" });
  await payOut(`rc-lost-${run}`, "80.00", "DE89370400440532013000");
  // 3. Declined by the bank (sandbox test account 0000000057, account closed): recorded as failed.
  await payOut(`rc-closed-${run}`, "45.00", "0000000057");
  // 4. The bank does not answer (sandbox test account 0000000091): unknown, recorded as pending.
  await payOut(`rc-slow-${run}`, "60.00", "0000000091");
  // 5. Paid from another system (a back office) that never wrote to the shop's records.
  const stray = await gateway.payout(payoutBody(`rc-stray-${run}`, "33.00", "DE89370400440532013000"));
  if (stray.error) throw stray.error;

  await new Promise((resolve) => setTimeout(resolve, 500)); // the gateway decides meanwhile

  // The daily run: the report lists every transaction of the day with its type and status.
  const report = await gateway.transactionReport({ createdFromDate: dayStart, createdToDate: new Date() });
  if (report.error) throw report.error;
  const payouts = report.data.filter((t) => t.type === "payout" && t["merchant-order-id"].endsWith(run));
  const flags: string[] = [];
  for (const t of payouts) {
    const record = shopRecords.get(t["merchant-order-id"]);
    if (record === undefined)
      flags.push(`${t["merchant-order-id"]}: the gateway has a payout (${t.status}) the shop lacks`);
    else if (record.status !== shopStatusOf(t.status))
      flags.push(`${t["merchant-order-id"]}: the shop says ${record.status}, the gateway ${t.status}`);
  }
  // A record the report lacks never reached the gateway; a pending one is asked again by status.
  for (const [clientOrderId, record] of shopRecords) {
    if (!payouts.some((t) => t["merchant-order-id"] === clientOrderId))
      flags.push(`${clientOrderId}: the shop says ${record.status}, the gateway has no such payout`);
    if (record.status !== "pending") continue;
    const status = await gateway.status({ client_orderid: clientOrderId });
    if (status.error) throw status.error;
    const now = shopStatusOf(status.data.status);
    if (now === "pending")
      flags.push(`${clientOrderId}: still ${status.data.status} at the gateway; ask again tomorrow`);
    else record.status = now;
  }
  for (const flag of flags) console.log(`    flag: ${flag}`);

  expectThat(payouts.length === 5, `the report lists the day's ${payouts.length} payouts`);
  expectThat(
    flags.some((f) => f.startsWith(`rc-lost-${run}: the shop says failed, the gateway approved`)),
    "flagged: a payout the shop thinks failed, which the gateway approved (do not pay again)",
  );
  expectThat(
    flags.some((f) => f.startsWith(`rc-stray-${run}: the gateway has a payout (approved) the shop lacks`)),
    "flagged: a payout the gateway approved and the shop lacks",
  );
  expectThat(
    flags.some((f) => f.startsWith(`rc-slow-${run}: still unknown`)),
    "a payout still unknown is pending, never failed, and is asked again",
  );
  expectThat(
    !flags.some((f) => f.startsWith(`rc-ok-${run}`) || f.startsWith(`rc-closed-${run}`)),
    "the approved and the declined payout agree with the shop's records",
  );
} finally {
  await sandbox.close();
}

// What this page's program takes as given: the shop's payout code and its checks.
/** The shop's payout: a v2 payout to a bank account, recorded by what the call returned. */
async function payOut(clientOrderId: string, amount: string, account: string): Promise<void> {
  let status: ShopStatus = "pending";
  try {
    const sent = await gateway.payout(payoutBody(clientOrderId, amount, account));
    if (sent.error)
      status = "failed"; // careless: a lost reply is not a refusal (see the pitfalls)
    else {
      const final = await waitBriefly(clientOrderId, sent.data["paynet-order-id"]);
      status = shopStatusOf(final);
    }
  } catch {
    status = "failed"; // careless, likewise
  }
  shopRecords.set(clientOrderId, { amount, status });
}

/** The payout's status after a short wait; `unknown` or `processing` when it has not settled. */
async function waitBriefly(clientOrderId: string, orderid: string): Promise<string> {
  for (let i = 0; i < 20; i += 1) {
    const reply = await gateway.status({ client_orderid: clientOrderId, orderid });
    if (reply.error) throw reply.error;
    if (reply.data.status !== "processing") return reply.data.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return "processing";
}

function payoutBody(clientOrderId: string, amount: string, account: string) {
  return {
    client_orderid: clientOrderId,
    amount,
    currency: "EUR",
    order_desc: "Seller settlement",
    account_number: account,
    bank_name: "Example Bank",
    bic: "COBADEFFXXX",
  };
}

/** The shop's reading of a gateway status: approved is paid; unknown and processing are pending. */
function shopStatusOf(status: string): ShopStatus {
  if (status === "approved") return "paid";
  if (status === "unknown" || status === "processing") return "pending";
  return "failed";
}

/** Prints what happened; stops the guide (exit 1) when it is not what this page promises. */
function expectThat(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) throw new Error(`guide check failed: ${what}`);
}
