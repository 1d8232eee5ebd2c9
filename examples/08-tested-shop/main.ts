// The tested shop, run once end to end: checkout on the hosted page, the customer's return
// confirmed by status, the callback, and a partial refund. Runs on its own in-process sandbox:
//   npx tsx examples/08-tested-shop/main.ts        (its tests: npx vitest run --root examples/08-tested-shop)
import { createGateway } from "@card-processing/client";
import { startSandbox } from "@card-processing/sandbox";
import { startShop } from "./shop.js";

const sandbox = await startSandbox({ latencyMs: 100 });
const gateway = createGateway({
  baseUrl: sandbox.url,
  endpointId: sandbox.endpointId,
  login: sandbox.login,
  controlKey: sandbox.controlKey,
  polling: { firstDelayMs: [50, 100] },
});
const shop = await startShop({ gateway, controlKey: sandbox.controlKey });
let failed = false;
function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? "✓" : "✗"} ${what}`);
  if (!ok) failed = true;
}

try {
  const checkout = await fetch(`${shop.url}/checkout`, {
    method: "POST",
    body: new URLSearchParams({ amount: "25.00", email: "jane@example.com" }),
    redirect: "manual",
  });
  const hostedPage = checkout.headers.get("location") ?? "";
  const order = [...shop.orders.values()][0];
  check(
    checkout.status === 303 && order !== undefined,
    `checkout of 25.00 USD sends the customer to ${hostedPage.replace(/[0-9a-f]{24}$/, "…")}`,
  );

  const back = await sandbox.payHostedPage(hostedPage, { card: "4111111111111111", cvv2: "123" });
  const page = await (await fetch(back.url, { method: "POST", body: new URLSearchParams(back.fields) })).text();
  check(
    page.includes("Thank you"),
    `the customer is back (${back.fields["status"]}) and the shop, having asked the gateway, says thank you`,
  );

  await sandbox.waitForCallback({ orderid: order?.orderid ?? "", type: "sale" }, { timeoutMs: 5_000 });
  check(order?.state === "paid", "the sale callback arrived, verified and confirmed: order paid");

  const refund = await shop.refund(order?.clientOrderId ?? "", "4.00");
  check(
    refund === "approved" && order?.refunds.join() === "4.00",
    `partial refund of 4.00 USD: ${refund}, confirmed by its own status (by-request-sn)`,
  );
} finally {
  await shop.close();
  await sandbox.close();
}
process.exit(failed ? 1 : 0);
