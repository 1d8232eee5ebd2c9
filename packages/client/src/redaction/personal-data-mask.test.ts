import { type OperationEntry, operationTable, personalDataFields } from "@card-processing/types";
import { afterEach, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import type { RequestLogEntry } from "../transport/request-log.js";
import { maskPersonalData } from "./personal-data-mask.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("maskPersonalData", () => {
  it.each([
    ["name", "JOHN SMITH", "J*** S***"],
    ["email", "john.smith@gmail.com", "j***@gmail.com"],
    ["email", "not an address", "***"],
    ["phone", "+12063582043", "***43"],
    ["phone", "123", "***"],
    ["ip-address", "65.153.12.232", "65.153.12.*"],
    ["ip-address", "2001:db8:85a3:0:0:8a2e:370:7334", "2001:db8:85a3:*"],
    ["ip-address", "::1", "***"],
    ["address", "100 Main st", "***"],
    ["birth-date", "19800101", "***"],
    ["national-id", "1234", "***"],
    ["a kind it does not know", "anything", "***"],
  ])("keeps of a %s only what it states: %s → %s", (kind, value, masked) => {
    expect(maskPersonalData(kind, value)).toBe(masked);
  });
});

describe("the spec's personal data fields", () => {
  it("mark every field of a person's data that an operation requires", () => {
    const personal = /mail|phone|address|city|zip|ip$|name$|first|last|birth|ssn/i;
    const notPersonal = ["client_orderid", "client-order-id", "order_desc", "redirect_url", "bank_name"];
    for (const entry of Object.values<OperationEntry>(operationTable)) {
      for (const field of entry.requiredFields.filter((f) => personal.test(f) && !notPersonal.includes(f))) {
        expect(personalDataFields, `${entry.operationId}.${field}`).toHaveProperty(field);
      }
    }
    expect(personalDataFields).toMatchObject({
      email: "email",
      phone: "phone",
      address1: "address",
      ipaddress: "ip-address",
      card_printed_name: "name",
    });
  });
});

describe("the request log", () => {
  const statusReply = {
    type: "status-response",
    status: "approved",
    "paynet-order-id": "777",
    "merchant-order-id": "902B4FF5",
    "serial-number": "s-1",
    "cardholder-name": "JOHN SMITH",
  };

  async function logged(logPersonalData?: boolean) {
    server ??= await startTestServer((request) => ({
      body: request.path.includes("/status/") ? statusReply : asyncReply(),
    }));
    const entries: RequestLogEntry[] = [];
    const gateway = createGateway({
      baseUrl: server.url,
      endpointId: 1111,
      login: "shop",
      controlKey: "KEY",
      logger: (entry) => entries.push(entry),
      ...(logPersonalData === undefined ? {} : { logPersonalData }),
    });
    await gateway.sale({ ...saleBody, first_name: "John", last_name: "Smith" });
    await gateway.status({ client_orderid: "902B4FF5" });
    const bodies = entries.map((e) => ("body" in e ? e.body : undefined));
    return { sale: bodies[0], status: bodies[3] };
  }

  it("masks a person's data by default, in requests and replies", async () => {
    const { sale, status } = await logged();
    expect(sale).toMatchObject({
      email: "j***@gmail.com",
      phone: "***43",
      address1: "***",
      city: "***",
      zip_code: "***",
      ipaddress: "65.153.12.*",
      card_printed_name: "J*** S***",
      first_name: "J***",
      last_name: "S***",
      country: "US",
      credit_card_number: "411111******1111",
    });
    expect(status).toMatchObject({ "cardholder-name": "J*** S***", "merchant-order-id": "902B4FF5" });
    const text = JSON.stringify({ sale, status });
    for (const whole of ["john.smith@gmail.com", "2063582043", "Main st", "65.153.12.232", "SMITH", "Smith"]) {
      expect(text).not.toContain(whole);
    }
  });

  it("logs it whole for a team that asks, card numbers and secrets still masked or removed", async () => {
    const { sale, status } = await logged(true);
    expect(sale).toMatchObject({
      email: saleBody.email,
      phone: saleBody.phone,
      address1: saleBody.address1,
      ipaddress: saleBody.ipaddress,
      card_printed_name: saleBody.card_printed_name,
      credit_card_number: "411111******1111",
    });
    expect(sale).not.toHaveProperty("cvv2");
    expect(status).toMatchObject({ "cardholder-name": "JOHN SMITH" });
  });

  it("masks fields the spec does not know whole by default, in requests and replies, and keeps them for a team that asks", async () => {
    server ??= await startTestServer(() => ({
      body: asyncReply({ "customer-note": "call +1 206 555 0100", "risk-score": "12" }),
    }));
    const run = async (logPersonalData?: boolean) => {
      const entries: RequestLogEntry[] = [];
      const gateway = createGateway({
        baseUrl: server?.url ?? "",
        endpointId: 1111,
        login: "shop",
        controlKey: "KEY",
        logger: (entry) => entries.push(entry),
        ...(logPersonalData === undefined ? {} : { logPersonalData }),
      });
      const extra = { customer_email: "jane.doe@example.org", address2: "Flat 4, 22 Baker st", x_note: "VIP" };
      await gateway.sale({ ...saleBody, ...extra } as typeof saleBody);
      return entries.map((e) => ("body" in e ? e.body : undefined));
    };
    const [sale, reply] = await run();
    expect(sale).toMatchObject({ customer_email: "***", address2: "***", x_note: "***", amount: saleBody.amount });
    expect(reply).toMatchObject({ "customer-note": "***", "risk-score": "***", type: "async-response" });
    const text = JSON.stringify([sale, reply]);
    for (const whole of ["jane.doe", "Baker", "VIP", "555 0100"]) expect(text).not.toContain(whole);
    const [kept, keptReply] = await run(true);
    expect(kept).toMatchObject({ customer_email: "jane.doe@example.org", address2: "Flat 4, 22 Baker st" });
    expect(keptReply).toMatchObject({ "customer-note": "call +1 206 555 0100" });
  });

  it("refuses a logPersonalData that is not a boolean, naming it", () => {
    expect(() =>
      createGateway({
        baseUrl: "http://127.0.0.1:1/paynet",
        endpointId: 1,
        login: "l",
        controlKey: "k",
        logPersonalData: "yes" as never,
      }),
    ).toThrow(/logPersonalData: expected true or false/);
  });
});
