// 3-D Secure: version 2 (method step, challenge, CRes upload) and version 1.0.2 (PaRes upload).
import { createGateway, type GatewayFailure, nextStep } from "@card-processing/client";
import { sampleOrder, sandboxTime, startSandbox, testCard } from "@card-processing/sandbox";

const sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
});
const clock = sandboxTime(sandbox);

try {
  // 3-D Secure 2. The sale waits in processing; the status reply says what the browser must do.
  const v2 = `3ds2-${Date.now().toString(36)}`;
  const sale = await gateway.sale({
    ...sampleOrder(v2, { amount: "24.00" }),
    ...testCard({ number: "4000000000003220" }),
  });
  if (sale.error) throw sale.error;
  const order = { client_orderid: v2, orderid: sale.data["paynet-order-id"] };
  const pending = await gateway.status(order);
  if (pending.error) throw pending.error;
  const step = nextStep(pending.data);
  expectThat(
    step.action === "show-html" || step.action === "redirect",
    `status ${pending.data.status}; next step for the browser: ${step.action}`,
  );

  // Method step: the browser loads the issuer's method URL in a hidden iframe; report whether it
  // completed (Y), did not (N) or there was none (U). Then the challenge: the customer answers the
  // issuer's ACS page, which posts the CRes to you; upload it as it came.
  const methodDone = await gateway.uploadMethodUrlResult({
    "client-order-id": v2,
    orderid: order.orderid,
    threeDSCompInd: "Y",
  });
  if (methodDone.error) throw methodDone.error;
  const cRes = Buffer.from(JSON.stringify({ transStatus: "Y" })).toString("base64url"); // the sandbox's CRes
  const cresDone = await gateway.uploadCresResult({ "client-order-id": v2, orderid: order.orderid, cRes });
  if (cresDone.error) throw cresDone.error;
  const final2 = await gateway.waitForFinalStatus(order, { clock });
  expectThat(
    outcomeOf(final2) === "approved",
    `3-D Secure 2: ${outcomeOf(final2)}, ${final2.data?.["three-ds-result"]}`,
  );

  // 3-D Secure 1.0.2. The ACS posts a PaRes back through the browser; upload it.
  const v1 = `3ds1-${Date.now().toString(36)}`;
  const sale1 = await gateway.sale({
    ...sampleOrder(v1, { amount: "24.00" }),
    ...testCard({ number: "4000000000003063" }),
  });
  if (sale1.error) throw sale1.error;
  const order1 = { client_orderid: v1, orderid: sale1.data["paynet-order-id"] };
  const paRes = Buffer.from(JSON.stringify({ transStatus: "Y" })).toString("base64"); // the sandbox's PaRes
  const paresDone = await gateway.uploadParesResult({ "client-order-id": v1, orderid: order1.orderid, paRes });
  if (paresDone.error) throw paresDone.error;
  const final1 = await gateway.waitForFinalStatus(order1, { clock });
  expectThat(
    outcomeOf(final1) === "approved",
    `3-D Secure 1.0.2: ${outcomeOf(final1)}, ${final1.data?.["three-ds-result"]}`,
  );

  // Once the order is authenticated, another upload is refused.
  const again = await gateway.uploadParesResult({ "client-order-id": v1, orderid: order1.orderid, paRes });
  expectThat(again.error !== undefined, `uploading the PaRes again is refused: ${again.error?.message}`);
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
