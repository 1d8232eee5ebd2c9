import { createGateway, SigningError, UsageError } from "@card-processing/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { PAY_JSON, sendRaw, signedSaleBody } from "./raw-sale.testlib.js";
import { customerFields, dataOf, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 20, settleDelayMs: Infinity, endpointGroupIds: [42] });
});
afterAll(() => sandbox.close());

/** A gateway on endpoint group `group` of the sandbox, recording the address of every request it sends. */
function groupGateway(group: number) {
  const sent: string[] = [];
  const gateway = createGateway({
    baseUrl: sandbox.url,
    endpointGroupId: group,
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    privateKey: sandbox.privateKeyPem,
    polling: { firstDelayMs: [10, 20], giveUpAfterUnchangedMs: 5_000 },
    fetch: (request) => {
      sent.push(new URL(request.url).pathname);
      return fetch(request);
    },
  });
  return { gateway, sent };
}

describe("a gateway created with endpointGroupId against the sandbox", () => {
  it("sends a sale to /paynet/api/v2/sale/group/42, once, and the order ends approved", async () => {
    const { gateway, sent } = groupGateway(42);
    const id = orderId("grp");
    const ack = dataOf(await gateway.sale(paymentBody(id)));
    expect(sent).toEqual(["/paynet/api/v2/sale/group/42"]);
    // The sandbox has no endpoints inside a group: the order is the group's own.
    expect(ack["end-point-id"]).toBe(42);
    const final = dataOf(await gateway.waitForFinalStatus({ client_orderid: id, orderid: ack["paynet-order-id"] }));
    expect(final.status).toBe("approved");
    expect(sent.slice(1).every((path) => path === "/paynet/api/v2/status/group/42")).toBe(true);
    expect(sandbox.requests({ client_orderid: id, operation: "sale" }).map((r) => r.endpoint_id)).toEqual(["42"]);
  });

  it("captures a preauthorization made through the group, through the group", async () => {
    const { gateway } = groupGateway(42);
    const id = orderId("grpcap");
    const ack = dataOf(await gateway.preauth(paymentBody(id)));
    const order = { client_orderid: id, orderid: ack["paynet-order-id"] };
    expect(dataOf(await gateway.waitForFinalStatus(order)).status).toBe("approved");
    dataOf(await gateway.capture(order));
    expect(sandbox.requests({ client_orderid: id, operation: "capture" })).toHaveLength(1);
  });

  it("reads a group's order with v4 status and starts a v4 transfer-form, both at their group addresses", async () => {
    const { gateway, sent } = groupGateway(42);
    const id = orderId("grpv4");
    const ack = dataOf(await gateway.sale(paymentBody(id)));
    const order = { client_orderid: id, orderid: ack["paynet-order-id"] };
    expect(dataOf(await gateway.waitForFinalStatus(order)).status).toBe("approved");
    sent.length = 0;
    const v4 = dataOf(await gateway.statusV4({ login: sandbox.login, ...order }));
    expect(v4).toMatchObject({ status: "approved", "merchant-order-id": id });
    const form = orderId("grptf4");
    const redirect = dataOf(
      await gateway.transferFormV4({
        client_orderid: form,
        amount: "5.00",
        currency: "USD",
        ipaddress: "65.153.12.232",
      }),
    );
    expect(redirect["redirect-url"]).toBeTruthy();
    expect(sent).toEqual(["/paynet/api/v4/status/group/42", "/paynet/api/v4/transfer-form/group/42"]);
    expect(sandbox.requests({ client_orderid: form, operation: "transferFormV4" }).map((r) => r.endpoint_id)).toEqual([
      "42",
    ]);
  });

  it("is refused as the gateway refuses an unknown endpoint, for a group the sandbox does not have", async () => {
    const { gateway } = groupGateway(43);
    const id = orderId("grp43");
    const { error } = await gateway.sale(paymentBody(id));
    expect(error?.message).toContain("unknown endpoint group 43");
    // Refused at the address, before the body is read: no order, nothing recorded.
    expect(sandbox.requests({ client_orderid: id })).toHaveLength(0);
    expect(sandbox.orders({ q: id }).orders).toHaveLength(0);
  });

  it("refuses, before sending, an operation whose page lists no group address", async () => {
    const { gateway, sent } = groupGateway(42);
    const upload = { "client-order-id": "X-1", orderid: "1000001", cRes: "eyJhIjoxfQ" };
    await expect(gateway.uploadCresResult(upload)).rejects.toThrow(UsageError);
    await expect(gateway.uploadCresResult(upload)).rejects.toThrow(/uploadCresResult has no endpoint group address/);
    expect(sent).toEqual([]);
  });

  it("refuses, before sending, the added commands whose pages list the endpoint address only", async () => {
    const { gateway, sent } = groupGateway(42);
    await expect(gateway.authCash(paymentBody(orderId("grpcash")))).rejects.toThrow(
      /authCash has no endpoint group address/,
    );
    const recurring = { "client-orderid": orderId("grprp"), "recurring-payment-id": "3000001", amount: "9.99" };
    await expect(gateway.processRecurringPaymentV4(recurring)).rejects.toThrow(
      /processRecurringPaymentV4 has no endpoint group address/,
    );
    expect(sent).toEqual([]);
  });

  it("refuses a PHP-library-only command at a group address as an unknown path", async () => {
    // The PHP library with end_point_group sends sync account-verification to sync/account-verification/group/<id>;
    // no page lists that address, so the sandbox serves it at the endpoint address only.
    const reply = await sendRaw(`${sandbox.url}/api/v2/sync/account-verification/group/42`, {
      headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_orderid: orderId("grpsync") }).toString(),
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)["error-message"]).toBe(
      "unknown operation: no API path /api/v2/sync/account-verification/group/42",
    );
    expect(sandbox.requests({ operation: "syncAccountVerification" })).toHaveLength(0);
  });
});

