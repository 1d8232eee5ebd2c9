import { generateKeyPairSync } from "node:crypto";
import { SigningError } from "@card-processing/signing";
import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, type RecordedRequest, startTestServer, type TestServer } from "../test/test-server.js";
import { createGateway } from "./create-gateway.js";
import { ValidationError } from "./errors/validation-error.js";

// Issue #19: what the client sends and refuses follows the spec read against the gateway's
// published docs.

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const login = "test-merchant";
const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
const privateKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();

async function gatewayRecording(
  seen: RecordedRequest[],
  reply: () => { body: string | object; headers?: Record<string, string> } = () => ({ body: asyncReply() }),
) {
  server = await startTestServer((request) => {
    seen.push(request);
    return reply();
  });
  return createGateway({ baseUrl: server.url, endpointId: 1111, login, controlKey });
}

async function bodyErrorOf(run: () => Promise<unknown>): Promise<SigningError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof SigningError && error.code === "ERR_FIELD_MISSING") return error;
  throw new Error("expected a SigningError ERR_FIELD_MISSING", { cause: error });
}

describe("the client against the published docs", () => {
  it("refuses a void without its comment before sending anything", async () => {
    const seen: RecordedRequest[] = [];
    const gateway = await gatewayRecording(seen);
    const error = await bodyErrorOf(() => gateway.void({ client_orderid: "VD-1", orderid: "1234567" } as never));
    expect(error.field).toBe("comment");
    expect(seen).toHaveLength(0);
  });

  it("sends a void with its comment in the body", async () => {
    const seen: RecordedRequest[] = [];
    const gateway = await gatewayRecording(seen);
    const { error } = await gateway.void({ client_orderid: "VD-2", orderid: "1234567", comment: "Customer cancelled" });
    expect(error).toBeUndefined();
    expect(new URLSearchParams(seen[0]?.body).get("comment")).toBe("Customer cancelled");
  });

  it("sends a v4 payout to a card without order_desc, account_number or bank_name", async () => {
    const seen: RecordedRequest[] = [];
    server = await startTestServer((request) => {
      seen.push(request);
      return { body: asyncReply() };
    });
    const gateway = createGateway({ baseUrl: server.url, endpointId: 1111, login, controlKey, privateKey });
    const { error } = await gateway.payoutV4({
      "client-order-id": "PO4-1",
      amount: "8.00",
      currency: "EUR",
      credit_card_number: "4111111111111111",
      card_printed_name: "JOHN SMITH",
      expire_month: "12",
      expire_year: "2030",
    });
    expect(error).toBeUndefined();
    const body = new URLSearchParams(seen[0]?.body);
    expect(body.has("order_desc")).toBe(false);
    expect(body.get("card_printed_name")).toBe("JOHN SMITH");
  });

  it("refuses a payout-pay without login, which the docs require in the body", async () => {
    const gateway = createGateway({
      baseUrl: "http://127.0.0.1:9/paynet",
      endpointId: 1111,
      login,
      controlKey,
      privateKey,
    });
    const error = await bodyErrorOf(() => gateway.payoutPay({ client_orderid: "PO-1", orderid: "1234610" } as never));
    expect(error.field).toBe("login");
  });

  it("no longer requires phone or redirect_url for an account verification", async () => {
    const seen: RecordedRequest[] = [];
    const gateway = await gatewayRecording(seen);
    const { error } = await gateway.accountVerification({
      client_orderid: "AV-1",
      order_desc: "Card check",
      address1: "100 Main st",
      city: "Seattle",
      state: "WA",
      zip_code: "98102",
      country: "US",
      ipaddress: "65.153.12.232",
      email: "john.smith@example.com",
      card_printed_name: "JOHN SMITH",
      credit_card_number: "4111111111111111",
      expire_month: "12",
      expire_year: "2030",
      cvv2: "123",
    });
    expect(error).toBeUndefined();
    expect(seen).toHaveLength(1);
  });

  it("treats a classic HTTP 200 reply of type validation-error as an error", async () => {
    const seen: RecordedRequest[] = [];
    const classic =
      "type=validation-error\n&serial-number=00000000-0000-0000-0000-000000000001\n&error-message=comment%3A+is+required\n&error-code=1\n";
    const gateway = await gatewayRecording(seen, () => ({
      body: classic,
      headers: { "content-type": "text/html;charset=utf-8" },
    }));
    const { data, error, response } = await gateway.void({ client_orderid: "VD-3", orderid: "1234567", comment: "x" });
    expect(response?.status).toBe(200);
    expect(data).toBeUndefined();
    expect(error).toBeInstanceOf(ValidationError);
  });

  it("has make-rebill-sale and make-rebill-preauth signed like make-rebill", async () => {
    const seen: RecordedRequest[] = [];
    const gateway = await gatewayRecording(seen);
    const body = {
      client_orderid: "RB-1",
      cardrefid: "4726390",
      amount: "10.42",
      currency: "USD",
      order_desc: "Monthly",
      ipaddress: "65.153.12.232",
    };
    await gateway.makeRebill(body);
    await gateway.makeRebillSale(body);
    await gateway.makeRebillPreauth(body);
    const controls = seen.map((request) => new URLSearchParams(request.body).get("control"));
    expect(seen.map((request) => request.path)).toEqual([
      "/paynet/api/v2/make-rebill/1111",
      "/paynet/api/v2/make-rebill-sale/1111",
      "/paynet/api/v2/make-rebill-preauth/1111",
    ]);
    expect(new Set(controls).size).toBe(1);
    expect(controls[0]).toMatch(/^[0-9a-f]{40}$/);
  });
});
