// The vendor's PHP library (payneteasy/php-library-payneteasy-api), unmodified, against the sandbox
// with classic replies, beside this SDK on the same sandbox: what a shop moving from one to the
// other runs during the move. Each case counts what reached the sandbox (`sandbox.requests`).
// The last two groups run the sandbox's CLI, as a shop running both stacks would start it
// (`--control-amounts hundredths`, `--endpoint-group-id 42`).
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway, type Gateway, parseCallback, signCallback } from "@card-processing/client";
import { type Sandbox, sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CliSandbox,
  findPhpLibrary,
  handlerNames,
  type PhpCommand,
  type PhpConfig,
  runPhpLibrary,
  startSandboxCli,
} from "./php-library.testlib.js";

const library = findPhpLibrary();
const title = library.found
  ? `the vendor's PHP library against the sandbox (${library.version})`
  : `the vendor's PHP library against the sandbox (skipped: ${library.reason})`;
if (!library.found) console.warn(`php-library.e2e.test.ts skipped: ${library.reason}`);
// The extracted copy serves every group of this file, the CLI ones last: removed after all of them.
afterAll(() => {
  if (library.found) library.remove();
});

const php = (command: PhpCommand, ini: Record<string, string> = {}) =>
  library.found ? runPhpLibrary(library.source, command, ini) : never();
function never(): never {
  throw new Error("the PHP library was not found");
}

// The library takes a client_orderid of at most 20 characters (its Validator::ID).
let sequence = 0;
const orderId = (prefix: string) => `${prefix}-${Date.now().toString(36).slice(-6)}${++sequence}`;

/** The shop's order as the PHP library takes it: nested data objects, the amount a PHP float. */
function phpPayment(clientId: string, amount: number, currency = "USD", cvv2 = "123") {
  return {
    client_id: clientId,
    description: `Order ${clientId}`,
    amount,
    currency,
    customer: { email: "john.smith@example.com", ip_address: "65.153.12.232" },
    billing_address: {
      country: "US",
      state: "WA",
      city: "Seattle",
      first_line: "100 Main st",
      zip_code: "98102",
      phone: "+12063582043",
    },
    // The library's validator takes a two-digit expire_year only.
    credit_card: {
      card_printed_name: "JOHN SMITH",
      credit_card_number: "4111111111111111",
      expire_month: "12",
      expire_year: "30",
      cvv2,
    },
  };
}

/** The library's QueryConfig for a sandbox: its gateway URL ends in /api/v2, before the command. */
function phpConfig(url: string, login: string, key: string, endpoint: PhpConfig, callbackUrl?: string): PhpConfig {
  return {
    ...endpoint,
    login,
    signing_key: key,
    redirect_url: "https://shop.example.com/return",
    gateway_url_sandbox: `${url}/api/v2`,
    ...(callbackUrl === undefined ? {} : { callback_url: callbackUrl }),
  };
}

