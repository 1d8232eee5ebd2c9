import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { operationTable } from "@card-processing/types";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAY_JSON, postForm, type RawReply, sendRaw, signedSaleBody } from "./raw-sale.testlib.js";
import { controlFor } from "./request-signing.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

// Property-based: generated malformed requests to every route of a sandbox running in its own
// process (the CLI), so that a crash shows as an exit, not as a failure of this test's process.
// FUZZ_RUNS raises the number of requests per property (default 150, 1,650 requests in all).
const RUNS = Number(process.env["FUZZ_RUNS"] ?? 150);
const CONTROL_KEY = "FUZZ-CONTROL-KEY";
const LOGIN = "sandbox-merchant";
const FORM = "application/x-www-form-urlencoded";
const cli = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "dist", "cli", "main.js");

let child: ChildProcess;
let keyFolder: string;
let url = "";
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const hostedTokens: string[] = [];
const orders: Array<{ readonly orderid: string; readonly clientOrderId: string }> = [];
const acsTokens: string[] = [];

const credentials = { endpointId: "1111", controlKey: CONTROL_KEY };
const cardFields = ["credit_card_number", "card_printed_name", "expire_month", "expire_year", "cvv2"];

/** A sale-form body: a signed sale without its card fields (the control terms are the same). */
function saleFormBody(): Record<string, string> {
  const fields = signedSaleBody(credentials, orderId("fuzz-form"));
  for (const name of cardFields) delete fields[name];
  return fields;
}

async function startCli(): Promise<void> {
  keyFolder = mkdtempSync(join(tmpdir(), "sandbox-fuzz-"));
  const args = [
    "--port",
    "0",
    "--quiet",
    "--control-key",
    CONTROL_KEY,
    "--latency-ms",
    "5",
    "--settle-delay-ms",
    "50",
    "--callback-attempts",
    "2",
  ];
  child = spawn(process.execPath, [cli, ...args, "--private-key-out", join(keyFolder, "key.pem")]);
  const started = child;
  url = await new Promise<string>((resolve, reject) => {
    let output = "";
    started.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("test cards:")) resolve(/url:\s+(\S+)/.exec(output)?.[1] ?? "");
    });
    started.once("exit", (code) => reject(new Error(`the sandbox CLI exited with ${String(code)} before it listened`)));
  });
}

/** Live hosted and ACS pages to aim at: form orders, half of them sent on to 3-D Secure. */
async function openPages(): Promise<void> {
  for (let i = 0; i < 6; i += 1) {
    const reply = await postForm(url, "/api/v2/sale-form/1111", saleFormBody(), agent);
    const page = String((JSON.parse(reply.text) as Record<string, unknown>)["redirect-url"]);
    const token = page.split("/").at(-1) ?? "";
    if (i % 2 === 0) {
      hostedTokens.push(token);
      continue;
    }
    const card = new URLSearchParams({
      credit_card_number: "4000000000003220",
      card_printed_name: "J S",
      expire_month: "12",
      expire_year: "2030",
      cvv2: "123",
    });
    const submitted = await sendRaw(page, { headers: { "content-type": FORM }, body: card.toString(), agent });
    expect(submitted.status).toBe(303);
    acsTokens.push(token);
  }
}

/** Sales and preauthorizations for the follow-up operations to act on. */
async function openOrders(): Promise<void> {
  for (const path of ["/api/v2/sale/1111", "/api/v2/preauth/1111", "/api/v2/sale/1111", "/api/v2/preauth/1111"]) {
    const clientOrderId = orderId("fuzz-order");
    const reply = await postForm(url, path, signedSaleBody(credentials, clientOrderId), agent);
    orders.push({
      orderid: String((JSON.parse(reply.text) as Record<string, unknown>)["paynet-order-id"]),
      clientOrderId,
    });
  }
}

