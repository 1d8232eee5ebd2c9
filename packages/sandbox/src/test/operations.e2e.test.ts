import { type OperationId, operationTable } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { encodeAuthenticationResponse } from "../engine/decisions/three-ds-result.js";
import { replySchemaErrors } from "./reply-schemas.testlib.js";
import { customerFields, dataOf, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const f = fixtureForFile();
const served = new Set<string>();

/** Calls a gateway method, checks the 200 reply against its spec schema and records the operation as served. */
async function call<Id extends OperationId>(id: Id, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const method = f.gateway[id] as unknown as (b: unknown) => Promise<{ data?: unknown; error?: { message: string } }>;
  const reply = dataOf(await method(body)) as Record<string, unknown>;
  expect(replySchemaErrors(id, reply), `${id} reply matches its schema`).toEqual([]);
  served.add(id);
  return reply;
}

async function finalStatus(clientOrderId: string, orderid: string) {
  const result = dataOf(await f.gateway.waitForFinalStatus({ client_orderid: clientOrderId, orderid }));
  served.add("status");
  return result;
}

async function approvedSale(card = "4111111111111111") {
  const id = orderId("sale");
  const reply = await call("sale", paymentBody(id, card));
  const orderid = String(reply["paynet-order-id"]);
  expect((await finalStatus(id, orderid)).status).toBe("approved");
  return { id, orderid };
}

describe("every operation through the real client and signing packages", () => {
  it("takes a sale from processing to approved and finds it by client_orderid", async () => {
    const id = orderId("sale");
    const ack = await call("sale", paymentBody(id));
    expect(ack).toMatchObject({ type: "async-response", status: "processing", "merchant-order-id": id });
    const final = await finalStatus(id, String(ack["paynet-order-id"]));
    expect(final).toMatchObject({ status: "approved", amount: "10.42", currency: "USD", "last-four-digits": "1111" });
    const byClientId = dataOf(await f.gateway.statusByClientOrderId(id));
    expect(byClientId["paynet-order-id"]).toBe(String(ack["paynet-order-id"]));
  });

  // Before any test of this file moves money in a second currency: get-balance refuses an endpoint holding two.
  it("reads the endpoint's balance, a list, after the approved sale above", async () => {
    const balances = (await call("getBalance", { "balance-provider": "Test" })) as unknown as unknown[];
    expect(balances).toHaveLength(1);
    expect(balances[0]).toEqual({ "balance-amount": expect.any(Number) });
    expect((balances[0] as { "balance-amount": number })["balance-amount"]).toBeGreaterThan(0);
  });

  it("declines and errors by test card", async () => {
    const declined = orderId("dec");
    const a = await call("sale", paymentBody(declined, "4000000000000002"));
    expect((await finalStatus(declined, String(a["paynet-order-id"]))).status).toBe("declined");
    const failed = orderId("err");
    const b = await call("preauth", paymentBody(failed, "4000000000000119"));
    expect((await finalStatus(failed, String(b["paynet-order-id"]))).status).toBe("error");
  });

  it("captures part of a preauth, returns part of the capture, and voids another sale", async () => {
    const id = orderId("pre");
    const ack = await call("preauth", paymentBody(id, "5555555555554444", "20.00"));
    const orderid = String(ack["paynet-order-id"]);
    await finalStatus(id, orderid);
    await call("capture", { client_orderid: id, orderid, amount: "15.00", currency: "USD" });
    expect((await finalStatus(id, orderid)).status).toBe("approved");
    await call("return", { client_orderid: id, orderid, amount: "5.00", currency: "USD", comment: "one item back" });
    expect((await finalStatus(id, orderid)).status).toBe("approved");
    const sale = await approvedSale();
    await call("void", { client_orderid: sale.id, orderid: sale.orderid, comment: "Customer cancelled" });
    expect((await finalStatus(sale.id, sale.orderid)).status).toBe("approved");
  });

  it("verifies an account, stores the card, reads masked card info and rebills it", async () => {
    const id = orderId("av");
    const { amount: _amount, currency: _currency, ...fields } = paymentBody(id);
    const ack = await call("accountVerification", fields);
    const orderid = String(ack["paynet-order-id"]);
    expect((await finalStatus(id, orderid)).status).toBe("approved");
    const ref = await call("createCardRef", { client_orderid: id, orderid });
    const cardRefId = String(ref["card-ref-id"]);
    const info = await call("getCardInfo", { cardrefid: cardRefId });
    expect(info).toMatchObject({ bin: "411111", "last-four-digits": "1111", "card-printed-name": "JOHN SMITH" });
    expect(JSON.stringify(info)).not.toContain("4111111111111111");
    const rebillId = orderId("rebill");
    const rebill = await call("makeRebill", {
      client_orderid: rebillId,
      cardrefid: cardRefId,
      amount: "3.99",
      currency: "USD",
      order_desc: "Monthly plan",
      ipaddress: "65.153.12.232",
    });
    expect((await finalStatus(rebillId, String(rebill["paynet-order-id"]))).status).toBe("approved");
    for (const id of ["makeRebillSale", "makeRebillPreauth"] as const) {
      const documentedId = orderId(id);
      const documented = await call(id, {
        client_orderid: documentedId,
        cardrefid: cardRefId,
        amount: "3.99",
        currency: "USD",
        order_desc: "Monthly plan",
        ipaddress: "65.153.12.232",
      });
      expect((await finalStatus(documentedId, String(documented["paynet-order-id"]))).status).toBe("approved");
    }
    const eligibility = await call("panEligibilitySend", {
      "client-order-id": orderId("pan"),
      "sending-card-ref-id": cardRefId,
    });
    expect(eligibility["status"]).toBe("approved");
  });

  it("creates a v4 card reference signed with RSA-SHA256", async () => {
    const sale = await approvedSale();
    const ref = await call("createCardRefV4", {
      client_orderid: sale.id,
      orderid: sale.orderid,
      login: f.sandbox.login,
    });
    expect(String(ref["card-ref-id"])).toMatch(/^CR[0-9A-F]{16}$/);
  });

  it("answers every hosted-page operation with a page the sandbox serves", async () => {
    const forms = [
      ["saleForm", customerFields(orderId("sf"))],
      ["preauthForm", customerFields(orderId("pf"))],
      ["paymentForm", customerFields(orderId("pay"))],
      ["accountVerificationForm", (({ amount: _a, currency: _c, ...rest }) => rest)(customerFields(orderId("avf")))],
      [
        "payoutForm",
        {
          client_orderid: orderId("pof"),
          amount: "7.00",
          currency: "EUR",
          redirect_url: "https://shop.example.com/return",
        },
      ],
    ] as const;
    for (const [id, body] of forms) {
      const reply = await call(id, body);
      expect(reply["type"]).toBe("async-form-response");
      const page = await fetch(String(reply["redirect-url"]));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<form");
    }
  });

  it("continues 3-D Secure 2 by method-URL and CRes uploads, and 3-D Secure 1.0.2 by PaRes", async () => {
    const id = orderId("3ds2");
    const ack = await call("sale", paymentBody(id, "4000000000003220"));
    const orderid = String(ack["paynet-order-id"]);
    const pending = dataOf(await f.gateway.status({ client_orderid: id, orderid }));
    expect(pending.status).toBe("processing");
    expect(pending["redirect-url"]).toContain("/paynet/acs/");
    expect(pending.html).toContain("<form");
    await call("uploadMethodUrlResult", { "client-order-id": id, orderid, threeDSCompInd: "Y" });
    await call("uploadCresResult", {
      "client-order-id": id,
      orderid,
      cRes: encodeAuthenticationResponse("Y", orderid),
    });
    const final = await finalStatus(id, orderid);
    expect(final).toMatchObject({ status: "approved", "three-ds-result": "AUTHENTICATED" });

    const id1 = orderId("3ds1");
    const ack1 = await call("sale", paymentBody(id1, "4000000000003063"));
    const orderid1 = String(ack1["paynet-order-id"]);
    const pares = Buffer.from(JSON.stringify({ transStatus: "N" })).toString("base64");
    await call("uploadParesResult", { "client-order-id": id1, orderid: orderid1, paRes: pares });
    expect(await finalStatus(id1, orderid1)).toMatchObject({
      status: "declined",
      "three-ds-result": "NOT_AUTHENTICATED",
    });
  });

  it("pays out by HMAC (v2), by RSA (v4) and in two steps (check, then pay)", async () => {
    const v2 = orderId("po");
    const a = await call("payout", {
      client_orderid: v2,
      amount: "12.50",
      currency: "USD",
      "destination-card-no": "4111111111111111",
    });
    expect((await finalStatus(v2, String(a["paynet-order-id"]))).status).toBe("approved");
    const v4 = orderId("po4");
    const b = await call("payoutV4", {
      "client-order-id": v4,
      amount: "8.00",
      currency: "EUR",
      order_desc: "Refund of deposit",
      account_number: "DE89370400440532013000",
      bank_name: "Sandbox Bank",
    });
    expect((await finalStatus(v4, String(b["paynet-order-id"]))).status).toBe("approved");
    const two = orderId("chk");
    const check = await call("payoutCheck", {
      "client-order-id": two,
      amount: "9.00",
      currency: "EUR",
      order_desc: "Winnings",
      account_number: "DE89370400440532013000",
      bank_name: "Sandbox Bank",
    });
    const orderid = String(check["paynet-order-id"]);
    expect(dataOf(await f.gateway.status({ client_orderid: two, orderid })).status).toBe("processing");
    await call("payoutPay", { client_orderid: two, orderid, login: f.sandbox.login });
    expect((await finalStatus(two, orderid)).status).toBe("approved");
  });

  it("creates a v4 recurring payment and transfers from it and by reference", async () => {
    const rp = await call("createRecurringPaymentV4", {
      rp_card_type: "SRC",
      "client-orderid": orderId("rp"),
      order_desc: "Monthly plan",
      amount: "4.99",
      currency: "USD",
      period: "month",
      interval: 1,
      "card-printed-name": "JOHN SMITH",
      "credit-card-number": "5555555555554444",
      "expire-month": "12",
      "expire-year": "2030",
      "first-name": "John",
      "last-name": "Smith",
      email: "john.smith@example.com",
      address1: "100 Main st",
      city: "Seattle",
      "zip-code": "98102",
      country: "US",
    });
    const recurringId = String(rp["recurring-payment-id"]);
    expect(recurringId).toMatch(/^[0-9]+$/);
    const t = orderId("tr");
    const transfer = await call("transfer", {
      client_orderid: t,
      amount: "2.00",
      currency: "USD",
      order_desc: "Card to card",
      ipaddress: "65.153.12.232",
      card_recurring_payment_id: recurringId,
      "destination-card-no": "4111111111111111",
    });
    expect((await finalStatus(t, String(transfer["paynet-order-id"]))).status).toBe("approved");
    const r = orderId("tbr");
    const byRef = await call("transferByRef", {
      "client-order-id": r,
      amount: "1.00",
      currency: "USD",
      order_desc: "To a card",
      "destination-card-no": "4000000000000002",
    });
    expect((await finalStatus(r, String(byRef["paynet-order-id"]))).status).toBe("declined");
  });

  it("serves the commands of the published API commands index and of the PHP library (issue #43)", async () => {
    const { amount: _a, currency: _c, ...verification } = paymentBody(orderId("sav"));
    const sync = await call("syncAccountVerification", verification);
    expect(sync).toMatchObject({
      type: "status-response",
      status: "approved",
      bin: "411111",
      "last-four-digits": "1111",
    });
    const stored = await call("getCardInfo", { cardrefid: String(sync["card-ref-id"]) });
    expect(stored["card-printed-name"]).toBe("JOHN SMITH");
    const { amount: _da, currency: _dc, ...declining } = { ...paymentBody(orderId("sav-no")), cvv2: "116" };
    const refused = await call("syncAccountVerification", declining);
    expect(refused).toMatchObject({ status: "declined" });
    expect(refused["card-ref-id"]).toBeUndefined();
    await call("authCash", paymentBody(orderId("cash")));

    const sale = await approvedSale();
    const v4 = await call("statusV4", { login: f.sandbox.login, client_orderid: sale.id, orderid: sale.orderid });
    expect(v4).toMatchObject({ status: "approved", "paynet-order-id": sale.orderid, "merchant-order-id": sale.id });
    const cardRefId = String(
      (await call("createCardRef", { client_orderid: sale.id, orderid: sale.orderid }))["card-ref-id"],
    );

    const t = orderId("tbr2");
    const transfer = await call("transferByRefV2", {
      client_orderid: t,
      amount: "3.00",
      currency: "USD",
      ipaddress: "65.153.12.232",
      "destination-card-ref-id": cardRefId,
    });
    expect((await finalStatus(t, String(transfer["paynet-order-id"]))).status).toBe("approved");
    const p = orderId("pbr");
    const payout = await call("payoutByRef", {
      client_orderid: p,
      amount: "4.00",
      currency: "USD",
      "destination-card-ref-id": cardRefId,
    });
    expect((await finalStatus(p, String(payout["paynet-order-id"]))).status).toBe("approved");

    const forms = [
      ["transferForm", customerFields(orderId("tf"))],
      [
        "transferFormV4",
        { client_orderid: orderId("tf4"), amount: "5.00", currency: "USD", ipaddress: "65.153.12.232" },
      ],
    ] as const;
    for (const [id, body] of forms) {
      const reply = await call(id, body);
      const page = await fetch(String(reply["redirect-url"]));
      expect(page.status).toBe(200);
    }

    const recurring = { "client-orderid": orderId("rp"), "recurring-payment-id": "3000001" };
    await call("processRecurringPaymentV4", { ...recurring, amount: "9.99" });
    await call("updateRecurringPaymentV4", { ...recurring, amount: "12.99" });
    const payload = "client-orderid,recurring-payment-id,amount\nRP-1,3000001,9.99";
    for (const id of ["createRecurringPaymentsV4", "processRecurringPaymentsV4", "updateRecurringPaymentsV4"] as const)
      await call(id, { payload });
  });

  it("served all operations of the operation table", () => {
    const all = Object.values(operationTable)
      .map((entry) => entry.operationId)
      .sort();
    expect(all.length).toBeGreaterThan(0);
    expect([...served].sort()).toEqual(all);
  });
});
