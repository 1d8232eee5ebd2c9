// Signatures per second for control, HMAC-SHA1 and RSA-SHA256 through the middleware, each beside
// the same Web Crypto primitive called directly and beside the least any request-rewriting code
// must do (read the body, sign, build the new Request), in the same run. `pnpm bench` prints the
// ratios at the end of each group.
import { operationTable } from "@card-processing/types";
import spec from "@card-processing/types/openapi.json" with { type: "json" };
import type { Middleware, MiddlewareCallbackParams } from "openapi-fetch";
import { bench, describe, type BenchOptions } from "vitest";
import { toBase64, toHex, utf8 } from "./byte-encoding.js";
import { RSA_SHA256 as RSA } from "./rsa-key.js";
import { DetachedFormRequest, FormRequest, formBodyOf, withFormBody } from "./form-request.js";
import { createSigningMiddleware } from "./signing-middleware.js";

const login = "test-merchant";
const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
const generated = await crypto.subtle.generateKey({ ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, ["sign"]);
const pkcs8 = await crypto.subtle.exportKey("pkcs8", generated.privateKey);
const privateKey = `-----BEGIN PRIVATE KEY-----\n${toBase64(pkcs8)}\n-----END PRIVATE KEY-----`;
const base = "https://sandbox.gateway.example/paynet";
const headers = { Accept: "application/vnd.pay+json", "Content-Type": "application/x-www-form-urlencoded" };

// The spec's own sale example, without its control.
const saleExample = spec.paths["/api/v2/sale/{endpointId}"].post.requestBody.content["application/x-www-form-urlencoded"].examples.sale.value;
const saleBody = new URLSearchParams(Object.entries(saleExample).filter(([name]) => name !== "control")).toString();
const payoutBody = new URLSearchParams({
  client_orderid: "PO-7781",
  amount: "25.00",
  currency: "USD",
  order_desc: "Refund of overpayment, order 7781",
  ipaddress: "65.153.12.232",
  "destination-card-no": "4111111111111111",
}).toString();

const middleware = createSigningMiddleware({ login, controlKey, privateKey }) as Required<Middleware>;
const params = { path: { endpointId: 1111 } };
const options = {} as MiddlewareCallbackParams["options"];

// Requests are built once, outside the timed code, as the client builds them (DetachedFormRequest):
// the middleware neither drains nor copies them but writes `control` into their text, so the same
// request can be signed again and again (a second signature replaces the first).
const prebuilt = new Map<string, DetachedFormRequest>();
function requestFor(schemaPath: string, body: string): DetachedFormRequest {
  let request = prebuilt.get(schemaPath);
  if (!request) {
    request = new DetachedFormRequest(`${base}${schemaPath.replace("{endpointId}", "1111")}`, { method: "POST", headers, body });
    prebuilt.set(schemaPath, request);
  }
  return request;
}

function call(schemaPath: string, body: string): Promise<unknown> {
  const request = requestFor(schemaPath, body);
  return middleware.onRequest({ request, schemaPath, params, options, id: "bench" }) as Promise<unknown>;
}

// The bare primitives get what the middleware would feed them, prepared once.
const controlText = `1111902B4FF51042john.smith@gmail.com${controlKey}`;
const hmacKey = await crypto.subtle.importKey("raw", utf8.encode(`${controlKey}&`), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
const rsaKey = generated.privateKey;
const oauthBase = (path: string) =>
  `POST&${encodeURIComponent(`${base}${path}`)}&${encodeURIComponent(`${payoutBody}&oauth_consumer_key=${login}&oauth_nonce=0123456789abcdef0123456789abcdef&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1700000000&oauth_version=1.0`)}`;
const hmacBase = oauthBase("/api/v2/payout/1111");
const rsaBase = oauthBase("/api/v4/payout/1111");

const sale = "/api/v2/sale/{endpointId}" satisfies keyof typeof operationTable;
const payout = "/api/v2/payout/{endpointId}" satisfies keyof typeof operationTable;
const payoutV4 = "/api/v4/payout/{endpointId}" satisfies keyof typeof operationTable;

/**
 * The ratios come from a fourth task that runs the three side by side, round after round, and
 * keeps each one's durations: a busy machine then slows all three alike, and medians ignore GC
 * pauses. Vitest runs no afterAll hooks in bench mode, so that task's teardown prints them.
 */
function ratioSampler(group: string, tasks: ReadonlyArray<() => Promise<unknown>>): [string, () => Promise<void>, BenchOptions] {
  const durations: number[][] = tasks.map(() => []);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
  return [
    `ratio sampler: the three above, interleaved (${group})`,
    async () => {
      for (let i = 0; i < tasks.length; i++) {
        const start = performance.now();
        await (tasks[i] as () => Promise<unknown>)();
        (durations[i] as number[]).push(performance.now() - start);
      }
    },
    {
      time: 1500,
      teardown(_task, mode) {
        if (mode !== "run") return;
        const [bare, hand, middleware] = durations.map(median) as [number, number, number];
        const perSecond = (ms: number) => Math.round(1000 / ms).toLocaleString("en-US");
        console.log(
          `[signing bench] ${group}, medians of ${durations[0]?.length} interleaved rounds: middleware ${perSecond(middleware)}/s,` +
            ` hand-written ${perSecond(hand)}/s, bare primitive ${perSecond(bare)}/s\n` +
            `  middleware / bare Web Crypto primitive   = ${(middleware / bare).toFixed(2)}x\n` +
            `  middleware / hand-written request signing = ${(middleware / hand).toFixed(2)}x`,
        );
      },
    },
  ];
}

/**
 * What any signing middleware must do around the primitive, written inline: take the body, sign
 * precomputed input, and put the signature on the request (a new request for a new body, the
 * header in place otherwise). The gap between this and the middleware is the cost of the
 * middleware's own work (table lookup, term resolution, minor units, base string).
 */
async function handWritten(request: FormRequest, sign: () => Promise<string>, asHeader: boolean): Promise<Request> {
  const text = formBodyOf(request) ?? "";
  const signature = await sign();
  if (asHeader) {
    request.headers.set("Authorization", signature);
    return request;
  }
  return withFormBody(request, `${text}&control=${signature}`);
}

const digestHex = async () => toHex(await crypto.subtle.digest("SHA-1", utf8.encode(controlText)));
const hmacB64 = async () => toBase64(await crypto.subtle.sign("HMAC", hmacKey, utf8.encode(hmacBase)));
const rsaB64 = async () => toBase64(await crypto.subtle.sign(RSA, rsaKey, utf8.encode(rsaBase)));

const groups = [
  { group: "control (SHA-1)", primitive: digestHex, path: sale, body: saleBody, asHeader: false },
  { group: "OAuth HMAC-SHA1", primitive: hmacB64, path: payout, body: payoutBody, asHeader: true },
  { group: "OAuth RSA-SHA256", primitive: rsaB64, path: payoutV4, body: payoutBody, asHeader: true },
];

for (const { group, primitive, path, body, asHeader } of groups) {
  describe(group, () => {
    const handRequest = new FormRequest(`${base}${path.replace("{endpointId}", "1111")}`, { method: "POST", headers, body });
    const hand = () => handWritten(handRequest, primitive, asHeader);
    const middlewareCall = () => call(path, body);
    bench(`bare Web Crypto primitive (${group})`, async () => void (await primitive()));
    bench(`hand-written request signing (${group})`, async () => void (await hand()));
    bench(`middleware (${group})`, async () => void (await middlewareCall()));
    bench(...ratioSampler(group, [primitive, hand, middlewareCall]));
  });
}