describe("the control of a request at a group address", () => {
  const address = () => `${sandbox.url}/api/v2/sale/group/42`;
  const send = (body: Record<string, string>) =>
    sendRaw(address(), {
      headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body).toString(),
    });

  it("verifies when computed over the endpoint group id (node:crypto, not the SDK)", async () => {
    const id = orderId("grpctl");
    const reply = await send(signedSaleBody({ endpointId: "42", controlKey: sandbox.controlKey }, id));
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toMatchObject({ type: "async-response", "merchant-order-id": id });
  });

  it("is refused when computed over an endpoint id instead", async () => {
    const id = orderId("grpbad");
    const reply = await send(signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, id));
    expect(JSON.parse(reply.text)).toMatchObject({ type: "validation-error" });
    expect(JSON.parse(reply.text)["error-message"]).toMatch(/control/i);
  });
});

describe("fields the spec requires by condition, checked before sending", () => {
  const gateway = () =>
    createGateway({
      baseUrl: sandbox.url,
      endpointId: 1111,
      login: sandbox.login,
      controlKey: sandbox.controlKey,
    });

  it("refuses a sale-form to the US without state, naming it, and sends nothing", async () => {
    const id = orderId("nostate");
    const { state: _, ...body } = customerFields(id);
    const call = gateway().saleForm(body as never);
    await expect(call).rejects.toThrow(SigningError);
    await expect(gateway().saleForm(body as never)).rejects.toThrow("saleForm: state: required when country is US");
    expect(sandbox.requests({ client_orderid: id })).toHaveLength(0);
  });

  it("sends a sale-form to Germany without state", async () => {
    const id = orderId("destate");
    const { state: _, ...body } = customerFields(id);
    dataOf(await gateway().saleForm({ ...body, country: "DE" } as never));
    expect(sandbox.requests({ client_orderid: id })).toHaveLength(1);
  });

  it("refuses a lowercase currency before sending, as the sandbox refuses it", async () => {
    const id = orderId("lower");
    const error = await gateway()
      .sale({ ...paymentBody(id), currency: "usd" })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(SigningError);
    expect((error as SigningError).code).toBe("ERR_FIELD_INVALID");
    expect((error as SigningError).message).toContain("sale: currency: expected ISO 4217");
    expect(sandbox.requests({ client_orderid: id })).toHaveLength(0);
    // The sandbox refuses the same body by the same rule of the spec.
    const raw = await sendRaw(`${sandbox.url}/api/v2/sale/1111`, {
      headers: { accept: PAY_JSON, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(
        signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, id, { currency: "usd" }),
      ).toString(),
    });
    expect(JSON.parse(raw.text)["error-message"]).toContain("currency");
  });
});
