import { afterEach, describe, expect, it } from "vitest";
import { recordTelemetry } from "../../test/recorded-telemetry.js";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import { OutcomeUnknownError } from "../errors/outcome-unknown-error.js";
import { UsageError } from "../errors/usage-error.js";
import { telemetryNames as n } from "../telemetry/telemetry-names.js";

let server: TestServer | undefined;
let recorded: ReturnType<typeof recordTelemetry> | undefined;
afterEach(async () => {
  await server?.close();
  await recorded?.close();
  server = undefined;
  recorded = undefined;
});

const gatewayAt = (url: string, telemetry?: ReturnType<typeof recordTelemetry>["providers"]) =>
  createGateway({
    baseUrl: url,
    endpointId: 1111,
    login: "shop",
    controlKey: "KEY",
    polling: { firstDelayMs: [1, 2] },
    telemetry,
  });

const statusReply = {
  type: "status-response",
  status: "approved",
  amount: "10.42",
  currency: "USD",
  "paynet-order-id": 1234567,
  "merchant-order-id": saleBody.client_orderid,
  "serial-number": "s-status",
};

describe("sendOnce refuses misuse before anything is sent", () => {
  const refund = {
    client_orderid: "902B4FF5",
    orderid: "1234567",
    amount: "3.00",
    currency: "USD",
    comment: "one mug",
  };

  it.each([
    [
      "an operation that moves no money",
      () => ["status", { client_orderid: "902B4FF5" }],
      /sendOnce: operation: expected an operation that moves money/,
    ],
    [
      "a follow-up without the orderid it is recovered by",
      () => ["return", { ...refund, orderid: undefined }],
      /sendOnce: orderid: required: a lost return is recovered by it/,
    ],
    [
      "a sale without client_orderid",
      () => ["sale", { ...saleBody, client_orderid: "" }],
      /sendOnce: client_orderid: required/,
    ],
    [
      "a client_orderid holding a card number",
      () => ["sale", { ...saleBody, client_orderid: "order-4111111111111111" }],
      /client_orderid: holds a card number/,
    ],
    ["an unknown option", () => ["return", refund, { retries: 5 }], /sendOnce: options\.retries: unknown option/],
    [
      "a budget of no sends",
      () => ["return", refund, { sends: 0 }],
      /sendOnce: options\.sends: expected a whole number from 1/,
    ],
  ] as const)("%s", async (_, args, message) => {
    server = await startTestServer(() => ({ body: asyncReply() }));
    const gateway = gatewayAt(server.url);
    const [operation, body, options] = args() as unknown as [never, never, never];
    const thrown = await gateway.sendOnce(operation, body, options).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });
});

