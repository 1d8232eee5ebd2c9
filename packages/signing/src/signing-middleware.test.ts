import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { type OperationEntry, operationTable } from "@card-processing/types";
import createClient, { type Middleware } from "openapi-fetch";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { refMinorUnits, refSha1Hex, refVerifyOAuth } from "../test/node-reference.js";
import { createSigningMiddleware } from "./signing-middleware.js";

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privateKey = pair.privateKey.export({ type: "pkcs1", format: "pem" }) as string;
const login = "test-merchant";
const controlKey = "B17F59B4-A7DC-41B4-8FF9-37D986B43D20";
const table: Readonly<Record<string, OperationEntry>> = operationTable;

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${req.url ?? ""}`,
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        body,
      });
      res.writeHead(200, { "content-type": "application/vnd.pay+json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/paynet`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

function clientWith(...middleware: Middleware[]) {
  const client = createClient({
    baseUrl,
    headers: { Accept: "application/vnd.pay+json", "Content-Type": "application/x-www-form-urlencoded" },
  });
  client.use(...middleware);
  return client;
}

/** A body with every required field and every signature term, with values that need encoding. */
function sampleBody(entry: OperationEntry): Record<string, string> {
  const body: Record<string, string> = {};
  for (const name of [...entry.requiredFields, ...entry.signature.terms]) {
    if (name === "endpointId" || name === "login" || name === "control") continue;
    body[name] =
      name === "amount"
        ? "10.42"
        : name === "currency"
          ? "USD"
          : name === "email"
            ? "john.smith+1@gmail.com"
            : `${name} value/ü&=*`;
  }
  return body;
}

/** The control an independent implementation expects for the body the server received. */
function expectedControl(entry: OperationEntry, body: URLSearchParams, endpointId: string): string {
  const parts = entry.signature.terms.map((term) => {
    if (term === "endpointId") return endpointId;
    if (term === "amount") return body.get("amount") ? refMinorUnits(body.get("amount")!, 2) : "";
    return body.get(term) ?? "";
  });
  return refSha1Hex(parts.join("") + controlKey);
}

async function send(
  middleware: Middleware,
  path: string,
  body: Record<string, string | number>,
  endpointId: number | string = 1111,
) {
  const client = clientWith(middleware);
  return client.POST(path as never, { params: { path: { endpointId } }, body } as never);
}

describe("createSigningMiddleware over every operation of the table", () => {
  const entries = Object.values(table);

  it("covers every operation the bundled spec has", () => {
    const spec = createRequire(import.meta.url)("@card-processing/types/openapi.json") as {
      paths: Record<string, { post?: { operationId: string } }>;
    };
    const inSpec = Object.values(spec.paths).flatMap((item) =>
      item.post === undefined ? [] : [item.post.operationId],
    );
    expect(inSpec.length).toBeGreaterThan(0);
    expect(entries.map((entry) => entry.operationId).sort()).toEqual(inSpec.sort());
  });

  it.each(entries.map((entry) => [entry.operationId, entry.signature.scheme, entry] as const))(
    "signs %s (%s) so that an independent node:crypto check accepts it",
    async (_, scheme, entry) => {
      const middleware = createSigningMiddleware({
        login,
        controlKey,
        privateKey,
        now: () => Date.now(),
        nonce: () => "fixed nonce/+",
      });
      const { response } = await send(middleware, entry.path, sampleBody(entry), 1111);
      expect(response.status).toBe(200);
      expect(received).toHaveLength(1);
      const got = received[0]!;
      const body = new URLSearchParams(got.body);
      expect(got.url).toBe(`${baseUrl}${entry.path.replace("{endpointId}", "1111")}`);
      expect(got.contentType).toBe("application/x-www-form-urlencoded");
      for (const [name, value] of Object.entries(sampleBody(entry))) expect(body.get(name)).toBe(value);

      if (scheme === "control") {
        expect(got.authorization).toBeUndefined();
        expect(body.get("control")).toMatch(/^[0-9a-f]{40}$/);
        expect(body.get("control")).toBe(expectedControl(entry, body, "1111"));
        expect(body.get("login")).toBe(entry.signature.terms.includes("login") ? login : null);
      } else {
        expect(body.get("control")).toBeNull();
        expect([...body.keys()].some((name) => name.startsWith("oauth_"))).toBe(false);
        const key = scheme === "oauth-hmac-sha1" ? { hmacSecret: controlKey } : { publicKey: pair.publicKey };
        expect(
          refVerifyOAuth(
            { method: got.method, url: got.url, body: got.body, authorization: got.authorization ?? "" },
            key,
          ),
        ).toBe(true);
        expect(got.authorization).toContain(`oauth_consumer_key="${login}"`);
        expect(got.authorization).toContain(
          `oauth_signature_method="${scheme === "oauth-hmac-sha1" ? "HMAC-SHA1" : "RSA-SHA256"}"`,
        );
        expect(got.authorization).toContain('oauth_version="1.0"');
        expect(got.authorization).toContain('oauth_nonce="fixed%20nonce%2F%2B"');
        // A tampered body fails the same independent check.
        body.set("tampered", "1");
        expect(
          refVerifyOAuth(
            { method: got.method, url: got.url, body: body.toString(), authorization: got.authorization ?? "" },
            key,
          ),
        ).toBe(false);
      }
    },
  );

  it.each(entries.filter((e) => e.signature.scheme === "control").map((e) => [e.operationId, e] as const))(
    "signs %s with only its required fields, absent optional terms as empty strings",
    async (_, entry) => {
      const body = Object.fromEntries(
        Object.entries(sampleBody(entry)).filter(([name]) => entry.requiredFields.includes(name)),
      );
      await send(createSigningMiddleware({ login, controlKey }), entry.path, body, "42");
      const got = new URLSearchParams(received[0]!.body);
      expect(got.get("control")).toBe(expectedControl(entry, got, "42"));
    },
  );
});

