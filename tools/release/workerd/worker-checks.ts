import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { buildWorker } from "./build-worker.ts";
import { startWorkerd } from "./workerd-process.ts";

/** What the checks need of a started sandbox (`startSandbox` of `@card-processing/sandbox`). */
export interface SandboxForWorkers {
  readonly url: string;
  readonly endpointId: string;
  readonly login: string;
  readonly controlKey: string;
  readonly privateKeyPem: string | undefined;
  waitForCallback(
    match: { readonly orderid: string; readonly type: string },
    options: { readonly timeoutMs: number },
  ): Promise<{ readonly url: string; readonly attempts: ReadonlyArray<{ readonly httpStatus?: number }> }>;
}

/** What the Workers did in workerd: one line per check passed, and their bundles' gzipped sizes. */
export interface WorkerChecks {
  readonly passed: readonly string[];
  readonly sizes: Readonly<
    Record<"callback" | "checkout", { readonly gzipBytes: number; readonly minifiedGzipBytes: number }>
  >;
}

/** The example Workers (examples/workers/), copied into the project whose packages they are built with. */
export const workerSources = ["callback-worker.ts", "checkout-worker.ts", "durable-object-claims.ts"];

function check(passed: string[], ok: boolean, what: string, detail = ""): void {
  if (!ok) throw new Error(`workerd: ${what} failed${detail ? `: ${detail}` : ""}`);
  passed.push(what);
}

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`workerd: no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Builds the example Workers as wrangler does from `project` (the copies of `@card-processing/*` in
 * its node_modules: the workspace's, or the packed tarballs installed) and runs them in workerd
 * against `sandbox`: a sale answered 202, its callback booked once through the Durable Object claim
 * store, a duplicate answered 200, a forged one 403, five deliveries of one event at once booked
 * once, the customer's return checked once, the wait after the answer (ctx.waitUntil) ending
 * final, and a v4 call signed with RSA-SHA256.
 *
 * @example
 * ```ts
 * const { passed, sizes } = await checkWorkersInWorkerd(workerdBin, projectDir, "examples/workers", sandbox);
 * ```
 */
export async function checkWorkersInWorkerd(
  workerd: string,
  project: string,
  sources: string,
  sandbox: SandboxForWorkers,
): Promise<WorkerChecks> {
  const dir = join(project, "workers");
  await mkdir(dir, { recursive: true });
  for (const file of workerSources) await copyFile(join(sources, file), join(dir, file));
  const [callback, checkoutBundle] = await Promise.all([
    buildWorker(join(dir, "callback-worker.ts")),
    buildWorker(join(dir, "checkout-worker.ts")),
  ]);
  const running = await startWorkerd(workerd, join(dir, "workerd"), ["callbacks", "checkout"], (urls) => [
    {
      name: "callbacks",
      code: callback.code,
      text: { MERCHANT_CONTROL_KEY: sandbox.controlKey },
      durableObjects: { CALLBACK_CLAIMS: "CallbackClaims" },
    },
    {
      name: "checkout",
      code: checkoutBundle.code,
      text: {
        GATEWAY_URL: sandbox.url,
        GATEWAY_ENDPOINT_ID: sandbox.endpointId,
        GATEWAY_LOGIN: sandbox.login,
        MERCHANT_CONTROL_KEY: sandbox.controlKey,
        MERCHANT_PRIVATE_KEY: sandbox.privateKeyPem ?? "",
        CALLBACK_URL: `${urls["callbacks"]}/payments/callback`,
      },
    },
  ]);
  const passed: string[] = [];
  const lines = (prefix: string) =>
    running
      .output()
      .split("\n")
      .filter((line) => line.startsWith(prefix));
  const checkoutUrl = running.urls["checkout"];
  try {
    const clientOrderId = `wd-${Date.now().toString(36)}`;
    const placed = await fetch(`${checkoutUrl}/checkout`, {
      method: "POST",
      body: JSON.stringify(saleBody(clientOrderId)),
    });
    const order = (await placed.json()) as { client_orderid: string; orderid: string };
    check(
      passed,
      placed.status === 202 && order.orderid !== undefined,
      "a sale is answered 202 with its order",
      JSON.stringify(order),
    );

    const delivery = await sandbox.waitForCallback({ orderid: order.orderid, type: "sale" }, { timeoutMs: 15_000 });
    const key = `approved|sale|${order.orderid}|${clientOrderId}`;
    check(
      passed,
      delivery.attempts.at(-1)?.httpStatus === 200 && lines(`booked ${key}`).length === 1,
      "the sandbox's callback is answered 200 and booked once (Durable Object claim)",
      running.output(),
    );
    const again = await fetch(delivery.url);
    check(
      passed,
      again.status === 200 && (await again.text()) === "OK" && lines(`booked ${key}`).length === 1,
      "a duplicate is answered 200 and booked no more",
    );
    const forged = new URL(delivery.url);
    forged.searchParams.set("status", "declined");
    const refusal = await fetch(forged);
    check(passed, refusal.status === 403 && lines("booked declined").length === 0, "a forged callback is refused 403");

    // A capture event of the same order (`type` is not signed), five deliveries at once: the claim
    // in its Durable Object lets one through; the others wait (200) or meet the claim (503).
    const capture = new URL(delivery.url);
    capture.searchParams.set("type", "capture");
    const statuses = await Promise.all([1, 2, 3, 4, 5].map(async () => (await fetch(capture)).status));
    check(
      passed,
      statuses.every((s) => s === 200 || s === 503) && lines(`booked approved|capture|${order.orderid}`).length === 1,
      `five deliveries of one event at once are booked once (answered ${statuses.join(", ")})`,
    );

    const query = new URLSearchParams(order).toString();
    const back = (await (await fetch(`${checkoutUrl}/return?${query}`)).json()) as { status?: string };
    check(
      passed,
      back.status === "approved",
      "the customer's return: one status check, approved",
      JSON.stringify(back),
    );
    const waited = await until(
      () => lines(`final ${order.orderid}: `)[0],
      "end of the wait after the answer (ctx.waitUntil)",
    );
    check(passed, waited.endsWith("approved"), "the wait after the answer (ctx.waitUntil) ends final", waited);

    const saved = (await (await fetch(`${checkoutUrl}/save-card?${query}`, { method: "POST" })).json()) as {
      cardRefId?: string;
    };
    check(
      passed,
      typeof saved.cardRefId === "string",
      "a v4 call signed with OAuth RSA-SHA256 is accepted",
      JSON.stringify(saved),
    );
  } catch (error) {
    throw new Error(`${String(error)}\nworkerd printed:\n${running.output()}`, { cause: error });
  } finally {
    await running.close();
  }
  return { passed, sizes: { callback, checkout: checkoutBundle } };
}

/** The shop's order as the checkout page posts it: customer, amount, a test card the sandbox approves. */
function saleBody(clientOrderId: string): Record<string, string> {
  return {
    client_orderid: clientOrderId,
    order_desc: `Order ${clientOrderId}`,
    amount: "12.50",
    currency: "USD",
    address1: "100 Main st",
    city: "Seattle",
    zip_code: "98102",
    country: "US",
    phone: "+12063582043",
    ipaddress: "65.153.12.232",
    email: "john.smith@example.com",
    redirect_url: "https://shop.example.com/return",
    credit_card_number: "4111111111111111",
    card_printed_name: "JOHN SMITH",
    expire_month: "12",
    expire_year: "2030",
    cvv2: "123",
  };
}
