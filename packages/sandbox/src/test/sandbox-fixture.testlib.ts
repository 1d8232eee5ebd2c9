import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type CreateGatewayOptions,
  createGateway,
  type Gateway,
  type TransactionsBefore,
} from "@card-processing/client";
import { afterAll, beforeAll } from "vitest";
import { type Sandbox, type SandboxOptions, sampleOrder, startSandbox } from "../index.js";

/** A sandbox for one test file, with a gateway client bound to it. */
export interface Fixture {
  readonly sandbox: Sandbox;
  readonly gateway: Gateway;
  readonly log: string[];
}

/** Options of the fixture's gateway client beyond its sandbox's address and keys (a timeout, a transport). */
export type FixtureGatewayOptions = Partial<CreateGatewayOptions>;

/** Starts a quiet, fast sandbox and a gateway client (HMAC and RSA keys included). */
export async function startFixture(
  options: SandboxOptions = {},
  gatewayOptions: FixtureGatewayOptions = {},
): Promise<Fixture> {
  const log: string[] = [];
  const sandbox = await startSandbox({
    latencyMs: 20,
    settleDelayMs: Infinity,
    logger: (line) => log.push(line),
    ...options,
  });
  return { sandbox, gateway: gatewayFor(sandbox, gatewayOptions), log };
}

/**
 * A gateway client for `sandbox`: its address, first endpoint and keys (HMAC and RSA), and a
 * quick polling schedule; `options` add to them or replace them.
 */
export function gatewayFor(sandbox: Sandbox, options: FixtureGatewayOptions = {}): Gateway {
  return createGateway({
    baseUrl: sandbox.url,
    endpointId: sandbox.endpointIds[0] ?? "1111",
    login: sandbox.login,
    controlKey: sandbox.controlKey,
    privateKey: sandbox.privateKeyPem,
    polling: { firstDelayMs: [10, 20], giveUpAfterUnchangedMs: 5_000 },
    ...options,
  });
}

/** A fixture and a merchant web server (`shop`) for the whole test file that asks for them. */
export interface FileFixture extends Fixture {
  readonly shop: Receiver;
}

/**
 * Starts a fixture and a merchant web server before the first test of the calling file and closes
 * both after its last: the start-up every such file would otherwise repeat. Call it at the top
 * level of the file; read its fields in tests, helpers and later hooks, not at import.
 */
export function fixtureForFile(options: SandboxOptions = {}, gatewayOptions: FixtureGatewayOptions = {}): FileFixture {
  let fixture: Fixture | undefined;
  let shop: Receiver | undefined;
  beforeAll(async () => {
    [fixture, shop] = await Promise.all([startFixture(options, gatewayOptions), startReceiver()]);
  });
  afterAll(async () => {
    await Promise.all([fixture?.sandbox.close(), shop?.close()]);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the file's sandbox is read before its beforeAll hook started it");
    return value;
  };
  return {
    get sandbox() {
      return started(fixture).sandbox;
    },
    get gateway() {
      return started(fixture).gateway;
    },
    get log() {
      return started(fixture).log;
    },
    get shop() {
      return started(shop);
    },
  };
}

let counter = 0;

/** A client order id unique within the test run. */
export function orderId(prefix = "T"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** Customer and order fields of a payment, without card data: the published `sampleOrder`. */
export function customerFields(clientOrderId: string, amount = "10.42") {
  return { ...sampleOrder(clientOrderId, { amount }) };
}

/** A complete sale or preauth body paying with `card`. */
export function paymentBody(clientOrderId: string, card = "4111111111111111", amount = "10.42") {
  return {
    ...customerFields(clientOrderId, amount),
    card_printed_name: "JOHN SMITH",
    credit_card_number: card,
    expire_month: "12",
    expire_year: "2030",
    cvv2: "123",
  };
}

/**
 * An approved sale or preauth to follow up, with its ids. Sent with `sendOnce`: on a loaded
 * machine its reply may come after the client's time limit, and that is recovered, not a failed
 * set-up.
 */
export async function approvedOrder(
  gateway: Gateway,
  kind: "sale" | "preauth" = "sale",
  body: ReturnType<typeof paymentBody> = paymentBody(orderId(kind)),
): Promise<{ client_orderid: string; orderid: string }> {
  const sent = dataOf(await gateway.sendOnce(kind, body));
  const order = { client_orderid: body.client_orderid, orderid: sent.orderid };
  const final = dataOf(await gateway.waitForFinalStatus(order));
  if (final.status !== "approved") throw new Error(`set-up: ${kind} ${order.orderid} ended ${final.status}`);
  return order;
}

/**
 * What a shop reads before it sends a capture, return or void by hand: the order's transactions of
 * `type` in the report from ten minutes before `now` (the gateway clock's, `Date.now()` unless the
 * sandbox's clock is manual), and where that read began: `recover(error, { transactionsBefore })`.
 */
export async function transactionsBeforeOf(
  gateway: Gateway,
  orderid: string,
  type: "capture" | "reversal" | "cancel",
  now = Date.now(),
): Promise<TransactionsBefore> {
  const createdFromDate = new Date(now - 600_000);
  const period = { createdFromDate, createdToDate: new Date(now + 60_000) };
  const rows = dataOf(await gateway.transactionReport({ ...period, transactionTypes: [type] }));
  return { ids: rows.filter((t) => t["paynet-order-id"] === orderid).map((t) => t.id), createdFromDate };
}

/** Unwraps a gateway result, failing the test with the gateway's message. */
export function dataOf<T>(result: { data?: T; error?: { message: string } | undefined }): NonNullable<T> {
  if (result.error !== undefined || result.data === undefined || result.data === null) {
    throw new Error(`gateway call failed: ${result.error?.message ?? "no data"}`);
  }
  return result.data;
}

/** Resolves once `check()` is true, polling every 10 ms, or rejects after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A merchant web server on 127.0.0.1 that records requests and answers with `statuses` in turn (then 200). */
export interface Receiver {
  readonly url: string;
  readonly requests: Array<{ method: string; url: string; body: string }>;
  close(): Promise<void>;
}

export async function startReceiver(statuses: number[] = []): Promise<Receiver> {
  const requests: Receiver["requests"] = [];
  const queue = [...statuses];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      requests.push({
        method: request.method ?? "",
        url: request.url ?? "",
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const status = queue.shift() ?? 200;
      response.writeHead(status, { "content-type": "text/html" });
      response.end(status === 200 ? "<h1>OK, shop received it</h1>" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
