import { signOAuth, signRequest } from "@card-processing/signing";
import { operationTable } from "@card-processing/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { validationErrorSchemaErrors } from "./reply-schemas.testlib.js";
import { orderId, paymentBody } from "./sandbox-fixture.testlib.js";

let sandbox: Sandbox;
const log: string[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 10, logger: (line) => log.push(line) });
});
afterAll(async () => {
  await sandbox.close();
});

const PAY = "application/vnd.pay+json";
const FORM = "application/x-www-form-urlencoded";
const salePath = "/api/v2/sale/{endpointId}";

async function signed(
  path: keyof typeof operationTable,
  body: Record<string, string>,
  endpointId = "1111",
): Promise<Record<string, string>> {
  // Bodies the signer refuses (a malformed amount) get a placeholder: the sandbox must refuse them before the signature check.
  const url = `${sandbox.url}${path.replace("{endpointId}", endpointId)}`;
  const keys = { login: sandbox.login, controlKey: sandbox.controlKey };
  const control = await signRequest({ entry: operationTable[path], body, url, keys }).then(
    (added) => added.fields["control"] ?? "",
    () => "0".repeat(40),
  );
  return { ...body, control };
}

interface Attempt {
  readonly path: string;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

async function send(attempt: Attempt): Promise<{ status: number; body: Record<string, unknown>; contentType: string }> {
  const init: RequestInit = {
    method: attempt.method ?? "POST",
    headers: { accept: PAY, "content-type": FORM, ...attempt.headers },
  };
  if (attempt.body !== undefined) init.body = attempt.body;
  const response = await fetch(sandbox.url + attempt.path, init);
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function saleBody(overrides: Record<string, string> = {}, omit: string[] = []): Promise<string> {
  const fields: Record<string, string> = { ...paymentBody(orderId("bad")), ...overrides };
  for (const name of omit) delete fields[name];
  return new URLSearchParams(await signed(salePath, fields)).toString();
}

async function oauth(
  path: string,
  body: Record<string, string>,
  options: { rsa: boolean; key?: string; now?: () => number; nonce?: string },
) {
  const url = sandbox.url + path;
  const params = new URLSearchParams(body);
  const { authorization } = await signOAuth(
    {
      scheme: options.rsa ? "oauth-rsa-sha256" : "oauth-hmac-sha1",
      consumerKey: sandbox.login,
      ...(options.rsa ? { privateKey: sandbox.privateKeyPem } : { controlKey: options.key ?? sandbox.controlKey }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.nonce === undefined ? {} : { nonce: () => options.nonce as string }),
    },
    { method: "POST", url, body: params },
  );
  return { path, headers: { authorization }, body: params.toString() };
}

const payoutBody = () => ({
  client_orderid: orderId("po"),
  amount: "1.00",
  currency: "USD",
  "destination-card-no": "4111111111111111",
});
const checkBody = () => ({
  "client-order-id": orderId("chk"),
  amount: "1.00",
  currency: "USD",
  order_desc: "x",
  account_number: "1",
  bank_name: "B",
});

const cases: Array<[string, () => Promise<Attempt>, RegExp]> = [
  [
    "missing Accept",
    async () => ({ path: "/api/v2/sale/1111", headers: { accept: "" }, body: await saleBody() }),
    /missing Accept header/,
  ],
  [
    "wrong Accept",
    async () => ({ path: "/api/v2/sale/1111", headers: { accept: "application/json" }, body: await saleBody() }),
    /Accept header must name application\/vnd\.pay\+json/,
  ],
  [
    "JSON content type",
    async () => ({ path: "/api/v2/sale/1111", headers: { "content-type": "application/json" }, body: "{}" }),
    /Content-Type must be application\/x-www-form-urlencoded, not application\/json/,
  ],
  ["unknown endpoint id", async () => ({ path: "/api/v2/sale/9999", body: await saleBody() }), /unknown endpoint 9999/],
  [
    "endpoint id not a number",
    async () => ({ path: "/api/v2/sale/abc", body: await saleBody() }),
    /endpointId must be an integer/,
  ],
  [
    "unknown operation path",
    async () => ({ path: "/api/v2/refund-everything/1111", body: "a=b" }),
    /unknown operation: no API path \/api\/v2\/refund-everything\/1111/,
  ],
  [
    "malformed escape in the endpoint id",
    async () => ({ path: "/api/v2/sale/%E0%A4%A", body: await saleBody() }),
    /endpointId must be an integer/,
  ],
  [
    "GET instead of POST",
    async () => ({ path: "/api/v2/sale/1111", method: "GET" }),
    /sale must be called with POST, not GET/,
  ],
  [
    "body over 64 KiB",
    async () => ({ path: "/api/v2/sale/1111", body: `order_desc=${"x".repeat(70 * 1024)}` }),
    /over the 64 KiB limit/,
  ],
  ["empty body", async () => ({ path: "/api/v2/sale/1111", body: "" }), /request body is empty/],
  [
    "missing field",
    async () => ({ path: "/api/v2/sale/1111", body: await saleBody({}, ["email"]) }),
    /missing required field 'email'/,
  ],
  [
    "malformed amount",
    async () => ({ path: "/api/v2/sale/1111", body: await saleBody({ amount: "10,42" }) }),
    /field 'amount' has the wrong format/,
  ],
  [
    "malformed e-mail",
    async () => ({ path: "/api/v2/sale/1111", body: await saleBody({ email: "not-an-address" }) }),
    /field 'email' must be a valid email/,
  ],
  [
    "lower-case currency",
    async () => ({ path: "/api/v2/sale/1111", body: await saleBody({ currency: "usd" }) }),
    /field 'currency' has the wrong format/,
  ],
  [
    "unknown currency",
    async () => ({ path: "/api/v2/sale/1111", body: await saleBody({ currency: "XYZ" }) }),
    /XYZ is not an ISO 4217 currency/,
  ],
  [
    "more decimals than the currency has",
    async () => ({ path: "/api/v2/sale/1111", body: await saleBody({ amount: "1.001" }) }),
    /field 'amount' has more decimals than USD allows/,
  ],
  [
    "card number failing Luhn",
    async () => ({ path: "/api/v2/sale/1111", body: await saleBody({ credit_card_number: "4111111111111112" }) }),
    /credit_card_number' is not a valid card number \(Luhn check failed\)/,
  ],
  [
    "expiry month 13",
    async () => ({ path: "/api/v2/sale/1111", body: await saleBody({ expire_month: "13" }) }),
    /field 'expire_month' has the wrong format/,
  ],
  [
    "field given twice",
    async () => ({ path: "/api/v2/sale/1111", body: `${await saleBody()}&email=x%40y.co` }),
    /field 'email' is given more than once/,
  ],
  [
    "malformed percent-escape",
    async () => ({ path: "/api/v2/sale/1111", body: "amount=%zz" }),
    /malformed percent-escape/,
  ],
  [
    "wrong control",
    async () => ({
      path: "/api/v2/sale/1111",
      body: `${(await saleBody()).replace(/control=[0-9a-f]+/, `control=${"0".repeat(40)}`)}`,
    }),
    /control does not match: expected SHA-1 of endpointId \+ client_orderid \+ amount \+ email \+ merchant control key/,
  ],
  [
    "control not hex",
    async () => ({
      path: "/api/v2/sale/1111",
      body: `${(await saleBody()).replace(/control=[0-9a-f]+/, "control=XYZ")}`,
    }),
    /field 'control' has the wrong format/,
  ],
  [
    "unknown login",
    async () => ({
      path: "/api/v2/status/1111",
      body: new URLSearchParams({ login: "intruder", client_orderid: "x", control: "0".repeat(40) }).toString(),
    }),
    /login 'intruder' is not known to this sandbox/,
  ],
  [
    "capture amount without currency",
    async () => ({
      path: "/api/v2/capture/1111",
      body: new URLSearchParams({
        login: sandbox.login,
        client_orderid: "x",
        orderid: "1",
        amount: "1.00",
        control: "0".repeat(40),
      }).toString(),
    }),
    /field 'amount' needs field 'currency' as well/,
  ],
  [
    "threeDSCompInd outside Y, N, U",
    async () => ({
      path: "/api/3ds/v1/upload-method-url-result/1111",
      body: new URLSearchParams({
        login: sandbox.login,
        "client-order-id": "x",
        orderid: "1",
        threeDSCompInd: "X",
        control: "0".repeat(40),
      }).toString(),
    }),
    /field 'threeDSCompInd' must be equal to one of the allowed values/,
  ],
  [
    "status of an unknown client_orderid",
    async () => ({
      path: "/api/v2/status/1111",
      body: new URLSearchParams(
        await signed("/api/v2/status/{endpointId}", { login: sandbox.login, client_orderid: "never-seen" }),
      ).toString(),
    }),
    /no order with client_orderid 'never-seen' on endpoint 1111/,
  ],
  [
    "card info of an unknown card reference",
    async () => ({
      path: "/api/v2/get-card-info/1111",
      body: new URLSearchParams(
        await signed("/api/v2/get-card-info/{endpointId}", { login: sandbox.login, cardrefid: "CR0" }),
      ).toString(),
    }),
    /no card reference 'CR0'/,
  ],
  [
    "payout without Authorization",
    async () => ({ path: "/api/v2/payout/1111", body: new URLSearchParams(payoutBody()).toString() }),
    /missing Authorization header: payout is signed with OAuth 1.0a HMAC-SHA1/,
  ],
  [
    "payout signed with the wrong key",
    async () => oauth("/api/v2/payout/1111", payoutBody(), { rsa: false, key: "not-the-key" }),
    /OAuth 1.0a HMAC-SHA1 signature refused: oauth_signature does not match the request/,
  ],
  [
    "payout without a destination",
    async () =>
      oauth("/api/v2/payout/1111", { client_orderid: orderId("po"), amount: "1.00", currency: "USD" }, { rsa: false }),
    /missing destination/,
  ],
  [
    "RSA request with an old timestamp",
    async () => oauth("/api/v4/payout-check/1111", checkBody(), { rsa: true, now: () => Date.now() - 3_600_000 }),
    /OAuth 1.0a RSA-SHA256 signature refused: oauth_timestamp outside the accepted window/,
  ],
  [
    "RSA request signed with HMAC",
    async () => oauth("/api/v4/payout-check/1111", checkBody(), { rsa: false }),
    /oauth_signature_method must be RSA-SHA256/,
  ],
  [
    "recurring interval not an integer",
    async () =>
      oauth(
        "/api/v4/create-recurring-payment/1111",
        {
          rp_card_type: "DST",
          "client-orderid": orderId("rp"),
          order_desc: "Plan",
          amount: "1.00",
          currency: "USD",
          period: "month",
          interval: "often",
          "credit-card-number": "4111111111111111",
        },
        { rsa: true },
      ),
    /field 'interval' must be integer/,
  ],
];

describe("bad input gets 400 ValidationErrorResponse naming the problem", () => {
  it.each(cases)("%s", async (_name, make, message) => {
    const reply = await send(await make());
    expect(reply.status).toBe(400);
    expect(reply.contentType).toContain(PAY);
    expect(validationErrorSchemaErrors(reply.body)).toEqual([]);
    expect(String(reply.body["error-message"])).toMatch(message);
  });

  it("refuses a replayed OAuth nonce", async () => {
    const body = checkBody();
    const first = await oauth("/api/v4/payout-check/1111", body, { rsa: true, nonce: "fixed-nonce-1" });
    expect((await send(first)).status).toBe(200);
    const again = await send(first);
    expect(again.status).toBe(400);
    expect(String(again.body["error-message"])).toMatch(/oauth_nonce was already used/);
  });

  it("never answers 500 or crashes on garbage", async () => {
    const paths = Object.keys(operationTable).map((p) => p.replace("{endpointId}", "1111"));
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = [
      "amount=",
      "%",
      "&",
      "=",
      "control=",
      "a".repeat(300),
      "\u00e9",
      "%00",
      "__proto__=1",
      "constructor=x",
      "login=",
      "orderid=../../",
      "+",
      "email=@",
    ];
    for (let i = 0; i < 150; i += 1) {
      const path = paths[Math.floor(random() * paths.length)] ?? "/";
      let body = "";
      for (let j = 0; j < 6; j += 1) body += pieces[Math.floor(random() * pieces.length)];
      const reply = await send({ path, body });
      expect(reply.status, `${path} ${body}`).toBe(400);
    }
    expect((await send({ path: "/api/v2/sale/1111", body: await saleBody() })).status).toBe(200);
    expect(log.some((line) => / 500 /.test(line))).toBe(false);
  });

  it("never logs card numbers, security codes or keys", async () => {
    await send({
      path: "/api/v2/sale/1111",
      body: await saleBody({ credit_card_number: "5555555555554444", cvv2: "987" }),
    });
    const text = log.join("\n");
    expect(text).not.toMatch(/5555555555554444|4111111111111111/);
    expect(text).not.toContain("cvv2");
    expect(text).not.toContain(sandbox.controlKey);
  });
});
