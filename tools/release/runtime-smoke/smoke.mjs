// Runtime smoke test: the same program runs on Node 20/22/24, Bun and Deno against the packages
// installed from their tarballs. Plain ESM JavaScript, so every runtime runs it as is.
// Usage: <runtime> smoke.mjs <gateway-url> <login> <control-key> [<rsa-private-key-pem-file>]
// (the key is read from a file, never passed on the command line, where other users' `ps` sees it)
import { readFile } from "node:fs/promises";
import { createClient, signCallback } from "@card-processing/client";
import { createCallbackHandler, toNodeListener } from "@card-processing/client/callback-handler";
import {
  callbackControl,
  controlDigest,
  createOAuthSigner,
  createSigningMiddleware,
  signOAuth,
  signRequest,
  toMinorUnits,
  verifyOAuth,
} from "@card-processing/signing";
import { operationTable } from "@card-processing/types";

const args = globalThis.Deno ? globalThis.Deno.args : globalThis.process.argv.slice(2);
const [gatewayUrl, login, controlKey, privateKeyFile] = args;
const privateKey = privateKeyFile ? await readFile(privateKeyFile, "utf8") : undefined;
const runtime = globalThis.Deno
  ? `deno ${globalThis.Deno.version.deno}`
  : globalThis.Bun
    ? `bun ${globalThis.Bun.version}`
    : `node ${globalThis.process.versions.node}`;

let failed = 0;
async function check(name, body) {
  try {
    await body();
    console.log(`ok - ${name}`);
  } catch (error) {
    failed += 1;
    console.log(
      `not ok - ${name}\n  ${String(error?.stack ?? error)
        .split("\n")
        .join("\n  ")}`,
    );
  }
}
function equal(actual, expected, what) {
  if (actual !== expected)
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

function pem(label, der) {
  let binary = "";
  for (const byte of new Uint8Array(der)) binary += String.fromCharCode(byte);
  const lines = btoa(binary)
    .match(/.{1,64}/g)
    .join("\n");
  return `-----BEGIN ${label}-----\n${lines}\n-----END ${label}-----\n`;
}

console.log(`# ${runtime}`);

await check("control digests match the published vectors", async () => {
  equal(
    await controlDigest(["1111", "902B4FF5", "1042", "john.smith@gmail.com"], "B17F59B4-A7DC-41B4-8FF9-37D986B43D20"),
    "c6bdd88a78834ef4b863b088827a459f039e8257",
    "sale control",
  );
  const sale = operationTable["/api/v2/sale/{endpointId}"];
  equal(
    (
      await signRequest({
        entry: sale,
        url: "https://gateway.example/paynet/api/v2/sale/789",
        keys: { login: "unused", controlKey: "D5F82EC1-8575-4482-AD89-97X6X0X20X22" },
        body: {
          client_orderid: "CLIENT-112233",
          order_desc: "x",
          amount: "0.99",
          currency: "USD",
          email: "vass.pupkin@example.com",
        },
      })
    ).fields.control,
    "9ae745207ca7de4543703ea8c334286d57b5d1d4",
    "sale control from the operation table",
  );
  equal(
    await callbackControl(
      { status: "approved", orderid: "1234567", client_orderid: "hf-abc" },
      "test-merchant-control",
    ),
    "652ace404c4dfe8bba069ecee594ec23a89340e1",
    "callback control",
  );
  equal(toMinorUnits("19.99", "USD"), "1999", "minor units of 19.99 USD");
});

await check("OAuth HMAC-SHA1 reproduces the RFC 5849 §1.2 vector", async () => {
  const signed = await signOAuth(
    {
      scheme: "oauth-hmac-sha1",
      consumerKey: "dpf43f3p2l4k3l03",
      controlKey: "kd94hf93k423kf44",
      token: "nnch734d00sl2jdk",
      tokenSecret: "pfkkdhi9sl3r4s00",
      includeVersion: false,
      now: () => 137131202_000,
      nonce: () => "chapoH",
    },
    { method: "GET", url: "http://photos.example.net/photos?file=vacation.jpg&size=original" },
  );
  equal(signed.signature, "MdpQcU8iPSUjWoN/UDMsK2sui9I=", "signature");
});

const url = "https://sandbox.gateway.example/paynet/api/v2/payout/1111";
const body = new URLSearchParams({
  client_orderid: "PO-1",
  amount: "25.00",
  currency: "USD",
  order_desc: "Refund & more",
});

await check("OAuth HMAC-SHA1 signs and verifies, and refuses a changed body", async () => {
  const { authorization } = await signOAuth(
    { scheme: "oauth-hmac-sha1", consumerKey: "shop", controlKey: "k3y" },
    { method: "POST", url, body },
  );
  const good = await verifyOAuth({
    method: "POST",
    url,
    body,
    authorization,
    scheme: "oauth-hmac-sha1",
    controlKey: "k3y",
  });
  equal(good.ok, true, "verify");
  const changed = new URLSearchParams(body);
  changed.set("amount", "26.00");
  const bad = await verifyOAuth({
    method: "POST",
    url,
    body: changed,
    authorization,
    scheme: "oauth-hmac-sha1",
    controlKey: "k3y",
  });
  equal(bad.ok, false, "verify a changed body");
});

await check("OAuth RSA-SHA256 signs and verifies with a key made by this runtime", async () => {
  const pair = await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  );
  const privateKey = pem("PRIVATE KEY", await crypto.subtle.exportKey("pkcs8", pair.privateKey));
  const publicKey = pem("PUBLIC KEY", await crypto.subtle.exportKey("spki", pair.publicKey));
  const signer = createOAuthSigner({ scheme: "oauth-rsa-sha256", consumerKey: "shop", privateKey });
  const { authorization } = await signer.sign({ method: "POST", url, body });
  const good = await verifyOAuth({ method: "POST", url, body, authorization, scheme: "oauth-rsa-sha256", publicKey });
  equal(good.ok, true, "verify");
  const changed = new URLSearchParams(body);
  changed.set("currency", "EUR");
  const bad = await verifyOAuth({
    method: "POST",
    url,
    body: changed,
    authorization,
    scheme: "oauth-rsa-sha256",
    publicKey,
  });
  equal(bad.ok, false, "verify a changed body");
});