describe.skipIf(!library.found)(title, () => {
  let sandbox: Sandbox;
  let gateway: Gateway;
  let config: PhpConfig;
  let receiver: Server;
  let callbackUrl: string;
  const received: URLSearchParams[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ classicReplies: true, latencyMs: 50 });
    gateway = createGateway({
      baseUrl: sandbox.url,
      endpointId: sandbox.endpointId,
      login: sandbox.login,
      controlKey: sandbox.controlKey,
      polling: { firstDelayMs: [20, 40] },
    });
    config = phpConfig(sandbox.url, sandbox.login, sandbox.controlKey, { end_point: sandbox.endpointId });
    // The shop's callback URL: records each callback the sandbox delivers and answers 200.
    receiver = createServer((request, response) => {
      received.push(new URL(request.url ?? "/", "http://shop").searchParams);
      response.end("OK");
    });
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/callback`;
  });

  afterAll(async () => {
    receiver?.close();
    await sandbox?.close();
  });

  const statusUntilFinal = (clientId: string, paynetId: string | null, settings = config) =>
    php({ untilFinal: 60, config: settings, payment: { client_id: clientId, paynet_id: paynetId } });

  it("sells in USD and polls the status until approved; the SDK reads the same order", async () => {
    const id = orderId("sale");
    const sale = await php({ query: "sale", config, payment: phpPayment(id, 10.42) });
    expect(handlerNames(sale)).toEqual(["save_payment", "status_update"]);
    expect(sale.response).toMatchObject({ type: "async-response", status: "processing", "merchant-order-id": id });
    const status = await statusUntilFinal(id, sale.paynetId);
    expect(handlerNames(status).slice(-2)).toEqual(["save_payment", "finish_processing"]);
    expect(status).toMatchObject({ transactionStatus: "approved", errors: [] });
    expect(status.response).toMatchObject({ type: "status-response", status: "approved", amount: "10.42" });
    expect(
      sandbox.requests({ client_orderid: id, operation: "sale" }).map((r) => [r.http_status, r.fields["amount"]]),
    ).toEqual([[200, "10.42"]]);
    expect(sandbox.requests({ client_orderid: id, operation: "status" })).toHaveLength(status.statusQueries);
    const sdk = await gateway.status({ client_orderid: id, orderid: sale.paynetId ?? "" });
    expect(sdk.data).toMatchObject({ status: "approved", amount: "10.42" });
  });

  it("gives a decline as the transaction's status and error, not as an exception", async () => {
    const id = orderId("declined");
    const sale = await php({ query: "sale", config, payment: phpPayment(id, 10, "USD", "116") });
    expect(sandbox.requests({ client_orderid: id, operation: "sale" })[0]?.fields["amount"]).toBe("10");
    const status = await statusUntilFinal(id, sale.paynetId);
    expect(handlerNames(status).at(-1)).toBe("finish_processing");
    expect(status.transactionStatus).toBe("declined");
    expect(status.errors.at(-1)?.message).toMatch(/insufficient funds/i);
  });

  it("opens a sale-form: the redirect handler gets the hosted page; paid there, the status is approved", async () => {
    const id = orderId("form");
    const { credit_card: _card, ...withoutCard } = phpPayment(id, 25);
    const form = await php({ query: "sale-form", config, payment: withoutCard });
    expect(handlerNames(form)).toEqual(["save_payment", "redirect"]);
    const redirectUrl = form.response?.["redirect-url"] ?? "";
    expect(redirectUrl.startsWith(`${sandbox.url}/`)).toBe(true);
    // The PHP float 25 goes out as PHP prints it: "25".
    expect(sandbox.requests({ client_orderid: id, operation: "saleForm" })[0]?.fields["amount"]).toBe("25");
    await sandbox.payHostedPage(redirectUrl);
    const status = await statusUntilFinal(id, form.paynetId);
    expect(status).toMatchObject({ transactionStatus: "approved", response: { status: "approved", amount: "25" } });
  });

  it("captures a hold in full, signing the held amount it does not send, then returns part of it", async () => {
    const id = orderId("hold");
    const preauth = await php({ query: "preauth", config, payment: phpPayment(id, 10.42) });
    expect((await statusUntilFinal(id, preauth.paynetId)).transactionStatus).toBe("approved");
    const held = { client_id: id, paynet_id: preauth.paynetId, amount: 10.42, currency: "USD" };
    const capture = await php({ query: "capture", config, payment: held });
    expect(handlerNames(capture)).toEqual(["save_payment", "status_update"]);
    const [sent] = sandbox.requests({ client_orderid: id, operation: "capture" });
    expect(sent?.fields).toEqual({ client_orderid: id, orderid: preauth.paynetId, login: sandbox.login });
    const captured = await statusUntilFinal(id, preauth.paynetId);
    expect(captured.response).toMatchObject({ status: "approved", "sandbox-captured-amount": "10.42" });

    // A return needs the payment marked paid (status "capture" or "preauth") and a comment.
    const refund = { ...held, amount: 2.5, comment: "one item returned", status: "capture" };
    const returned = await php({ query: "return", config, payment: refund });
    expect(handlerNames(returned)).toEqual(["save_payment", "status_update"]);
    expect(sandbox.requests({ client_orderid: id, operation: "return" }).map((r) => r.fields["amount"])).toEqual([
      "2.5",
    ]);
    const after = await statusUntilFinal(id, preauth.paynetId);
    expect(after.response).toMatchObject({ status: "approved", "sandbox-returned-amount": "2.50" });
  });

  it("refuses a capture whose payment carries no amount (signed as 0): nothing is captured", async () => {
    const id = orderId("noamount");
    const preauth = await php({ query: "preauth", config, payment: phpPayment(id, 7.5) });
    await statusUntilFinal(id, preauth.paynetId);
    const capture = await php({ query: "capture", config, payment: { client_id: id, paynet_id: preauth.paynetId } });
    expect(handlerNames(capture)).toEqual(["save_payment", "catch_exception"]);
    expect(capture.handlers[1]?.exception?.message).toMatch(/^control does not match/);
    expect(capture.transactionStatus).toBe("error");
    const [order] = sandbox.orders({ q: preauth.paynetId ?? "" }).orders;
    expect(order).toMatchObject({ status: "approved", captured: "0.00" });
  });

  it("refuses a return of a payment not marked paid before sending anything", async () => {
    const id = orderId("unpaid");
    const refund = { client_id: id, paynet_id: "1", amount: 1, currency: "USD", comment: "x" };
    const answer = await php({ query: "return", config, payment: refund });
    expect(answer.handlers[1]?.exception).toEqual({
      class: "PaynetEasy\\PaynetEasyApi\\Exception\\ValidationException",
      message: "Payment must be paid up to return funds",
    });
    expect(sandbox.requests({ client_orderid: id })).toEqual([]);
  });

  it("verifies the sandbox's callback against the stored order, and refuses one that does not match it", async () => {
    const id = orderId("callback");
    const withCallback = { ...config, callback_url: callbackUrl };
    const sale = await php({ query: "sale", config: withCallback, payment: phpPayment(id, 10.42) });
    expect(sandbox.requests({ client_orderid: id, operation: "sale" })[0]?.fields["server_callback_url"]).toBe(
      callbackUrl,
    );
    const orderid = sale.paynetId ?? "";
    await sandbox.waitForCallback({ orderid, status: "approved" });
    const query = received.find((params) => params.get("orderid") === orderid);
    expect(query?.get("type")).toBe("sale");
    const callback = Object.fromEntries(query ?? []);
    const stored = { client_id: id, paynet_id: orderid, amount: 10.42 };

    const verified = await php({ config, payment: stored, callback });
    expect(handlerNames(verified)).toEqual(["save_payment", "finish_processing"]);
    expect(verified).toMatchObject({ transactionStatus: "approved", errors: [] });
    // The SDK verifies the same callback with the same key.
    expect((await parseCallback(callback, sandbox.controlKey)).status).toBe("approved");

    const otherAmount = await php({ config, payment: { ...stored, amount: 10 }, callback });
    expect(otherAmount.handlers.at(-1)?.exception?.message).toMatch(
      /field 'amount' value '10.42' does not equal PaymentTransaction property 'payment.amount' value '10'/,
    );
    const otherOrder = await php({ config, payment: { ...stored, client_id: "someone-else" }, callback });
    expect(otherOrder.handlers.at(-1)?.exception?.message).toMatch(/field 'client_orderid' value/);
    const forged = Object.fromEntries(
      await signCallback({ ...callback, status: "approved", orderid, client_orderid: id }, "not-the-key"),
    );
    const refused = await php({ config, payment: stored, callback: forged });
    expect(refused.handlers.at(-1)?.exception?.message).toMatch(/^Actual control code '[0-9a-f]{40}' does not equal/);
  });

  it("accepts a callback the SDK signs, as the SDK accepts the sandbox's, when its type is one it knows", async () => {
    const id = orderId("signed");
    const fields = {
      status: "approved",
      orderid: "7700001",
      client_orderid: id,
      type: "sale",
      amount: "19.99",
    } as const;
    const callback = Object.fromEntries(await signCallback(fields, sandbox.controlKey));
    const stored = { client_id: id, paynet_id: "7700001", amount: 19.99 };
    const answer = await php({ config, payment: stored, callback });
    expect(answer).toMatchObject({ transactionStatus: "approved", errors: [] });
    // It takes callbacks of type sale, reversal and chargeback only (its CallbackFactory).
    const capture = Object.fromEntries(await signCallback({ ...fields, type: "capture" }, sandbox.controlKey));
    const refused = await php({ config, payment: stored, callback: capture });
    expect(refused.handlers.at(-1)?.exception?.message).toMatch(/^Unknown callback class .*CaptureCallback/);
  });

  it("signs 19.99 as 1999 only with php.ini's default precision (14): with precision -1 the sale is refused", async () => {
    const id = orderId("precision");
    const sale = await php({ query: "sale", config, payment: phpPayment(id, 19.99) });
    expect(sale.response).toMatchObject({ type: "async-response" });
    const exact = await php({ query: "sale", config, payment: phpPayment(`${id}x`, 19.99) }, { precision: "-1" });
    // (string)(19.99 * 100) is "1998.9999999999998" there: the control no longer matches.
    expect(exact.handlers.at(-1)?.exception?.message).toMatch(/^control does not match/);
    expect(sandbox.requests({ client_orderid: `${id}x` }).map((r) => r.fields["amount"])).toEqual(["19.99"]);
  });

  it("signs a JPY amount times 100: refused by a sandbox that writes ISO 4217 amounts, the SDK's JPY sale approved", async () => {
    const id = orderId("jpy");
    const sale = await php({ query: "sale", config, payment: phpPayment(id, 1000, "JPY") });
    expect(sale.handlers.at(-1)?.exception?.message).toMatch(/^control does not match/);
    const sdk = await gateway.sale({
      ...sampleOrder(orderId("jpy-sdk"), { order_desc: "JPY order", amount: "1000", currency: "JPY" }),
      ...testCard(),
    });
    expect(sdk.data).toMatchObject({ type: "async-response" });
  });
});

// JPY as the library signs it (× 100): a sandbox told `--control-amounts hundredths` takes it.
describe.skipIf(!library.found)(`${title}: JPY with --control-amounts hundredths`, () => {
  let cli: CliSandbox;
  const key = "PHP-LIBRARY-KEY";
  beforeAll(async () => {
    cli = await startSandboxCli(["--classic-replies", "--control-key", key, "--control-amounts", "hundredths"]);
  });
  afterAll(async () => cli?.stop());

  it("accepts the library's JPY sale signed in hundredths, which then ends approved", async () => {
    const config = phpConfig(cli.url, "sandbox-merchant", key, { end_point: 1111 });
    const id = orderId("jpy100");
    const sale = await php({ query: "sale", config, payment: phpPayment(id, 1000, "JPY") });
    expect(sale.response).toMatchObject({ type: "async-response", "merchant-order-id": id });
    const status = await php({ untilFinal: 80, config, payment: { client_id: id, paynet_id: sale.paynetId } });
    expect(status.response).toMatchObject({ status: "approved", amount: "1000", currency: "JPY" });
  });
});

// `end_point_group` 42: the library sends every query (sale, status, sale-form) to `.../group/42`.
describe.skipIf(!library.found)(`${title}: an endpoint group (--endpoint-group-id 42)`, () => {
  let cli: CliSandbox;
  const key = "PHP-LIBRARY-KEY";
  beforeAll(async () => {
    cli = await startSandboxCli(["--classic-replies", "--control-key", key, "--endpoint-group-id", "42"]);
  });
  afterAll(async () => cli?.stop());
  const groupConfig = () => phpConfig(cli.url, "sandbox-merchant", key, { end_point_group: 42 });
  const requestsOf = async (id: string) =>
    (
      (await (await fetch(`${cli.url}/_admin/requests?client_orderid=${id}`)).json()) as {
        requests: { operation: string; http_status: number }[];
      }
    ).requests;

  it("accepts the library's sale to /sale/group/42, and its status polling to /status/group/42 ends approved", async () => {
    const id = orderId("group");
    const sale = await php({ query: "sale", config: groupConfig(), payment: phpPayment(id, 10.42) });
    expect(sale.response).toMatchObject({ type: "async-response", status: "processing", "merchant-order-id": id });
    const status = await php({
      untilFinal: 80,
      config: groupConfig(),
      payment: { client_id: id, paynet_id: sale.paynetId },
    });
    expect(status).toMatchObject({ transactionStatus: "approved", response: { status: "approved", amount: "10.42" } });
    expect((await requestsOf(id)).filter((r) => r.operation === "sale")).toEqual([
      expect.objectContaining({ http_status: 200 }),
    ]);
  });

  it("accepts the library's sale-form to /sale-form/group/42: the redirect handler gets the hosted page", async () => {
    const id = orderId("group-form");
    const { credit_card: _card, ...withoutCard } = phpPayment(id, 25);
    const form = await php({ query: "sale-form", config: groupConfig(), payment: withoutCard });
    expect(handlerNames(form)).toEqual(["save_payment", "redirect"]);
    expect(form.response?.["redirect-url"]?.startsWith(`${cli.url}/`)).toBe(true);
  });
});