beforeAll(async () => {
  await startCli();
  await openPages();
  await openOrders();
});
afterAll(async () => {
  agent.destroy();
  if (child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  rmSync(keyFolder, { recursive: true, force: true });
});

const apiPaths = Object.keys(operationTable);
const endpointIds = fc.constantFrom(
  "1111",
  "1111",
  "0",
  "abc",
  "%zz",
  "%E0%A4%A",
  "99999999999999999999",
  "",
  "-1",
  "1111%2F..",
);
const apiTarget = fc
  .tuple(fc.constantFrom(...apiPaths), endpointIds)
  .map(([path, id]) => `/paynet${path.replace("{endpointId}", id)}`);
const hex = fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 1, maxLength: 70 });
// A function: the tokens exist only once beforeAll has opened the pages.
const pageTarget = () =>
  fc
    .tuple(fc.constantFrom("hosted", "acs"), fc.oneof(fc.constantFrom(...hostedTokens, ...acsTokens, "zz", "%00"), hex))
    .map(([kind, token]) => `/paynet/${kind}/${token}`);
const adminTarget = fc.constantFrom(
  "/paynet/_admin/orders",
  "/paynet/_admin/callbacks",
  "/paynet/_admin/callbacks?orderid=%zz",
  "/paynet/_admin/settle",
  "/paynet/_admin/settle?orderid=",
  "/paynet/_admin/settle?orderid=1000001",
  "/paynet/_admin/nothing",
);
const oddTarget = fc.constantFrom(
  "http://a:99999/paynet/x",
  "http://[::1/paynet/api/v2/sale/1111",
  "/paynet/",
  "/paynet/%",
  "//paynet/api",
  "/paynet/api/v2/sale/1111?x=%zz&x=1",
  "/",
  "*",
);
/** URLs no shop can be reached at: the sandbox refuses each in any URL field. */
const unusableUrls = fc.constantFrom(
  "http://127.0.0.1:99999/cb",
  "https://",
  "http://%00/cb",
  "http://256.1.1.1/cb",
  "http://a@/cb",
  "http://[::1/cb",
  "http://a b/cb",
  "http:/cb",
  "ftp://x/cb",
  "http://",
  "",
);
/** Generated text in a URL field: sometimes a usable URL (`http://a/cb`), mostly not. */
const generatedUrls = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }).map((host) => `http://${host}/cb`),
  fc.string({ maxLength: 60 }),
);

/** A signed sale, then bent: a key repeated, a value emptied or past its limit, an unusable URL. */
const bentSale = fc.oneof(
  fc
    .tuple(fc.constantFrom("amount", "client_orderid", "email", "control", "cvv2"), fc.string({ maxLength: 20 }))
    .map(([key, value]) => {
      const body = new URLSearchParams(signedSaleBody(credentials, orderId("fuzz")));
      body.append(key, value);
      return body.toString();
    }),
  // Any change to a signed field (email, amount, client_orderid) breaks the signature; server_callback_url
  // is no URL; order_desc, unsigned and allowed 65,535 characters, only when emptied or past that.
  fc
    .oneof(
      fc.tuple(
        fc.constantFrom("email", "amount", "server_callback_url", "client_orderid"),
        fc.constantFrom(0, 1, 300, 5_000, 70_000),
      ),
      fc.tuple(fc.constant("order_desc"), fc.constantFrom(0, 70_000)),
    )
    .map(([key, size]) =>
      new URLSearchParams({ ...signedSaleBody(credentials, orderId("fuzz")), [key]: "x".repeat(size) }).toString(),
    ),
  fc
    .constant(null)
    .map(() =>
      new URLSearchParams(
        Object.fromEntries(Object.keys(signedSaleBody(credentials, "x")).map((key) => [key, ""])),
      ).toString(),
    ),
  fc
    .tuple(fc.constantFrom("server_callback_url", "redirect_url", "notify_url", "site_url"), unusableUrls)
    .map(([key, value]) =>
      new URLSearchParams(signedSaleBody(credentials, orderId("fuzz"), { [key]: value })).toString(),
    ),
);
/** A signed sale with array-style or prototype-named keys added (`amount[]`, `__proto__[0]`): fields the API does not have. */
const saleWithArrayStyleKeys = fc
  .tuple(
    fc.constantFrom("amount", "email", "currency", "__proto__", "constructor"),
    fc.constantFrom("[]", "[0]", "[a][b]", ".x"),
  )
  .map(([key, suffix]) => {
    const body = new URLSearchParams(signedSaleBody(credentials, orderId("fuzz")));
    body.append(`${key}${suffix}`, "1");
    body.append(`${key}[1]`, "2");
    return body.toString();
  });
