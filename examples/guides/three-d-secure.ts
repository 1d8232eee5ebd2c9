// 3-D Secure: version 2 (method step, challenge, CRes upload) and version 1.0.2 (PaRes upload).
import { createGateway, nextStep } from "@card-processing/client";
import { startSandbox } from "@card-processing/sandbox";
import { expectThat, sandboxTime, shopOrder, testCard } from "./guide-fixtures.js";

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
  const sale = await gateway.sale({ ...shopOrder(v2, "24.00"), ...testCard("4000000000003220") });
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
    final2.data?.status === "approved",
    `3-D Secure 2: ${final2.data?.status}, ${final2.data?.["three-ds-result"]}`,
  );

  // 3-D Secure 1.0.2. The ACS posts a PaRes back through the browser; upload it.
  const v1 = `3ds1-${Date.now().toString(36)}`;
  const sale1 = await gateway.sale({ ...shopOrder(v1, "24.00"), ...testCard("4000000000003063") });
  if (sale1.error) throw sale1.error;
  const order1 = { client_orderid: v1, orderid: sale1.data["paynet-order-id"] };
  const paRes = Buffer.from(JSON.stringify({ transStatus: "Y" })).toString("base64"); // the sandbox's PaRes
  const paresDone = await gateway.uploadParesResult({ "client-order-id": v1, orderid: order1.orderid, paRes });
  if (paresDone.error) throw paresDone.error;
  const final1 = await gateway.waitForFinalStatus(order1, { clock });
  expectThat(
    final1.data?.status === "approved",
    `3-D Secure 1.0.2: ${final1.data?.status}, ${final1.data?.["three-ds-result"]}`,
  );

  // Once the order is authenticated, another upload is refused.
  const again = await gateway.uploadParesResult({ "client-order-id": v1, orderid: order1.orderid, paRes });
  expectThat(again.error !== undefined, `uploading the PaRes again is refused: ${again.error?.message}`);
} finally {
  await sandbox.close();
}