describe("createSigningMiddleware", () => {
  const sale = "/api/v2/sale/{endpointId}";
  const saleBody = {
    client_orderid: "902B4FF5",
    amount: "10.42",
    currency: "USD",
    email: "john.smith@gmail.com",
    order_desc: "x",
  };

  it("produces the sale vector through the client, endpointId from the path", async () => {
    await send(createSigningMiddleware({ login, controlKey }), sale, { ...saleBody, amount: 10.42 }, 1111);
    expect(new URLSearchParams(received[0]!.body).get("control")).toBe("c6bdd88a78834ef4b863b088827a459f039e8257");
  });

  it("keeps a login already in the body, and replaces a stale control", async () => {
    const status = "/api/v2/status/{endpointId}";
    await send(createSigningMiddleware({ login, controlKey }), status, {
      login: "other",
      client_orderid: "A-1",
      control: "stale",
    });
    const body = new URLSearchParams(received[0]!.body);
    expect(body.getAll("login")).toEqual(["other"]);
    expect(body.getAll("control")).toEqual([refSha1Hex(`otherA-1${controlKey}`)]);
  });

  it("copies the oauth_* parameters into the body when asked", async () => {
    const payout = "/api/v2/payout/{endpointId}";
    const middleware = createSigningMiddleware({
      login,
      controlKey,
      oauthParamsInBody: true,
      now: () => 1_700_000_000_000,
      nonce: () => "n1",
    });
    await send(middleware, payout, sampleBody(table[payout]!));
    const got = received[0]!;
    const body = new URLSearchParams(got.body);
    expect(body.get("oauth_consumer_key")).toBe(login);
    expect(body.get("oauth_nonce")).toBe("n1");
    expect(body.get("oauth_timestamp")).toBe("1700000000");
    expect(body.get("oauth_signature")).toBe(
      decodeURIComponent(/oauth_signature="([^"]+)"/.exec(got.authorization!)![1]!),
    );
    expect(refVerifyOAuth({ ...got, authorization: got.authorization! }, { hmacSecret: controlKey })).toBe(true);
  });

  it("leaves an operation whose scheme is none untouched", async () => {
    const entry: OperationEntry = { ...table[sale]!, signature: { scheme: "none", terms: [], assumed: true } };
    await send(createSigningMiddleware({ login, controlKey, operations: { [sale]: entry } }), sale, saleBody);
    expect(received[0]!.body).toBe(new URLSearchParams(saleBody).toString());
    expect(received[0]!.authorization).toBeUndefined();
  });

  it("imports each key once, not per request", async () => {
    const freshControlKey = `fresh-${Math.random()}`;
    const freshPrivateKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    }) as string;
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    try {
      const middleware = createSigningMiddleware({ login, controlKey: freshControlKey, privateKey: freshPrivateKey });
      const rsa = "/api/v4/payout-check/{endpointId}";
      const hmac = "/api/v2/payout/{endpointId}";
      for (let i = 0; i < 3; i++) {
        await send(middleware, rsa, sampleBody(table[rsa]!));
        await send(middleware, hmac, sampleBody(table[hmac]!));
      }
      expect(received).toHaveLength(6);
      expect(importKey).toHaveBeenCalledTimes(2);
    } finally {
      importKey.mockRestore();
    }
  });

  it.each([
    ["an amount with too many decimals", sale, { ...saleBody, amount: "10.425" }, "ERR_AMOUNT_INVALID"],
    ["an unknown currency", sale, { ...saleBody, currency: "ZZZ" }, "ERR_CURRENCY_UNKNOWN"],
    ["a missing required term", sale, { ...saleBody, email: "" }, "ERR_FIELD_MISSING"],
    ["a path outside the table", "/api/v9/nope/{endpointId}", saleBody, "ERR_OPERATION_UNKNOWN"],
    ["an RSA operation without a private key", "/api/v4/payout/{endpointId}", saleBody, "ERR_KEY_MISSING"],
  ])("throws before the request leaves for %s", async (_, path, body, code) => {
    await expect(send(createSigningMiddleware({ login, controlKey }), path, body)).rejects.toMatchObject({
      name: "SigningError",
      code,
    });
    expect(received).toHaveLength(0);
  });

  it("refuses a 1024-bit key at creation, not at the first request, without quoting it", () => {
    const pem = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    }) as string;
    const error = (() => {
      try {
        createSigningMiddleware({ login, controlKey, privateKey: pem });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ name: "SigningError", code: "ERR_KEY_TOO_SHORT", field: "privateKey" });
    expect((error as Error).message).toBe("privateKey: has 1024 bits; at least 2048 required");
    expect((error as Error).message).not.toContain(pem.slice(40, 80));
  });

  it("refuses a JSON body, which it cannot sign", async () => {
    const client = createClient({ baseUrl, headers: { "Content-Type": "application/json" } });
    client.use(createSigningMiddleware({ login, controlKey }));
    await expect(
      client.POST(sale as never, { params: { path: { endpointId: 1 } }, body: saleBody } as never),
    ).rejects.toMatchObject({
      code: "ERR_BODY_INVALID",
    });
  });

  it("throws at creation for missing credentials or a malformed key", () => {
    expect(() => createSigningMiddleware({ login: "", controlKey })).toThrow(
      expect.objectContaining({ field: "login" }),
    );
    expect(() => createSigningMiddleware({ login, controlKey: "" })).toThrow(
      expect.objectContaining({ code: "ERR_KEY_INVALID", field: "controlKey" }),
    );
    expect(() =>
      createSigningMiddleware({
        login,
        controlKey,
        privateKey: "-----BEGIN PRIVATE KEY-----\n!!\n-----END PRIVATE KEY-----",
      }),
    ).toThrow(expect.objectContaining({ code: "ERR_KEY_INVALID", field: "privateKey" }));
  });
});