const brokenEncoding = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: "binary", maxLength: 120 }),
  fc.constantFrom(
    "%",
    "%zz",
    "a=%E0%A4%A",
    "%ED%A0%80=1",
    "a=%C0%AF",
    "=",
    "&&&",
    "a==b",
    "+=+",
    "amount=1&amount",
    "a=%FF%FE",
  ),
  fc.constantFrom(
    Buffer.from([0x61, 0x3d, 0xc0, 0xaf]),
    Buffer.from([0x61, 0x3d, 0xed, 0xa0, 0x80]),
    Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x3d, 0x31]),
  ),
);
const body = fc.oneof(bentSale, saleWithArrayStyleKeys, brokenEncoding, fc.constant(""));
const method = fc.constantFrom("POST", "POST", "POST", "GET", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD");
const contentType = fc.constantFrom(
  FORM,
  FORM,
  `${FORM}; charset=utf-8`,
  `${FORM}; charset=iso-8859-1`,
  "application/json",
  "text/plain",
  "multipart/form-data; boundary=x",
  "",
  "x/y",
);
const accept = fc.constantFrom(PAY_JSON, PAY_JSON, `${PAY_JSON}; q=0.5`, "application/json", "*/*", "", "text/html");

interface Sent {
  readonly target: string;
  readonly method: string;
  readonly reply: RawReply;
}

async function send(
  target: string,
  verb: string,
  headers: Record<string, string>,
  payload: string | Buffer,
): Promise<Sent> {
  const reply = await sendRaw(url, {
    method: verb,
    path: target,
    headers,
    body: verb === "GET" || verb === "HEAD" ? "" : payload,
    agent,
  });
  return { target, method: verb, reply };
}

/** No 5xx anywhere; an API or admin answer other than 200 is a 400 vendor JSON refusal with an `error-message`. */
function expectHandled({ target, method: verb, reply }: Sent): void {
  const where = `${verb} ${target.slice(0, 120)} -> ${reply.status} ${reply.text.slice(0, 200)}`;
  expect(reply.status, where).toBeLessThan(500);
  expect(child.exitCode, "sandbox process exited").toBeNull();
  const jsonRoute = target.startsWith("/paynet/api/") || target.startsWith("/paynet/_admin/");
  if (!jsonRoute || reply.status === 200 || verb === "HEAD") return;
  expect(reply.status, where).toBe(400);
  expect(reply.contentType, where).toContain(PAY_JSON);
  const message = (JSON.parse(reply.text) as Record<string, unknown>)["error-message"];
  expect(typeof message === "string" && message.length > 0, where).toBe(true);
}

/** A refusal: 400 vendor JSON with an `error-message`, the sandbox still running. */
function expectRefused({ target, method: verb, reply }: Sent): void {
  const where = `${verb} ${target.slice(0, 120)} -> ${reply.status} ${reply.text.slice(0, 200)}`;
  expect(child.exitCode, "sandbox process exited").toBeNull();
  expect(reply.status, where).toBe(400);
  expect(reply.contentType, where).toContain(PAY_JSON);
  const message = (JSON.parse(reply.text) as Record<string, unknown>)["error-message"];
  expect(typeof message === "string" && message.length > 0, where).toBe(true);
}

const followUps = [
  "/api/v2/capture/{endpointId}",
  "/api/v2/return/{endpointId}",
  "/api/v2/void/{endpointId}",
  "/api/v2/status/{endpointId}",
  "/api/v2/create-card-ref/{endpointId}",
] as const;
const amounts = fc.oneof(
  fc.constantFrom("1.00", "10.42", "0.01", "0", "10.43", "99999999.99", "1.001", "-1", "1e3", ""),
  fc.string({ maxLength: 8 }),
);
const currencies = fc.constantFrom("USD", "USD", "EUR", "JPY", "XYZ", "usd", "");
/** A follow-up request, signed as the merchant would sign it, on a known or unknown order. */
const followUp = () =>
  fc
    .record({
      path: fc.constantFrom(...followUps),
      order: fc.oneof(
        fc.constantFrom(...orders),
        fc.record({ orderid: fc.constantFrom("0", "1", "abc", ""), clientOrderId: fc.string({ maxLength: 12 }) }),
      ),
      ownClientId: fc.boolean(),
      amount: fc.option(amounts),
      currency: fc.option(currencies),
      comment: fc.option(fc.string({ maxLength: 30 })),
    })
    .map(({ path, order, ownClientId, amount, currency, comment }) => {
      const body: Record<string, string> = {
        login: LOGIN,
        client_orderid: ownClientId ? order.clientOrderId : "someone-else",
        orderid: order.orderid,
      };
      if (amount !== null) body["amount"] = amount;
      if (currency !== null) body["currency"] = currency;
      if (comment !== null) body["comment"] = comment;
      return { path, body };
    });

describe("malformed requests never break the sandbox", () => {
  it("answers generated API requests with a 400 naming the problem, or a 200 when one is valid after all, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(apiTarget, method, contentType, accept, body, async (target, verb, type, acc, payload) => {
        expectHandled(await send(target, verb, { "content-type": type, accept: acc }, payload));
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it("refuses with a 400 and a message every signed sale bent by a repeated field, an emptied or oversized field, or an unusable URL", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/paynet/api/v2/sale/1111", "/paynet/api/v2/preauth/1111"),
        bentSale,
        async (target, payload) => {
          expectRefused(await send(target, "POST", { "content-type": FORM, accept: PAY_JSON }, payload));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("takes a signed sale with array-style or prototype-named keys added as the sale its own fields describe (200)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/paynet/api/v2/sale/1111", "/paynet/api/v2/preauth/1111"),
        saleWithArrayStyleKeys,
        async (target, payload) => {
          const sent = await send(target, "POST", { "content-type": FORM, accept: PAY_JSON }, payload);
          expect(sent.reply.status, sent.reply.text).toBe(200);
          expect(JSON.parse(sent.reply.text)).toMatchObject({ type: "async-response", "end-point-id": 1111 });
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });

  it("answers signed sales with generated text in a URL field with a 200 or a 400 naming the problem, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("server_callback_url", "redirect_url", "notify_url", "site_url"),
        generatedUrls,
        async (key, value) => {
          const payload = new URLSearchParams(
            signedSaleBody(credentials, orderId("fuzz"), { [key]: value }),
          ).toString();
          expectHandled(
            await send("/paynet/api/v2/sale/1111", "POST", { "content-type": FORM, accept: PAY_JSON }, payload),
          );
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });

  it("answers generated requests to the hosted, ACS and admin pages and to odd targets without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(pageTarget(), adminTarget, oddTarget),
        method,
        contentType,
        body,
        async (target, verb, type, payload) => {
          expectHandled(await send(target, verb, { "content-type": type, accept: "text/html" }, payload));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("answers signed captures, returns, voids, status and card-ref requests in any order and with any amount without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(followUp(), async ({ path, body }) => {
        // A body the signer refuses (a malformed amount) gets a placeholder: the sandbox refuses it before the signature.
        const control = await controlFor({ url, login: LOGIN, controlKey: CONTROL_KEY }, path, body).catch(() =>
          "0".repeat(40),
        );
        const target = `/paynet${path.replace("{endpointId}", "1111")}`;
        expectHandled(
          await send(
            target,
            "POST",
            { "content-type": FORM, accept: PAY_JSON },
            new URLSearchParams({ ...body, control }).toString(),
          ),
        );
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it("is still running afterwards and serves a valid signed sale to its final status", async () => {
    expect(child.exitCode).toBeNull();
    const reply = await postForm(url, "/api/v2/sale/1111", signedSaleBody(credentials, orderId("fuzz-after")), agent);
    expect(reply.status, reply.text).toBe(200);
    const orderid = String((JSON.parse(reply.text) as Record<string, unknown>)["paynet-order-id"]);
    await expect
      .poll(async () => {
        const orders = JSON.parse(
          (await sendRaw(`${url}/_admin/orders?q=${orderid}`, { method: "GET", agent })).text,
        ) as {
          orders: Array<{ orderid: string; status: string }>;
        };
        return orders.orders.find((o) => o.orderid === orderid)?.status;
      })
      .toBe("approved");
  });
});
