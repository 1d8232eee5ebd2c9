import { signOAuth, signRequest } from "@card-processing/signing";
import { type operationTable, operationTable as table } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { controlFor } from "./request-signing.testlib.js";
import {
  approvedOrder,
  customerFields,
  dataOf,
  fixtureForFile,
  orderId,
  paymentBody,
} from "./sandbox-fixture.testlib.js";

// Issue #19: the sandbox accepts and refuses what the gateway's published docs say it does. The
// rules come from the spec (its description lists each change, with the docs page it follows).

const f = fixtureForFile();

type Path = keyof typeof operationTable;

/** Posts a control-signed body as the JSON form, unchecked by the client, and returns the reply. */
async function post(
  path: Path,
  body: Record<string, string>,
): Promise<{ status: number; reply: Record<string, unknown> }> {
  const control = await controlFor(f.sandbox, path, body);
  const response = await fetch(f.sandbox.url + path.replace("{endpointId}", "1111"), {
    method: "POST",
    headers: { accept: "application/vnd.pay+json", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...body, control }),
  });
  return { status: response.status, reply: (await response.json()) as Record<string, unknown> };
}

async function refusalOf(
  result: Promise<{ data?: unknown; error?: { message: string } | undefined }>,
): Promise<string> {
  const { error } = await result;
  if (error === undefined) throw new Error("expected a refusal");
  return error.message;
}

const withoutAmount = (id: string) => {
  const { amount: _amount, currency: _currency, ...fields } = paymentBody(id);
  return fields;
};

