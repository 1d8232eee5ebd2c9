import { createGateway, type GatewayFailure } from "@card-processing/client";
import { signOAuth } from "@card-processing/signing";
import { type OperationEntry, operationTable } from "@card-processing/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, sandboxTime, startProxy, startSandbox, type ValidationProxy } from "../index.js";
import { bundledSpec } from "../validation/spec-schemas.js";
import { controlFor } from "./request-signing.testlib.js";
import { paymentBody } from "./sandbox-fixture.testlib.js";

// The sandbox and the spec agree: every guide's traffic through the validation proxy in front of
// the sandbox gives no departure. The flows below are those of the guides (examples/guides/*.ts),
// made through a gateway whose base URL is the proxy; the proxy checks signatures with the keys.
let sandbox: Sandbox;
let proxy: ValidationProxy;
let gateway: ReturnType<typeof createGateway>;
const id = Date.now().toString(36);

beforeAll(async () => {
  sandbox = await startSandbox({ clock: "manual", latencyMs: 1_000, login: "sandbox-merchant", endpointIds: [1111] });
  proxy = await startProxy({
    upstream: sandbox.url,
    preserveHost: true,
    controlKey: sandbox.controlKey,
    publicKey: sandbox.publicKey,
  });
  gateway = createGateway({
    baseUrl: proxy.url,
    endpointId: sandbox.endpointId,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    privateKey: sandbox.privateKeyPem,
  });
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
});

async function departures(): Promise<string[]> {
  await proxy.settled();
  return proxy
    .findings()
    .filter((f) => f.kind === "departure")
    .map((f) => `${f.operation} ${f.rule} ${f.field ?? ""}: ${f.message}`);
}

function outcomeOf(final: { data?: { status: string } | undefined; error?: GatewayFailure | undefined }): string {
  if (final.error?.outcome === "unknown") return "pending";
  if (final.error) throw final.error;
  return final.data?.status ?? "pending";
}

async function paid(clientOrderId: string, cvv2 = "123", amount = "10.42") {
  const body = { ...paymentBody(clientOrderId, "4111111111111111", amount), cvv2 };
  const sale = await gateway.sale(body);
  if (sale.error) throw sale.error;
  const order = { client_orderid: clientOrderId, orderid: sale.data["paynet-order-id"] };
  return { order, status: outcomeOf(await gateway.waitForFinalStatus(order, { clock: sandboxTime(sandbox) })) };
}

