import { describe, expect, it } from "vitest";
import { dataOf, eventually, fixtureForFile, orderId, paymentBody } from "./sandbox-fixture.testlib.js";

const f = fixtureForFile();

/** A card reference made from an account verification (CVV2 123: approved, no money moved). */
async function cardRefOf(card: string, expiry = { expire_month: "12", expire_year: "2030" }): Promise<string> {
  const { amount: _amount, currency: _currency, ...verification } = paymentBody(orderId("av"), card);
  const ack = dataOf(await f.gateway.accountVerification({ ...verification, ...expiry }));
  const order = { client_orderid: verification.client_orderid, orderid: ack["paynet-order-id"] };
  expect(dataOf(await f.gateway.waitForFinalStatus(order)).status).toBe("approved");
  return dataOf(await f.gateway.createCardRef(order))["card-ref-id"];
}

/** The status the order reaches: final, or `unknown` once the sandbox has decided it stays so. */
async function settledStatus(id: string, orderid: string) {
  let reply = dataOf(await f.gateway.status({ client_orderid: id, orderid }));
  await eventually(async () => {
    reply = dataOf(await f.gateway.status({ client_orderid: id, orderid }));
    return reply.status !== "processing";
  });
  return reply;
}

async function transferToRef(cardRefId: string) {
  const id = orderId("tr");
  const ack = dataOf(
    await f.gateway.transferByRef({
      "client-order-id": id,
      amount: "20.00",
      currency: "USD",
      "destination-card-ref-id": cardRefId,
    }),
  );
  return settledStatus(id, ack["paynet-order-id"]);
}

async function cardPayoutV2(card: string) {
  const id = orderId("po2");
  const ack = dataOf(
    await f.gateway.payout({ client_orderid: id, amount: "20.00", currency: "USD", "destination-card-no": card }),
  );
  return settledStatus(id, ack["paynet-order-id"]);
}

async function bankPayouts(account: string) {
  const v2 = orderId("bank2");
  const v2Ack = dataOf(
    await f.gateway.payout({
      client_orderid: v2,
      amount: "150.00",
      currency: "EUR",
      account_number: account,
      bank_name: "Example Bank",
      bic: "COBADEFFXXX",
    }),
  );
  const v4 = orderId("bank4");
  const v4Ack = dataOf(
    await f.gateway.payoutV4({
      "client-order-id": v4,
      amount: "150.00",
      currency: "EUR",
      account_number: account,
      bank_name: "Example Bank",
    }),
  );
  return Promise.all([settledStatus(v2, v2Ack["paynet-order-id"]), settledStatus(v4, v4Ack["paynet-order-id"])]);
}

describe("payout test values", () => {
  it.each([
    ["4000000000101016", "declined", "Expired card", 54],
    ["4000000000101198", "declined", "Transaction not permitted to cardholder", 57],
    ["4000000000102170", "unknown", "Acquirer network problem: status unknown", 91],
  ] as const)(
    "a transfer to the reference of card %s ends %s (%s), its verification approved",
    async (card, status, reason, code) => {
      const reply = await transferToRef(await cardRefOf(card));
      expect(reply).toMatchObject({ status, "error-message": reason, "error-code": code });
    },
  );

  it.each([
    ["4000000000101016", "declined", 54],
    ["4000000000102170", "unknown", 91],
    ["4000000000000002", "declined", 100],
    ["5555555555554444", "approved", undefined],
  ] as const)("a payout to card number %s ends %s", async (card, status, code) => {
    const reply = await cardPayoutV2(card);
    expect(reply.status).toBe(status);
    expect(reply["error-code"]).toBe(code);
  });

  it("a rebill of a stored card that has since expired (4000000000101016) declines as an expired card", async () => {
    const cardrefid = await cardRefOf("4000000000101016");
    const id = orderId("rebill");
    const ack = dataOf(
      await f.gateway.makeRebill({
        client_orderid: id,
        cardrefid,
        amount: "7.50",
        currency: "USD",
        order_desc: "Refill",
        ipaddress: "65.153.12.232",
      }),
    );
    expect(await settledStatus(id, ack["paynet-order-id"])).toMatchObject({
      status: "declined",
      "error-message": "Expired card",
    });
  });

  it("does not read the expiry date: a card that expired in 01/2020 is approved with CVV2 123, as the documented gateway's test values say", async () => {
    const reply = await transferToRef(await cardRefOf("4111111111111111", { expire_month: "01", expire_year: "2020" }));
    expect(reply.status).toBe("approved");
  });

  it.each([
    ["0000000014", "declined", "Invalid account number", 14],
    ["0000000057", "declined", "Transaction not permitted: account closed", 57],
    ["0000000091", "unknown", "Recipient's bank did not answer: status unknown", 91],
  ] as const)("a v2 and a v4 payout to bank account %s end %s (%s)", async (account, status, reason, code) => {
    for (const reply of await bankPayouts(account))
      expect(reply).toMatchObject({ status, "error-message": reason, "error-code": code });
  });

  it("approves a bank payout to any other account, 0000000000 included", async () => {
    for (const reply of await bankPayouts("0000000000")) expect(reply.status).toBe("approved");
  });

  it("holds a payout-check to a declining account until payout-pay, which then declines", async () => {
    const id = orderId("chk");
    const ack = dataOf(
      await f.gateway.payoutCheck({
        "client-order-id": id,
        amount: "1500.00",
        currency: "EUR",
        order_desc: "Seller settlement",
        account_number: "0000000057",
        bank_name: "Example Bank",
      }),
    );
    const registered = { client_orderid: id, orderid: ack["paynet-order-id"] };
    expect(dataOf(await f.gateway.status(registered)).status).toBe("processing");
    dataOf(await f.gateway.payoutPay({ ...registered, login: f.sandbox.login }));
    expect(await settledStatus(id, registered.orderid)).toMatchObject({ status: "declined", "error-code": 57 });
  });
});

describe("v4 payout callbacks", () => {
  it("sends the outcome of a v4 payout to its server_callback_url, which the published docs list", async () => {
    const id = orderId("po4cb");
    dataOf(
      await f.gateway.payoutV4({
        "client-order-id": id,
        amount: "150.00",
        currency: "EUR",
        account_number: "0000000014",
        bank_name: "Example Bank",
        server_callback_url: `${f.shop.url}/cb/${id}`,
      }),
    );
    await eventually(() => f.shop.requests.some((r) => r.url.startsWith(`/cb/${id}?`)));
    const callback = f.shop.requests.find((r) => r.url.startsWith(`/cb/${id}?`));
    expect(new URL(callback?.url ?? "", f.shop.url).searchParams.get("status")).toBe("declined");
  });
});
