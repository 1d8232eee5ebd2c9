// Runs every request sample of the API reference (curl, Python, PHP, TypeScript; generated from the
// spec by tools/samples/) against a sandbox started with no key options on 127.0.0.1, which takes
// the reference's example merchant. Each sample runs as a real process with the text the reference
// shows (a TypeScript sample under node, its types stripped by esbuild as tsx would); only
// GATEWAY_URL and the ids of what must exist first come from the environment.
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, type Gateway } from "../../packages/client/src/index.ts";
import { type Sandbox, sampleOrder, startSandbox, testCard } from "../../packages/sandbox/src/index.ts";
import { exampleMerchant, operationTable } from "../../packages/types/src/index.ts";
import { allCodeSamples, sampleLanguages } from "./code-samples.ts";
import type { SampleOperation } from "./sample-operation.ts";
import { expectJsonReply } from "./sample-reply.testlib.ts";
import { processLimit, runSample, type SampleRun, samplesFolder } from "./sample-runs.testlib.ts";

const samples = allCodeSamples();
const cases = [...samples.values()].flatMap(({ operation, samples }) =>
  samples.map((sample) => [`${sample.label} ${operation.operationId}`, operation, sample] as const),
);

/**
 * The order an operation's `orderid` must name, where a plain approved sale of the example's
 * client_orderid is not it: a capture takes a preauth, the 3-D Secure uploads a sale waiting for
 * them, a v4 payout-pay a payout registered by payout-check.
 */
const priorOrders: Record<string, "preauth" | "3ds2" | "3ds1" | "payout-check"> = {
  capture: "preauth",
  uploadCresResult: "3ds2",
  uploadMethodUrlResult: "3ds2",
  uploadParesResult: "3ds1",
  payoutPay: "payout-check",
};

/** One sandbox per language: an operation's samples name the same client_orderid, which some operations take only once. */
const lanes = new Map<string, { sandbox: Sandbox; gateway: Gateway }>();
let dir: string;
const limit = processLimit(2);
const runs: (SampleRun & { readonly lang: string })[] = [];
let started = 0;