describe("the validation proxy in front of the sandbox", () => {
  it("take-a-card-payment, receiving-callbacks, testing-with-the-sandbox, going-live: sales approved, declined and unknown give no departure", async () => {
    expect((await paid(`pay-${id}`)).status).toBe("approved");
    expect((await paid(`dec-${id}`, "116")).status).toBe("declined");
    expect((await paid(`unk-${id}`, "217")).status).toBe("pending");
    expect(await departures()).toEqual([]);
  });

  it("hosted-payment-page and three-d-secure: a sale-form and a 3-D Secure sale give no departure", async () => {
    const form = await gateway.saleForm({
      ...paymentBody(`form-${id}`),
      credit_card_number: undefined,
      cvv2: undefined,
      card_printed_name: undefined,
      expire_month: undefined,
      expire_year: undefined,
    } as never);
    expect(form.error).toBeUndefined();
    const tds = await gateway.sale({ ...paymentBody(`tds-${id}`), cvv2: "321" });
    if (tds.error) throw tds.error;
    const status = await gateway.status({ client_orderid: `tds-${id}`, orderid: tds.data["paynet-order-id"] });
    expect(status.error).toBeUndefined();
    expect(await departures()).toEqual([]);
  });

  it("hold-and-settle: preauth, partial capture, a refused capture, returns, void give no departure", async () => {
    const clock = sandboxTime(sandbox);
    const held = await gateway.preauth({ ...paymentBody(`hold-${id}`, "5555555555554444", "50.00") });
    if (held.error) throw held.error;
    const order = { client_orderid: `hold-${id}`, orderid: held.data["paynet-order-id"] };
    expect(outcomeOf(await gateway.waitForFinalStatus(order, { clock }))).toBe("approved");
    expect((await gateway.capture({ ...order, amount: "30.00", currency: "USD" })).error).toBeUndefined();
    await gateway.waitForFinalStatus(order, { clock });
    expect((await gateway.capture({ ...order, amount: "25.00", currency: "USD" })).error).toBeDefined();
    expect(
      (await gateway.return({ ...order, amount: "12.50", currency: "USD", comment: "one item back" })).error,
    ).toBeUndefined();
    await gateway.waitForFinalStatus(order, { clock });
    const toVoid = await paid(`void-${id}`);
    expect((await gateway.void({ ...toVoid.order, comment: "customer cancelled" })).error).toBeUndefined();
    expect(await departures()).toEqual([]);
  });

  it("stored-cards and payouts: card reference, card info, rebill, v2 payout (HMAC) and v4 payout (RSA) give no departure", async () => {
    const { order } = await paid(`ref-${id}`);
    const ref = await gateway.createCardRef(order);
    if (ref.error) throw ref.error;
    expect((await gateway.getCardInfo({ cardrefid: ref.data["card-ref-id"] })).error).toBeUndefined();
    const rebill = await gateway.makeRebill({
      client_orderid: `rebill-${id}`,
      cardrefid: ref.data["card-ref-id"],
      amount: "7.50",
      currency: "USD",
      order_desc: "Refill",
      ipaddress: "65.153.12.232",
    });
    expect(rebill.error).toBeUndefined();
    const v2 = await gateway.payout({
      client_orderid: `po2-${id}`,
      amount: "75.00",
      currency: "USD",
      order_desc: "Seller payout",
      "destination-card-no": "5555555555554444",
    });
    expect(v2.error).toBeUndefined();
    const v4 = await gateway.payoutV4({
      "client-order-id": `po4-${id}`,
      amount: "40.00",
      currency: "USD",
      order_desc: "Refund to card",
      credit_card_number: "4111111111111111",
      card_printed_name: "JOHN SMITH",
      expire_month: "12",
      expire_year: "2030",
    });
    expect(v4.error).toBeUndefined();
    expect(await departures()).toEqual([]);
  });

  it("when-the-reply-is-lost and lost-follow-up-replies: status by client_orderid, an unknown order, the transactions report give no departure", async () => {
    expect((await gateway.statusByClientOrderId(`pay-${id}`)).error).toBeUndefined();
    expect((await gateway.statusByClientOrderId(`never-sent-${id}`)).error).toBeDefined();
    const report = await gateway.transactionReport({
      createdFromDate: new Date(Date.now() - 3_600_000),
      createdToDate: new Date(Date.now() + 60_000),
    });
    expect(report.error).toBeUndefined();
    expect(report.data?.length).toBeGreaterThan(0);
    expect(await departures()).toEqual([]);
  });

  it("every operation's signed spec example, answered or refused by the sandbox, gives no departure", async () => {
    const entries: readonly OperationEntry[] = Object.values(operationTable);
    for (const entry of entries) {
      const post = bundledSpec.paths[entry.path]?.post as
        | {
            requestBody?: {
              content?: Record<string, { examples?: Record<string, { value?: Record<string, unknown> }> }>;
            };
          }
        | undefined;
      const value =
        Object.values(post?.requestBody?.content?.["application/x-www-form-urlencoded"]?.examples ?? {})[0]?.value ??
        {};
      const body: Record<string, string> = {};
      for (const [name, field] of Object.entries(value)) if (name !== "control") body[name] = String(field);
      const url = `${proxy.url}${entry.path.replace("{endpointId}", "1111")}`;
      const headers: Record<string, string> = {
        accept: "application/vnd.pay+json",
        "content-type": "application/x-www-form-urlencoded",
      };
      const { scheme } = entry.signature;
      if (scheme === "control")
        body["control"] = await controlFor(sandbox, entry.path as keyof typeof operationTable, body);
      else if (scheme !== "none") {
        const secrets =
          scheme === "oauth-rsa-sha256" ? { privateKey: sandbox.privateKeyPem } : { controlKey: sandbox.controlKey };
        headers["authorization"] = (
          await signOAuth(
            { scheme, consumerKey: sandbox.login, ...secrets },
            { method: "POST", url, body: new URLSearchParams(body) },
          )
        ).authorization;
      }
      const response = await fetch(url, { method: "POST", headers, body: new URLSearchParams(body) });
      expect([200, 400]).toContain(response.status);
      await response.arrayBuffer();
    }
    expect(await departures()).toEqual([]);
  });

  it("reports what the sandbox's replies confirm of the spec's assumptions as evidence, not as departures", async () => {
    await proxy.settled();
    const evidence = proxy.findings().filter((f) => f.kind === "evidence");
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence.every((f) => f.rule === "assumption-confirmed" && f.assumption?.startsWith("#/") === true)).toBe(
      true,
    );
  });
});

describe("the validation proxy in front of a sandbox with classic replies", () => {
  it("checks classic text replies (no Accept header) and finds no departure", async () => {
    const classic = await startSandbox({ classicReplies: true, latencyMs: 10 });
    const front = await startProxy({ upstream: classic.url, controlKey: classic.controlKey });
    try {
      const body = paymentBody(`classic-${id}`);
      const entry = operationTable["/api/v2/sale/{endpointId}"];
      const signed = { ...body, control: await controlFor(classic, entry.path, body) };
      const sale = await fetch(`${front.url}/api/v2/sale/${classic.endpointId}`, {
        method: "POST",
        body: new URLSearchParams(signed),
      });
      expect(await sale.text()).toContain("type=async-response");
      const refused = await fetch(`${front.url}/api/v2/sale/${classic.endpointId}`, {
        method: "POST",
        body: new URLSearchParams(body),
      });
      expect(await refused.text()).toContain("type=validation-error");
      await front.settled();
      const departed = front.findings().filter((f) => f.kind === "departure");
      // The unsigned request is the shop's departure, not the gateway's: only it is reported.
      expect(departed.map((f) => `${f.direction} ${f.rule}`)).toEqual(["request request-field"]);
    } finally {
      await front.close();
      await classic.close();
    }
  });
});