describe("createSigningMiddleware among other middleware", () => {
  const sale = "/api/v2/sale/{endpointId}";
  const saleBody = {
    client_orderid: "902B4FF5",
    amount: "10.42",
    currency: "USD",
    email: "john.smith@gmail.com",
    order_desc: "x",
  };
  const vector = "c6bdd88a78834ef4b863b088827a459f039e8257";
  const signer = () => createSigningMiddleware({ login, controlKey });

  const addsHeader: Middleware = {
    onRequest({ request }) {
      request.headers.set("X-Trace", "t-1");
    },
  };
  const copiesWithHeader: Middleware = {
    onRequest: ({ request }) =>
      new Request(request, { headers: { ...Object.fromEntries(request.headers), "X-Trace": "t-2" } }),
  };
  /** Replaces the body with the same fields plus one that no signature term covers. */
  const replacesBody: Middleware = {
    async onRequest({ request }) {
      const body = new URLSearchParams(await request.text());
      body.set("order_desc", "replaced");
      return new Request(request, { body: body.toString() });
    },
  };

  it.each([
    ["adds a header", addsHeader, "X-Trace", "t-1"],
    ["returns new Request(request, { headers })", copiesWithHeader, "X-Trace", "t-2"],
  ] as const)("works with a middleware that %s, before or after the signer", async (_, other, header, value) => {
    for (const order of [
      [other, signer()],
      [signer(), other],
    ]) {
      received = [];
      const seen: string[] = [];
      const recorder: Middleware = { onRequest: ({ request }) => void seen.push(request.headers.get(header) ?? "") };
      const { response } = await clientWith(...order, recorder).POST(
        sale as never,
        { params: { path: { endpointId: 1111 } }, body: saleBody } as never,
      );
      expect(response.status).toBe(200);
      expect(seen).toEqual([value]);
      expect(new URLSearchParams(received[0]!.body).get("control")).toBe(vector);
    }
  });

  it("signs the body a middleware before it put in place, and sends the one a middleware after it put in place", async () => {
    await clientWith(replacesBody, signer()).POST(
      sale as never,
      { params: { path: { endpointId: 1111 } }, body: saleBody } as never,
    );
    const before = new URLSearchParams(received[0]!.body);
    expect(before.get("order_desc")).toBe("replaced");
    expect(before.get("control")).toBe(vector);

    received = [];
    await clientWith(signer(), replacesBody).POST(
      sale as never,
      { params: { path: { endpointId: 1111 } }, body: saleBody } as never,
    );
    const after = new URLSearchParams(received[0]!.body);
    expect(after.get("order_desc")).toBe("replaced");
    expect(after.get("control")).toBe(vector);
  });

  it("returns a standard Request holding the signed body", async () => {
    const [middleware] = [signer()];
    const request = new Request(`${baseUrl}/api/v2/sale/1111`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(saleBody).toString(),
    });
    const result = await middleware!.onRequest({ request, schemaPath: sale });
    expect(result).toBeInstanceOf(Request);
    expect(Object.getPrototypeOf(result)).toBe(Request.prototype);
    expect(new URLSearchParams(await (result as Request).text()).get("control")).toBe(vector);
  });
});
