// Hold and settle: preauth, partial capture, void, partial and full return, and the rules that say
// which follow-up an order accepts in which state.
import { createGateway, type GatewayFailure } from "@card-processing/client";
import { sampleOrder, sandboxTime, startSandbox, testCard } from "@card-processing/sandbox";

const sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000, settleDelayMs: 24 * 3600_000 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
});
const clock = sandboxTime(sandbox);
const id = Date.now().toString(36);

/** Runs a follow-up operation's reply to its final status; a refusal comes back as the error. */
async function settled(
  order: { client_orderid: string; orderid: string },
  call: Promise<{ error?: unknown }>,
): Promise<string> {
  const reply = await call;
  if (reply.error) return `refused: ${(reply.error as Error).message}`;
  return outcomeOf(await gateway.waitForFinalStatus(order, { clock }));
}

try {
  // 1. Hold 50.00 USD on the card (preauth), then capture what you ship: 30.00.
  const held = await gateway.preauth({
    ...sampleOrder(`hold-${id}`, { amount: "50.00" }),
    ...testCard({ number: "5555555555554444" }),
  });
  if (held.error) throw held.error;
  const order = { client_orderid: `hold-${id}`, orderid: held.data["paynet-order-id"] };
  expectThat(
    outcomeOf(await gateway.waitForFinalStatus(order, { clock })) === "approved",
    "preauth of 50.00 approved: the funds are held",
  );
  expectThat(
    (await settled(order, gateway.capture({ ...order, amount: "30.00", currency: "USD" }))) === "approved",
    "partial capture of 30.00 approved",
  );
  const over = await settled(order, gateway.capture({ ...order, amount: "25.00", currency: "USD" }));
  expectThat(over.startsWith("refused"), `capturing 25.00 more than the 20.00 left is ${over}`);

  // 2. Refund part of the capture, then the rest; the gateway keeps the totals.
  expectThat(
    (await settled(order, gateway.return({ ...order, amount: "12.50", currency: "USD", comment: "one item back" }))) ===
      "approved",
    "partial return of 12.50 approved",
  );
  expectThat(
    (await settled(order, gateway.return({ ...order, amount: "17.50", currency: "USD", comment: "the rest" }))) ===
      "approved",
    "return of the other 17.50 approved",
  );
  const more = await settled(order, gateway.return({ ...order, amount: "0.01", currency: "USD", comment: "one cent" }));
  expectThat(more.startsWith("refused"), `a further return is ${more}`);

  // 3. Void: cancel an authorized payment before it settles, never with an amount.
  const sale = await gateway.sale({ ...sampleOrder(`void-${id}`, { amount: "20.00" }), ...testCard() });
  if (sale.error) throw sale.error;
  const toVoid = { client_orderid: `void-${id}`, orderid: sale.data["paynet-order-id"] };
  await gateway.waitForFinalStatus(toVoid, { clock });
  expectThat(
    (await settled(toVoid, gateway.void({ ...toVoid, comment: "customer cancelled" }))) === "approved",
    "void of an unsettled sale approved",
  );

  // 4. After settlement (here a day of sandbox time) void is refused; a full return (no amount) works.
  const late = await gateway.sale({ ...sampleOrder(`late-${id}`, { amount: "20.00" }), ...testCard() });
  if (late.error) throw late.error;
  const settledOrder = { client_orderid: `late-${id}`, orderid: late.data["paynet-order-id"] };
  await gateway.waitForFinalStatus(settledOrder, { clock });
  await sandbox.clock.advance(24 * 3600_000);
  const voidLate = await settled(settledOrder, gateway.void({ ...settledOrder, comment: "too late" }));
  expectThat(voidLate.startsWith("refused"), `void after settlement is ${voidLate}`);
  expectThat(
    (await settled(settledOrder, gateway.return({ ...settledOrder, comment: "full refund" }))) === "approved",
    "full return (no amount) of the settled sale approved",
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