describe("the sandbox against the published docs", () => {
  it("refuses a void without a comment or with one over 50 characters, and voids with one", async () => {
    const order = await approvedOrder(f.gateway);
    const missing = await post("/api/v2/void/{endpointId}", { login: f.sandbox.login, ...order });
    expect(missing.status).toBe(400);
    expect(String(missing.reply["error-message"])).toContain("comment");
    const long = await post("/api/v2/void/{endpointId}", { login: f.sandbox.login, ...order, comment: "x".repeat(51) });
    expect(String(long.reply["error-message"])).toContain("comment");
    dataOf(await f.gateway.void({ ...order, comment: "Customer cancelled" }));
  });

  it("takes an order_desc of 2000 characters on a sale, and still caps a preauth's at 125", async () => {
    dataOf(await f.gateway.sale({ ...paymentBody(orderId("desc")), order_desc: "d".repeat(2000) }));
    const message = await refusalOf(
      f.gateway.preauth({ ...paymentBody(orderId("desc")), order_desc: "d".repeat(126) }),
    );
    expect(message).toContain("order_desc");
  });

  it("takes an order_desc of 2000 characters on auth-cash, whose page gives it 64k, not preauth's 125", async () => {
    dataOf(await f.gateway.authCash({ ...paymentBody(orderId("cash")), order_desc: "d".repeat(2000) }));
    const raw = await post("/api/v2/auth-cash/{endpointId}", {
      ...paymentBody(orderId("cash")),
      order_desc: "e".repeat(500),
    });
    expect(raw.status).toBe(200);
    expect(raw.reply["type"]).toBe("async-response");
    const message = await refusalOf(
      f.gateway.authCash({ ...paymentBody(orderId("cash")), order_desc: "d".repeat(65_536) }),
    );
    expect(message).toContain("order_desc");
  });

  it("takes threeDSServerTransID and browserIP in the method result and refuses them past their lengths", async () => {
    const base = {
      login: f.sandbox.login,
      "client-order-id": "none",
      orderid: "1",
      threeDSCompInd: "Y",
      browserIP: "203.0.113.7",
    };
    const tooLong = await post("/api/3ds/v1/upload-method-url-result/{endpointId}", {
      ...base,
      threeDSServerTransID: "a".repeat(37),
    });
    expect(String(tooLong.reply["error-message"])).toContain("threeDSServerTransID");
    const fits = await post("/api/3ds/v1/upload-method-url-result/{endpointId}", {
      ...base,
      threeDSServerTransID: "8a880dc0-d2d2-4067-bcb1-b08d1690b26e",
    });
    // Schema-valid: refused only because the order does not exist.
    expect(String(fits.reply["error-message"])).not.toMatch(/threeDSServerTransID|browserIP/);
  });

  it("reads the PaRes as paRes and lets md through", async () => {
    const old = await post("/api/3ds/v1/upload-pares-result/{endpointId}", {
      login: f.sandbox.login,
      "client-order-id": "none",
      orderid: "1",
      pares: "YWJj",
    });
    expect(String(old.reply["error-message"])).toContain("paRes");
    const documented = await post("/api/3ds/v1/upload-pares-result/{endpointId}", {
      login: f.sandbox.login,
      "client-order-id": "none",
      orderid: "1",
      paRes: "YWJj",
      md: "BB4A51",
    });
    expect(String(documented.reply["error-message"])).not.toMatch(/paRes|md/);
  });

  it("pays out v4 to a card without order_desc, and refuses a payout with no destination", async () => {
    const id = orderId("po4");
    const card = {
      credit_card_number: "4111111111111111",
      card_printed_name: "JOHN SMITH",
      expire_month: "12",
      expire_year: "2030",
    };
    const ack = dataOf(await f.gateway.payoutV4({ "client-order-id": id, amount: "8.00", currency: "EUR", ...card }));
    expect(ack["paynet-order-id"]).toMatch(/^[0-9]+$/);
    const message = await refusalOf(
      f.gateway.payoutV4({ "client-order-id": orderId("po4"), amount: "8.00", currency: "EUR" } as never),
    );
    expect(message).toMatch(/account_number|credit_card_number|wrong format/);
  });

  it("transfers by reference with destination-card-ref-id or destination-card-no, never neither", async () => {
    dataOf(
      await f.gateway.transferByRef({
        "client-order-id": orderId("tbr"),
        amount: "1.00",
        currency: "USD",
        "destination-card-no": "4111111111111111",
      }),
    );
    const ref = dataOf(await f.gateway.createCardRef(await approvedOrder(f.gateway)));
    dataOf(
      await f.gateway.transferByRef({
        "client-order-id": orderId("tbr"),
        amount: "1.00",
        currency: "USD",
        "destination-card-ref-id": String(ref["card-ref-id"]),
      }),
    );
    const message = await refusalOf(
      f.gateway.transferByRef({ "client-order-id": orderId("tbr"), amount: "1.00", currency: "USD" } as never),
    );
    expect(message).toMatch(/destination-card|wrong format/);
  });

  it("checks PAN eligibility of a card given by number, holder and expiry", async () => {
    const card = {
      "sending-card-number": "4111111111111111",
      "card-printed-name": "JOHN SMITH",
      expire_month: "12",
      expire_year: "2030",
    };
    const eligibility = dataOf(await f.gateway.panEligibilitySend({ "client-order-id": orderId("pan"), ...card }));
    expect(eligibility["status"]).toBe("approved");
    const message = await refusalOf(f.gateway.panEligibilitySend({ "client-order-id": orderId("pan") } as never));
    expect(message).toMatch(/sending-card|wrong format/);
  });

  it("creates a recurring payment on a destination card without payer fields, refuses a source card without them", async () => {
    const common = {
      "client-orderid": orderId("rp"),
      order_desc: "Monthly plan",
      amount: "4.99",
      currency: "USD",
      period: "month",
      interval: 1,
      "credit-card-number": "5555555555554444",
    } as const;
    const dst = dataOf(await f.gateway.createRecurringPaymentV4({ ...common, rp_card_type: "DST" }));
    expect(String(dst["recurring-payment-id"])).toMatch(/^[0-9]+$/);
    // The client reads the same rule from the spec and refuses before sending (issue #43) ...
    const src = { ...common, "client-orderid": orderId("rp"), rp_card_type: "SRC" };
    await expect(f.gateway.createRecurringPaymentV4(src as never)).rejects.toThrow(
      "createRecurringPaymentV4: card-printed-name: required when rp_card_type is SRC",
    );
    expect(f.sandbox.requests({ client_orderid: src["client-orderid"] })).toHaveLength(0);
    // ... and the sandbox refuses it when it is sent all the same.
    const path = "/api/v4/create-recurring-payment/{endpointId}";
    const url = f.sandbox.url + path.replace("{endpointId}", "1111");
    const body = Object.fromEntries(Object.entries(src).map(([name, value]) => [name, String(value)]));
    const signed = await signRequest({
      entry: table[path],
      body,
      url,
      keys: { login: f.sandbox.login, controlKey: f.sandbox.controlKey, privateKey: f.sandbox.privateKeyPem },
    });
    const response = await fetch(url, {
      method: "POST",
      headers: {
        accept: "application/vnd.pay+json",
        "content-type": "application/x-www-form-urlencoded",
        ...signed.headers,
      },
      body: new URLSearchParams({ ...body, ...signed.fields }),
    });
    const refusal = (await response.json()) as Record<string, unknown>;
    expect(String(refusal["error-message"])).toMatch(
      /card-printed-name|expire-month|first-name|missing required field/,
    );
  });

  it("verifies an account without phone or redirect_url, and wants state for the United States", async () => {
    const { phone: _phone, redirect_url: _redirect, state: _state, ...fields } = withoutAmount(orderId("av"));
    dataOf(await f.gateway.accountVerification({ ...fields, state: "WA" }));
    // The sandbox refuses it without state; the client, reading the same rule, refuses it before sending.
    const refused = await post("/api/v2/account-verification/{endpointId}", {
      ...fields,
      client_orderid: orderId("av"),
    });
    expect(String(refused.reply["error-message"])).toContain("state");
    await expect(f.gateway.accountVerification({ ...fields, client_orderid: orderId("av") })).rejects.toThrow(
      "accountVerification: state: required when country is US",
    );
    dataOf(await f.gateway.accountVerification({ ...fields, client_orderid: orderId("av"), country: "DE" }));
  });

  it("refuses an e-mail over 50 characters, an amount over 10 characters and a cardrefid over 20", async () => {
    const email = `${"a".repeat(39)}@example.com`;
    expect(email).toHaveLength(51);
    expect(await refusalOf(f.gateway.sale({ ...paymentBody(orderId("len")), email }))).toContain("email");
    expect(
      await refusalOf(
        f.gateway.sale({
          ...customerFields(orderId("len"), "12345678.90"),
          ...paymentBody(orderId("len"), undefined, "12345678.90"),
        }),
      ),
    ).toContain("amount");
    const info = await post("/api/v2/get-card-info/{endpointId}", {
      login: f.sandbox.login,
      cardrefid: "1".repeat(21),
    });
    expect(String(info.reply["error-message"])).toContain("cardrefid");
  });

  it("takes a v4 payout whose order id is spelt client_orderid, as the current docs write it", async () => {
    const url = `${f.sandbox.url}/api/v4/payout/1111`;
    const id = orderId("po4");
    const params = new URLSearchParams({
      client_orderid: id,
      amount: "2.00",
      currency: "EUR",
      account_number: "DE89370400440532013000",
      bank_name: "Sandbox Bank",
    });
    const { authorization } = await signOAuth(
      { scheme: "oauth-rsa-sha256", consumerKey: f.sandbox.login, privateKey: f.sandbox.privateKeyPem },
      { method: "POST", url, body: params },
    );
    const response = await fetch(url, {
      method: "POST",
      headers: {
        accept: "application/vnd.pay+json",
        "content-type": "application/x-www-form-urlencoded",
        authorization,
      },
      body: params,
    });
    const reply = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(reply["merchant-order-id"]).toBe(id);
  });
});
