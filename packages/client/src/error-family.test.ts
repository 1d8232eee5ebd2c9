import { CardProcessingError, isCardProcessingError, SigningError } from "@card-processing/signing";
import { afterEach, describe, expect, it } from "vitest";
import { saleBody, startTestServer, type TestServer } from "../test/test-server.js";
import { createGateway } from "./create-gateway.js";
import { GatewayError } from "./gateway-error.js";
import { UsageError } from "./usage-error.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("one error family", () => {
  it("catches what createGateway throws (SigningError, UsageError) and what it returns with one instanceof", async () => {
    server = await startTestServer(() => ({
      status: 400,
      body: { type: "validation-error", "error-message": "no", "error-code": 1 },
    }));
    const gateway = createGateway({ baseUrl: server.url, endpointId: 1111, login: "shop", controlKey: "KEY" });
    const thrown = await gateway.sale({ ...saleBody, amount: "10.425" }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(SigningError);
    expect(thrown).toBeInstanceOf(CardProcessingError);
    expect(thrown).not.toBeInstanceOf(GatewayError);
    const misuse = await gateway.sale(saleBody, { timeout: 1 } as never).catch((error: unknown) => error);
    expect(misuse).toBeInstanceOf(UsageError);
    expect(misuse).toBeInstanceOf(CardProcessingError);
    const { error } = await gateway.sale(saleBody);
    expect(error).toBeInstanceOf(CardProcessingError);
    expect(error?.code).toBe("ERR_VALIDATION");
  });

  it("recognises a family error from another copy of the packages by name and code, and nothing else", () => {
    const foreign = Object.assign(new Error("elsewhere"), { name: "TimeoutError", code: "ERR_TIMEOUT" });
    expect(isCardProcessingError(foreign)).toBe(true);
    expect(isCardProcessingError(Object.assign(new Error("x"), { name: "TimeoutError" }))).toBe(false);
    expect(isCardProcessingError(new DOMException("late", "TimeoutError"))).toBe(false);
    expect(isCardProcessingError({ name: "SigningError", code: "ERR_KEY_MISSING" })).toBe(false);
  });

  it("keeps the request on a returned error without its body or secret headers", async () => {
    server = await startTestServer(() => ({ status: 500, body: { type: "error", "error-message": "down" } }));
    const gateway = createGateway({ baseUrl: server.url, endpointId: 1111, login: "shop", controlKey: "KEY" });
    const { error } = await gateway.payout({
      client_orderid: "P1",
      amount: "5.00",
      currency: "USD",
      order_desc: "x",
      "destination-card-no": "4111111111111111",
    });
    expect(error?.request?.method).toBe("POST");
    expect(error?.request?.url).toBe(`${server.url}/api/v2/payout/1111`);
    expect(error?.request?.headers.has("authorization")).toBe(false);
    expect(error?.request?.body).toBeNull();
    expect(server.requests[0]?.headers.authorization).toMatch(/^OAuth /);
  });
});
