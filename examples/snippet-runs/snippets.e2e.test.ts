// Runs the README blocks and TSDoc @examples that call the gateway against a started sandbox, with
// a real context for the values examples/snippet-context.d.ts declares (a gateway bound to the
// sandbox, a sale's body, the keys), so an example that the gateway would refuse fails here.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, createGateway, type Gateway } from "@card-processing/client";
import { type Sandbox, sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectSnippets } from "../../tools/snippets/collect-snippets.ts";
import { notRun, refusalsExpected } from "./snippets-not-run.ts";

const here = dirname(fileURLToPath(import.meta.url));
const runs = join(here, ".runs");
const startedIn = process.cwd();
const { snippets } = await collectSnippets(resolve(here, "../.."));

/** A snippet calls the gateway when it sends a named operation or a raw request, or starts a sandbox. */
const callsGateway = (code: string) =>
  /\b(gateway|client|shop)\.(?!use\b)[a-zA-Z]+\(|\bfetch\(|startSandbox\(|checkCallbackEndpoint\(|pollForFinalStatus\(/.test(
    code,
  );
const toRun = snippets.filter((s) => callsGateway(s.code) && !(s.name in notRun));

// The examples' sample addresses and ids, bound to the sandbox and to the orders prepared for each snippet.
const sampleUrls = ["https://sandbox.gateway.example/paynet", "http://127.0.0.1:8080/paynet"];
const sampleOrderId = "1234567";
const sampleCardRefIds = ["4726390", "7704211", "2000002"];
const samplePayoutOrderId = "1234610";

let sandbox: Sandbox;
let gateway: Gateway;
const log: string[] = [];

/** Places a sale (or a preauth) and waits until it is approved; returns its orderid. */
async function approvedOrder(clientOrderId: string, kind: "sale" | "preauth" = "sale", number?: string) {
  const placed = await gateway[kind]({
    ...sampleOrder(clientOrderId),
    ...testCard(number === undefined ? {} : { number }),
  });
  if (placed.error) throw placed.error;
  const order = { client_orderid: clientOrderId, orderid: placed.data["paynet-order-id"] };
  if (number === undefined) {
    const final = await gateway.waitForFinalStatus(order);
    if (final.data?.status !== "approved") throw new Error(`prepared ${kind} ${clientOrderId} was not approved`);
  }
  return order.orderid;
}

/**
 * Prepares what a snippet takes as existing (the order its sample orderid names, a card reference,
 * a registered payout) and returns its code with the sample ids and addresses bound to them.
 */
async function prepare(code: string): Promise<string> {
  let bound = code;
  for (const url of sampleUrls) bound = bound.replaceAll(url, sandbox.url);
  const creates = /\.(sale|preauth|saleForm|preauthForm)\(\{\s*client_orderid: "902B4FF5"/.test(code);
  if (code.includes(`"${sampleOrderId}"`)) {
    // The spec's examples name one order 1234567: the sale 902B4FF5, or for a capture the preauth PA-902B4FFB.
    const [own, kind] = code.includes(".capture(")
      ? (["PA-902B4FFB", "preauth"] as const)
      : (["902B4FF5", "sale"] as const);
    const threeDs = /uploadCresResult|uploadMethodUrlResult/.test(code)
      ? "4000000000003220"
      : /uploadParesResult/.test(code)
        ? "4000000000003063"
        : undefined;
    bound = bound.replaceAll(`"${sampleOrderId}"`, `"${await approvedOrder(own, kind, threeDs)}"`);
  } else if (code.includes('"902B4FF5"') && !creates) {
    await approvedOrder("902B4FF5");
  }
  for (const sample of sampleCardRefIds) {
    if (!code.includes(`"${sample}"`)) continue;
    const ref = await gateway.createCardRef({ client_orderid: "ref-1", orderid: await approvedOrder("ref-1") });
    if (ref.error) throw ref.error;
    bound = bound.replaceAll(`"${sample}"`, `"${ref.data["card-ref-id"]}"`);
  }
  if (/declare const refund\b/.test(code)) {
    // A refund the shop has ready: a partial return of an approved sale, under the sale's own client_orderid.
    const id = `ctx-refund-${Date.now().toString(36)}`;
    const orderid = await approvedOrder(id);
    Object.assign(globalThis, {
      refund: { client_orderid: id, orderid, amount: "3.00", currency: "USD", comment: "one mug back" },
    });
  }
  if (code.includes(`"${samplePayoutOrderId}"`)) {
    const check = await gateway.payoutCheck({
      "client-order-id":
        /"client-order-id": "([^"]+)"|client_orderid: "([^"]+)"/.exec(code)?.slice(1).find(Boolean) ?? "PO-9001",
      amount: "1500.00",
      currency: "EUR",
      order_desc: "Seller settlement",
      account_number: "DE89370400440532013000",
      bank_name: "Example Bank",
    });
    if (check.error) throw check.error;
    bound = bound.replaceAll(`"${samplePayoutOrderId}"`, `"${check.data["paynet-order-id"]}"`);
  }
  return bound;
}

/** The values examples/snippet-context.d.ts declares, bound to the sandbox. */
function bindContext(): void {
  const context: Record<string, unknown> = {
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    pem: sandbox.privateKeyPem,
    merchantPublicKeyPem: sandbox.publicKey,
    baseUrl: sandbox.url,
    gateway,
    client: createClient({ baseUrl: sandbox.url }),
    options: { baseUrl: sandbox.url, endpointId: 1111, login: sandbox.login, controlKey: sandbox.controlKey },
    body: { ...sampleOrder(`ctx-${Date.now().toString(36)}`), ...testCard() },
    order: { ...sampleOrder(`ctx-order-${Date.now().toString(36)}`), ...testCard() },
    sandbox,
    log: { info: () => {} },
  };
  Object.assign(globalThis, context);
  process.env["MERCHANT_LOGIN"] = sandbox.login;
  process.env["MERCHANT_CONTROL_KEY"] = sandbox.controlKey;
  process.env["MERCHANT_PRIVATE_KEY"] = sandbox.privateKeyPem;
}

beforeAll(async () => {
  sandbox = await startSandbox({
    login: "sandbox-merchant",
    latencyMs: 10,
    settleDelayMs: Infinity,
    logger: (line) => log.push(line),
  });
  gateway = createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    privateKey: sandbox.privateKeyPem,
    polling: { firstDelayMs: [20, 40], giveUpAfterUnchangedMs: 2_000 },
  });
  await rm(runs, { recursive: true, force: true });
  await mkdir(runs, { recursive: true });
  // Snippets run in the ignored .runs folder, so one that writes to a relative path (a data
  // directory `.sandbox`, say) leaves nothing in the checkout.
  process.chdir(runs);
});
afterAll(async () => {
  process.chdir(startedIn);
  await sandbox?.close();
});

describe("the README blocks and @examples that call the gateway", () => {
  it("are found, and every one left out is named with its reason", () => {
    expect(toRun.length).toBeGreaterThanOrEqual(50);
    const calling = new Set(snippets.filter((s) => callsGateway(s.code)).map((s) => s.name));
    expect(Object.keys(notRun).filter((name) => !calling.has(name))).toEqual([]);
  });

  it.each(toRun.map((s) => [s.name, s] as const))(
    "%s runs against the sandbox, the gateway refusing nothing",
    async (_, snippet) => {
      sandbox.reset();
      bindContext();
      const code = await prepare(snippet.code);
      log.length = 0;
      const file = join(runs, `${snippet.name}.ts`);
      await writeFile(file, `// From ${snippet.origin}.\n${code}\nexport {};\n`);
      await import(file);
      // One log line per API request: "POST /paynet/api/v2/capture/1111 capture 400 <why> (1.2 ms)".
      const refused = log.filter((line) => / \/paynet\/api\/\S+ \S+ [45]\d\d /.test(line));
      expect(refused).toEqual(refusalsExpected[snippet.name] === undefined ? [] : refused);
    },
  );
});