beforeAll(async () => {
  started = performance.now();
  for (const { lang } of sampleLanguages) {
    // No key options on 127.0.0.1: the sandbox takes the example merchant the samples are signed with.
    const sandbox = await startSandbox({ latencyMs: 10, settleDelayMs: Number.POSITIVE_INFINITY });
    const gateway = createGateway({
      baseUrl: sandbox.url,
      endpointId: exampleMerchant.endpointId,
      login: exampleMerchant.login,
      controlKey: exampleMerchant.controlKey,
      privateKey: exampleMerchant.rsaPrivateKeyPem,
      polling: { firstDelayMs: [10, 20], giveUpAfterUnchangedMs: 2_000 },
    });
    lanes.set(lang, { sandbox, gateway });
  }
  dir = await samplesFolder();
});
afterAll(async () => {
  await Promise.all([...lanes.values()].map(({ sandbox }) => sandbox.close()));
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  const total = runs.reduce((sum, run) => sum + run.millis, 0);
  for (const { lang } of sampleLanguages) {
    const own = runs.filter((run) => run.lang === lang);
    const mean = own.reduce((sum, run) => sum + run.millis, 0) / Math.max(1, own.length);
    console.log(`${lang}: ${own.length} runs, ${Math.round(mean)} ms each on average`);
  }
  console.log(
    `${runs.length} sample runs, ${(total / 1000).toFixed(1)} s of processes, ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
  );
});

function clientOrderIdOf(op: SampleOperation): string {
  const field = op.fields.find((f) => /^client[-_]order-?id$/.test(f.name));
  return field?.value ?? `prior-${op.operationId}`;
}

/** An order of `kind` under `clientOrderId`, final (or waiting for 3-D Secure); its orderid. */
async function priorOrder(gateway: Gateway, kind: string, clientOrderId: string): Promise<string> {
  if (kind === "payout-check") {
    const check = await gateway.payoutCheck({
      "client-order-id": clientOrderId,
      amount: "1500.00",
      currency: "EUR",
      order_desc: "Seller settlement",
      account_number: "DE89370400440532013000",
      bank_name: "Example Bank",
    });
    if (check.error) throw check.error;
    return String(check.data["paynet-order-id"]);
  }
  const number = kind === "3ds2" ? "4000000000003220" : kind === "3ds1" ? "4000000000003063" : undefined;
  const body = { ...sampleOrder(clientOrderId), ...testCard(number === undefined ? {} : { number }) };
  const placed = kind === "preauth" ? await gateway.preauth(body) : await gateway.sale(body);
  if (placed.error) throw placed.error;
  const order = { client_orderid: clientOrderId, orderid: String(placed.data["paynet-order-id"]) };
  if (number === undefined) {
    const final = await gateway.waitForFinalStatus(order);
    if (final.data?.status !== "approved") throw new Error(`the prior ${kind} ${clientOrderId} was not approved`);
  }
  return order.orderid;
}

async function cardRef(gateway: Gateway): Promise<string> {
  const id = `ref-${Math.random().toString(36).slice(2, 10)}`;
  const ref = await gateway.createCardRef({ client_orderid: id, orderid: await priorOrder(gateway, "sale", id) });
  if (ref.error) throw ref.error;
  return String(ref.data["card-ref-id"]);
}

async function recurringPayment(gateway: Gateway): Promise<string> {
  const created = await gateway.createRecurringPaymentV4({
    rp_card_type: "SRC",
    "client-orderid": `sub-${Math.random().toString(36).slice(2, 10)}`,
    order_desc: "Premium plan, monthly",
    amount: "9.99",
    currency: "USD",
    period: "month",
    interval: 1,
    "start-date": new Date().toISOString().slice(0, 10),
    "card-printed-name": "JOHN SMITH",
    "first-name": "John",
    "last-name": "Smith",
    email: "john.smith@example.com",
    "customer-ip": "65.153.12.232",
    address1: "100 Main st",
    city: "Seattle",
    "zip-code": "98102",
    country: "US",
    phone: "+12063582043",
    "credit-card-number": "4111111111111111",
    "expire-month": "12",
    "expire-year": "2030",
    cvv2: "123",
  });
  if (created.error) throw created.error;
  return String(created.data["recurring-payment-id"]);
}

/** The environment of one run: the sandbox's addresses, and fresh ids for what the sample names as existing. */
async function environmentOf(op: SampleOperation, lang: string): Promise<Record<string, string>> {
  const { sandbox, gateway } = lanes.get(lang) ?? {};
  if (sandbox === undefined || gateway === undefined) throw new Error(`no sandbox for ${lang}`);
  const env: Record<string, string> = {
    GATEWAY_URL: sandbox.url,
    GATEWAY_UI_URL: `${new URL(sandbox.url).origin}/paynet-ui`,
  };
  for (const field of op.fields) {
    if (field.env === undefined) continue;
    env[field.env] =
      field.env === "ORDERID"
        ? await priorOrder(gateway, priorOrders[op.operationId] ?? "sale", clientOrderIdOf(op))
        : field.env === "RECURRING_PAYMENT_ID"
          ? await recurringPayment(gateway)
          : field.env === "PARES"
            ? Buffer.from(JSON.stringify({ transStatus: "Y" })).toString("base64")
            : await cardRef(gateway);
  }
  return env;
}

/** The reply a run printed must be the operation's: its `type` and keys (each item's, for a list), or the report's header row (as JSON rows from the SDK). */
function expectReply(op: SampleOperation, lang: string, run: SampleRun): void {
  const out = run.stdout.trim();
  if (op.reply.firstLine !== undefined) {
    if (lang === "TypeScript") expect(Array.isArray(JSON.parse(out))).toBe(true);
    else expect(out.split("\n")[0]).toBe(op.reply.firstLine);
    return;
  }
  expectJsonReply(op, out);
}

describe("the API reference's request samples", () => {
  it("cover every operation of the spec in four languages", () => {
    // Every operation of the table, and the transactions report beside it.
    expect(samples.size).toBe(Object.keys(operationTable).length + 1);
    expect(cases.length).toBe(samples.size * 4);
  });

  // A case's time includes its wait for a free process slot: generous, for a loaded machine.
  it.concurrent.each(cases)(
    "%s runs against the sandbox and gets the operation's reply",
    { timeout: 300_000 },
    async (_, op, sample) => {
      const env = await environmentOf(op, sample.lang);
      const run = await limit(() => runSample(dir, sample, env));
      runs.push({ ...run, lang: sample.lang });
      expect(run.code, `${sample.file} failed:\n${run.stderr}\n${run.stdout}`).toBe(0);
      expectReply(op, sample.lang, run);
    },
  );
});
