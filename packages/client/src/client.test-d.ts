import type { FinalStatus, OperationId, TransactionStatus } from "@card-processing/types";
import { describe, expectTypeOf, it } from "vitest";
import { createClient } from "./create-client.js";
import { createGateway } from "./create-gateway.js";
import type { GatewayFailure } from "./errors/gateway-result.js";
import type { GatewayOperations } from "./generated/gateway-operations.js";
import { type CardProcessingError, isCardProcessingError, type RequestOutcome, type SigningError } from "./index.js";
import { type NextStep, nextStep } from "./replies/next-step.js";
import type { GatewayBody, GatewayReply } from "./transport/gateway-call.js";

const client = createClient({ baseUrl: "https://sandbox.gateway.example/paynet" });
const gateway = createGateway({
  baseUrl: "https://sandbox.gateway.example/paynet",
  endpointId: 1111,
  login: "m",
  controlKey: "k",
});
const params = { path: { endpointId: 1111 } };
const sale = {
  client_orderid: "902B4FF5",
  order_desc: "Order",
  amount: "10.42",
  currency: "USD",
  address1: "100 Main st",
  city: "Seattle",
  zip_code: "98102",
  country: "US",
  phone: "+12063582043",
  ipaddress: "65.153.12.232",
  email: "john.smith@gmail.com",
  card_printed_name: "JOHN SMITH",
  credit_card_number: "4111111111111111",
  expire_month: "12",
  expire_year: "2030",
  cvv2: "123",
  redirect_url: "https://shop.example.com/return",
};

describe("raw client types", () => {
  it("accepts a sale without control or Accept, which the client and signer supply", () => {
    void client.POST("/api/v2/sale/{endpointId}", { params, body: sale });
  });

  it("refuses a path the spec does not have", () => {
    // @ts-expect-error not an operation of the spec
    void client.POST("/api/v2/refund/{endpointId}", { params, body: sale });
  });

  it("refuses a body field the operation does not have", () => {
    // @ts-expect-error colour is not a field of SaleRequest
    void client.POST("/api/v2/sale/{endpointId}", { params, body: { ...sale, colour: "red" } });
  });

  it("refuses a body without a required field", () => {
    const { email: _email, ...withoutEmail } = sale;
    // @ts-expect-error email is required
    void client.POST("/api/v2/sale/{endpointId}", { params, body: withoutEmail });
  });

  it("requires the endpointId path parameter", () => {
    // @ts-expect-error params.path.endpointId is required
    void client.POST("/api/v2/sale/{endpointId}", { body: sale });
  });

  it("types the reply with paynet-order-id as a string", async () => {
    const { data, error } = await client.POST("/api/v2/status/{endpointId}", {
      params,
      body: { client_orderid: "902B4FF5" },
    });
    expectTypeOf(data?.status).toEqualTypeOf<TransactionStatus | undefined>();
    expectTypeOf(data?.["paynet-order-id"]).toEqualTypeOf<string | undefined>();
    expectTypeOf(error?.type).toEqualTypeOf<"validation-error" | "error" | undefined>();
  });
});

describe("gateway types", () => {
  it("has a method per operation and none other", () => {
    expectTypeOf(gateway).toHaveProperty("makeRebill");
    expectTypeOf(gateway).toHaveProperty("uploadCresResult");
    expectTypeOf(gateway).toHaveProperty("createRecurringPaymentV4");
    // @ts-expect-error no such operation
    void gateway.refund;
  });

  it("names exactly the operations of the spec in the generated interface", () => {
    expectTypeOf<keyof GatewayOperations>().toEqualTypeOf<OperationId>();
  });

  it("leaves login and control to the signer", () => {
    void gateway.capture({ client_orderid: "902B4FF5", orderid: "1234567" });
    expectTypeOf<GatewayBody<"capture">>().not.toHaveProperty("login");
    expectTypeOf<GatewayBody<"capture">>().not.toHaveProperty("control");
    expectTypeOf<GatewayBody<"sale">>().not.toHaveProperty("control");
    expectTypeOf<GatewayBody<"capture">>().toHaveProperty("orderid");
    // @ts-expect-error the signer supplies control
    void gateway.capture({ client_orderid: "902B4FF5", orderid: "1234567", control: "0".repeat(40) });
    // @ts-expect-error the signer supplies login where the signature covers it
    void gateway.capture({ client_orderid: "902B4FF5", orderid: "1234567", login: "m" });
    // @ts-expect-error orderid is required for a capture
    void gateway.capture({ client_orderid: "902B4FF5" });
  });

  it("refuses a body field the operation does not have", () => {
    // @ts-expect-error cardrefid is not a field of VoidRequest
    void gateway.void({ client_orderid: "902B4FF5", orderid: "1234567", cardrefid: "x" });
  });

  it("types each reply from the spec", async () => {
    const result = await gateway.sale(sale);
    if (result.error) {
      expectTypeOf(result.error).toEqualTypeOf<GatewayFailure>();
    } else {
      expectTypeOf(result.data.type).toEqualTypeOf<"async-response">();
      expectTypeOf(result.data["paynet-order-id"]).toEqualTypeOf<string>();
    }
    expectTypeOf<GatewayReply<"getCardInfo">["type"]>().toEqualTypeOf<"get-card-info-response">();
    expectTypeOf<GatewayReply<"saleForm">["redirect-url"]>().toEqualTypeOf<string>();
  });

  it("types the awaited final status", async () => {
    const { data } = await gateway.waitForFinalStatus({ client_orderid: "902B4FF5" });
    expectTypeOf(data?.status).toEqualTypeOf<FinalStatus | undefined>();
  });

  it("narrows a destructured result once the error is handled, as in the README", async () => {
    const { data, error } = await gateway.sale(sale);
    if (error) throw error;
    expectTypeOf(data["paynet-order-id"]).toEqualTypeOf<string>();
    expectTypeOf(nextStep(data)).toEqualTypeOf<NextStep>();
  });

  it("gives every error of the family an outcome: the root's, so the guard's narrowing and SigningError have it", () => {
    const caught: unknown = undefined;
    if (isCardProcessingError(caught)) expectTypeOf(caught.outcome).toEqualTypeOf<RequestOutcome>();
    expectTypeOf<SigningError["outcome"]>().toEqualTypeOf<RequestOutcome>();
    expectTypeOf<CardProcessingError["outcome"]>().toEqualTypeOf<"unknown" | "not-applied">();
    expectTypeOf<GatewayFailure["outcome"]>().toEqualTypeOf<RequestOutcome>();
  });
});