/** Serves `handler` as this runtime's developers do: Deno.serve, Bun.serve, node:http with toNodeListener. */
async function serve(handler) {
  if (globalThis.Deno) {
    const server = globalThis.Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
    return { url: `http://127.0.0.1:${server.addr.port}/payments/callback`, stop: () => server.shutdown() };
  }
  if (globalThis.Bun) {
    const server = globalThis.Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: handler });
    return { url: `http://127.0.0.1:${server.port}/payments/callback`, stop: async () => server.stop(true) };
  }
  const { createServer } = await import("node:http");
  const listener = toNodeListener(handler);
  const server = createServer((request, response) => void listener(request, response)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const stop = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { url: `http://127.0.0.1:${server.address().port}/payments/callback`, stop };
}

await check(
  "the callback endpoint on this runtime's own server: handled once, a duplicate 200, a forgery 403",
  async () => {
    const handled = [];
    const key = "runtime-callback-key";
    const handler = createCallbackHandler({
      controlKey: key,
      onCallback: (callback) => void handled.push(callback.orderid),
    });
    const { url, stop } = await serve(handler);
    try {
      const event = { status: "approved", orderid: "1234567", client_orderid: "902B4FF5", type: "sale" };
      const genuine = `${url}?${await signCallback(event, key)}`;
      const first = await fetch(genuine);
      equal(`${first.status} ${await first.text()}`, "200 OK", "genuine");
      const again = await fetch(genuine);
      equal(`${again.status} ${await again.text()}`, "200 OK", "duplicate");
      const forged = await fetch(`${url}?${await signCallback({ ...event, status: "declined" }, "not-the-key")}`);
      await forged.text();
      equal(forged.status, 403, "forged");
      equal(handled.join(","), "1234567", "onCallback calls");
    } finally {
      await stop();
    }
  },
);

if (gatewayUrl) {
  const client = createClient({ baseUrl: gatewayUrl });
  client.use(createSigningMiddleware({ login, controlKey, privateKey }));

  await check("client signs a status call with control, accepted by a Node gateway", async () => {
    const { data, error } = await client.POST("/api/v2/status/{endpointId}", {
      params: { path: { endpointId: 1111 } },
      body: { client_orderid: "902B4FF5", orderid: "1234567" },
    });
    equal(error, undefined, "error");
    equal(data?.status, "approved", "status");
    equal(data?.["paynet-order-id"], "1234567", "paynet-order-id as a string");
  });

  await check("client signs a v2 payout with OAuth HMAC-SHA1, accepted by a Node gateway", async () => {
    const { data, error } = await client.POST("/api/v2/payout/{endpointId}", {
      params: { path: { endpointId: 1111 } },
      body: { client_orderid: "PO-7781", amount: "25.00", currency: "USD" },
    });
    equal(error, undefined, "error");
    equal(data?.type, "async-response", "reply type");
  });

  if (privateKey) {
    await check("client signs a v4 call with OAuth RSA-SHA256, accepted by a Node gateway", async () => {
      const { data, error } = await client.POST("/api/v4/create-card-ref/{endpointId}", {
        params: { path: { endpointId: 1111 } },
        body: { client_orderid: "CR-1", orderid: "1234567", login },
      });
      equal(error, undefined, "error");
      equal(data?.type, "async-response", "reply type");
    });
  }
}

console.log(failed === 0 ? `# ${runtime}: all passed` : `# ${runtime}: ${failed} failed`);
if (failed > 0) {
  if (globalThis.Deno) globalThis.Deno.exit(1);
  globalThis.process.exitCode = 1;
}
