// One sandbox and one shop for the whole run, started before any worker. Workers are other
// processes: they reach the sandbox through its admin routes (SANDBOX_URL/_admin/...), not the
// Sandbox object, and the shop through SHOP_URL.
import { createGateway } from "@card-processing/client";
import { startSandbox } from "@card-processing/sandbox";
import { startShop } from "../../08-tested-shop/shop.js";

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The real clock: the hosted page waits for the outcome, as the gateway's does, before the return.
  const sandbox = await startSandbox({ latencyMs: 200 });
  const gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
  });
  const shop = await startShop({ gateway, controlKey: sandbox.controlKey });
  process.env["SANDBOX_URL"] = sandbox.url; // workers inherit what global setup sets
  process.env["SHOP_URL"] = shop.url;
  return async () => {
    await shop.close();
    await sandbox.close();
  };
}