describe("sendOnce reads a follow-up's order before sending it", () => {
  const refund = { client_orderid: "902B4FF5", orderid: "1234567", amount: "4.00", currency: "USD", comment: "one" };
  const page = { status: 503, headers: { "content-type": "text/html" }, body: "<h1>503</h1>" };

  it("sends nothing when the order's transactions cannot be read, and says sending later is safe", async () => {
    server = await startTestServer((request) =>
      request.path.includes("/transaction-report") ? page : { body: asyncReply() },
    );
    const gateway = gatewayAt(server.url);
    const { data, error } = await gateway.sendOnce("return", refund);
    expect(data).toBeUndefined();
    expect(error).toMatchObject({
      name: "NetworkError",
      outcome: "not-applied",
      operationId: "return",
      orderid: "1234567",
    });
    expect(error?.message).toMatch(/return 902B4FF5: not sent: the order's transactions could not be read first/);
    // Three reads, the schedule's first delay apart, and no return sent.
    expect(server.requests.map((r) => r.path.split("?")[0])).toEqual(
      Array(3).fill("/paynet-ui/services/transaction-report"),
    );
  });

  const header = "id,created,type,status,paynet-order-id,merchant-order-id,end-point-id,amount,currency,serial-number";
  const row = (id: string, serial: string) =>
    `${id},${new Date().toISOString().slice(0, 19).replace("T", " ")},reversal,approved,1234567,902B4FF5,1111,4.00,USD,${serial}`;
  const csv = (...rows: string[]) => ({
    headers: { "content-type": "text/csv" },
    body: `${header}\n${rows.join("\n")}\n`,
  });

  it("never takes the earlier return of the same amount it read before for the lost one's effect", async () => {
    server = await startTestServer((request) =>
      request.path.includes("/transaction-report") ? csv(row("1234567-2", "s-first")) : { destroy: true },
    );
    const gateway = gatewayAt(server.url);
    // Every return's reply is lost and none takes effect: the report only ever lists the first one.
    const { data, error } = await gateway.sendOnce("return", refund, { sends: 2 });
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ name: "NetworkError", outcome: "not-applied" });
    expect(error?.message).toMatch(/not sent after 2 tries, 2 recoveries found that none took effect/);
    expect(server.requests.filter((r) => r.path.includes("/return/"))).toHaveLength(2);
  });

  it("keeps what it read on the OutcomeUnknownError, so that a later recover(error) tells the new return apart", async () => {
    let reports = 0;
    server = await startTestServer((request) => {
      if (!request.path.includes("/transaction-report")) return { destroy: true };
      reports += 1;
      // Read before the send; then the report fails through the recovery; then it lists both.
      if (reports === 1) return csv(row("1234567-2", "s-first"));
      if (reports <= 4) return page;
      return csv(row("1234567-2", "s-first"), row("1234567-3", "s-second"));
    });
    const gateway = gatewayAt(server.url);
    const { error } = await gateway.sendOnce("return", refund, { recoveriesPerSend: 1 });
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).transactionsBefore?.ids).toEqual(["1234567-2"]);
    const later = await gateway.recover(error);
    expect(later.data).toMatchObject({ applied: true, serialNumber: "s-second", source: "report" });
    expect(server.requests.filter((r) => r.path.includes("/return/"))).toHaveLength(1);
    // Each read covers the same period from its start: what the read before began with.
    const starts = new Set(
      server.requests
        .filter((r) => r.path.includes("/transaction-report"))
        .map((r) => new URL(r.path, "http://x").searchParams.get("createdFromDate")),
    );
    expect(starts.size).toBe(1);
  });

  it("refuses transactionsBefore without its ids or the Date its read began, naming the option", async () => {
    server = await startTestServer(() => ({ destroy: true }));
    const gateway = gatewayAt(server.url);
    const { error } = await gateway.return(refund);
    expect(error?.outcome).toBe("unknown");
    const createdFromDate = new Date();
    await expect(gateway.recover(error, { transactionsBefore: { ids: [] } as never })).rejects.toThrow(
      /recover: options\.transactionsBefore: expected \{ ids: string\[\], createdFromDate: Date \}/,
    );
    await expect(
      gateway.recover(error, { transactionsBefore: { ids: ["1", 2], createdFromDate } as never }),
    ).rejects.toThrow(/recover: options\.transactionsBefore: expected \{ ids: string\[\]/);
    await expect(
      gateway.recover(error, { transactionsBefore: { ids: [], createdFromDate: new Date("no") } }),
    ).rejects.toBeInstanceOf(UsageError);
    expect(server.requests.filter((r) => !r.path.includes("/return/"))).toHaveLength(0);
  });
});

describe("sendOnce's telemetry", () => {
  it("puts the loop in one span saying how it got through, beside the spans of its send and its recovery", async () => {
    let sales = 0;
    server = await startTestServer((request) =>
      request.path.includes("/sale/") && sales++ === 0 ? { destroy: true } : { body: statusReply },
    );
    recorded = recordTelemetry();
    const gateway = gatewayAt(server.url, recorded.providers);
    const { data, error } = await gateway.sendOnce("sale", saleBody);
    expect(error).toBeUndefined();
    expect([data?.how, data?.sends, data?.recoveries, data?.orderid]).toEqual(["recovered", 1, 1, "1234567"]);
    expect(sales).toBe(1);
    const names = recorded.spans().map((s) => s.name);
    expect(names).toEqual(["card-processing sale", "card-processing recover", "card-processing sendOnce"]);
    expect(recorded.spans()[2]?.attributes).toMatchObject({
      [n.operation]: "sendOnce",
      [n.recoveredOperation]: "sale",
      [n.clientOrderId]: saleBody.client_orderid,
      [n.sendOnceHow]: "recovered",
      [n.sendOnceSends]: 1,
      [n.sendOnceRecoveries]: 1,
      [n.status]: "approved",
      [n.outcome]: "approved",
      [n.orderid]: "1234567",
    });
    const points = await recorded.points();
    expect(points.find((p) => p.name === n.durationMetric && p.attributes[n.operation] === "sendOnce")).toBeDefined();
  });
});
