import { generateKeyPairSync } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refBaseString, refParseHeader, refVerifyOAuth } from "../test/node-reference.js";
import { parseOAuthHeader } from "./oauth-header.js";
import { createOAuthSigner, signOAuth } from "./oauth-signer.js";

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const short = generateKeyPairSync("rsa", { modulusLength: 1024 });
const pkcs8 = pair.privateKey.export({ type: "pkcs8", format: "pem" }) as string;
const pkcs1 = pair.privateKey.export({ type: "pkcs1", format: "pem" }) as string;

const url = "https://sandbox.gateway.example/paynet/api/v2/payout/1111";
const body = new URLSearchParams({
  client_orderid: "PO-7781",
  amount: "25.00",
  currency: "USD",
  order_desc: "Refund & more",
});

describe("signOAuth", () => {
  it("signs form-encoded text exactly as it signs the same pairs", async () => {
    const signer = createOAuthSigner({
      scheme: "oauth-hmac-sha1",
      consumerKey: "test-merchant",
      controlKey: "k",
      now: () => 0,
      nonce: () => "n",
    });
    const pairs = fc.array(fc.tuple(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" })), {
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(pairs, async (list) => {
        const params = new URLSearchParams(list);
        const fromText = await signer.sign({ method: "POST", url, body: params.toString() });
        const fromPairs = await signer.sign({ method: "POST", url, body: params });
        expect(fromText.baseString).toBe(fromPairs.baseString);
        expect(fromText.baseString).toBe(
          refBaseString("POST", url, [
            ...params,
            ...fromText.oauthParams.filter(([n]) => n !== "oauth_signature").map(([n, v]): [string, string] => [n, v]),
          ]),
        );
      }),
      { numRuns: 200 },
    );
    // A stray "%" in hand-written text is read the way URLSearchParams reads it.
    const stray = await signer.sign({ method: "POST", url, body: "a=100%&b=%zz+1" });
    expect(stray.baseString).toBe(
      (await signer.sign({ method: "POST", url, body: new URLSearchParams("a=100%&b=%zz+1") })).baseString,
    );
  });

  it("reproduces the RFC 5849 §1.2 HMAC-SHA1 vector exactly", async () => {
    const signed = await signOAuth(
      {
        scheme: "oauth-hmac-sha1",
        consumerKey: "dpf43f3p2l4k3l03",
        controlKey: "kd94hf93k423kf44",
        token: "nnch734d00sl2jdk",
        tokenSecret: "pfkkdhi9sl3r4s00",
        includeVersion: false,
        realm: "Photos",
        now: () => 137131202_000,
        nonce: () => "chapoH",
      },
      { method: "GET", url: "http://photos.example.net/photos?file=vacation.jpg&size=original" },
    );
    expect(signed.signature).toBe("MdpQcU8iPSUjWoN/UDMsK2sui9I=");
    expect(signed.authorization).toContain('oauth_signature="MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D"');
    expect(signed.authorization).toMatch(/^OAuth realm="Photos", /);
  });

  it("signs HMAC-SHA1 with key controlKey& over body and oauth parameters, checked by node:crypto", async () => {
    const signed = await signOAuth(
      {
        scheme: "oauth-hmac-sha1",
        consumerKey: "test-merchant",
        controlKey: "merchant-control-key",
        now: () => 1_700_000_000_999,
        nonce: () => "n/+ =",
      },
      { method: "POST", url, body },
    );
    const header = refParseHeader(signed.authorization);
    expect(header).toMatchObject({
      oauth_consumer_key: "test-merchant",
      oauth_signature_method: "HMAC-SHA1",
      oauth_timestamp: "1700000000",
      oauth_nonce: "n/+ =",
      oauth_version: "1.0",
    });
    // The header value is percent-encoded: the nonce's "/", "+", " " and "=" are escaped.
    expect(signed.authorization).toContain('oauth_nonce="n%2F%2B%20%3D"');
    expect(signed.baseString).toBe(
      refBaseString("POST", url, [...body, ...Object.entries(header).filter(([n]) => n !== "oauth_signature")]),
    );
    expect(
      refVerifyOAuth(
        { method: "POST", url, body: body.toString(), authorization: signed.authorization },
        { hmacSecret: "merchant-control-key" },
      ),
    ).toBe(true);
    expect(
      refVerifyOAuth(
        { method: "POST", url, body: body.toString(), authorization: signed.authorization },
        { hmacSecret: "other-key" },
      ),
    ).toBe(false);
  });

  it("signs RSA-SHA256 identically from PKCS#8 and PKCS#1 PEM, checked by node:crypto", async () => {
    const fixed = { now: () => 1_700_000_000_000, nonce: () => "abc" };
    const a = await signOAuth(
      { scheme: "oauth-rsa-sha256", consumerKey: "m", privateKey: pkcs8, ...fixed },
      { method: "POST", url, body },
    );
    const b = await signOAuth(
      { scheme: "oauth-rsa-sha256", consumerKey: "m", privateKey: pkcs1, ...fixed },
      { method: "POST", url, body },
    );
    expect(a.signature).toBe(b.signature);
    expect(refParseHeader(a.authorization)["oauth_signature_method"]).toBe("RSA-SHA256");
    expect(
      refVerifyOAuth(
        { method: "POST", url, body: body.toString(), authorization: a.authorization },
        { publicKey: pair.publicKey },
      ),
    ).toBe(true);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey;
    expect(
      refVerifyOAuth(
        { method: "POST", url, body: body.toString(), authorization: a.authorization },
        { publicKey: other },
      ),
    ).toBe(false);
  });

  it("refuses a 1024-bit RSA key with ERR_KEY_TOO_SHORT: at creation, and as a rejection of signOAuth", async () => {
    const pem = short.privateKey.export({ type: "pkcs1", format: "pem" }) as string;
    expect(() => createOAuthSigner({ scheme: "oauth-rsa-sha256", consumerKey: "m", privateKey: pem })).toThrow(
      expect.objectContaining({ code: "ERR_KEY_TOO_SHORT", field: "privateKey" }),
    );
    await expect(
      signOAuth({ scheme: "oauth-rsa-sha256", consumerKey: "m", privateKey: pem }, { method: "POST", url }),
    ).rejects.toMatchObject({
      code: "ERR_KEY_TOO_SHORT",
    });
  });

  it("throws at once for a missing key or login, before anything is signed", () => {
    expect(() => createOAuthSigner({ scheme: "oauth-hmac-sha1", consumerKey: "m" })).toThrow(
      expect.objectContaining({ code: "ERR_KEY_MISSING", field: "controlKey" }),
    );
    expect(() => createOAuthSigner({ scheme: "oauth-rsa-sha256", consumerKey: "m" })).toThrow(
      expect.objectContaining({ code: "ERR_KEY_MISSING", field: "privateKey" }),
    );
    expect(() => createOAuthSigner({ scheme: "oauth-rsa-sha256", consumerKey: "m", privateKey: "nope" })).toThrow(
      expect.objectContaining({ code: "ERR_KEY_INVALID" }),
    );
    expect(() => createOAuthSigner({ scheme: "oauth-hmac-sha1", consumerKey: "", controlKey: "k" })).toThrow(
      expect.objectContaining({ field: "consumerKey" }),
    );
  });

  it("draws a fresh random nonce and the current time by default", async () => {
    const signer = createOAuthSigner({ scheme: "oauth-hmac-sha1", consumerKey: "m", controlKey: "k" });
    const before = Math.floor(Date.now() / 1000);
    const [a, b] = await Promise.all([signer.sign({ method: "POST", url }), signer.sign({ method: "POST", url })]);
    const ha = parseOAuthHeader(a.authorization)!;
    const hb = parseOAuthHeader(b.authorization)!;
    expect(ha.get("oauth_nonce")).toMatch(/^[0-9a-f]{32}$/);
    expect(ha.get("oauth_nonce")).not.toBe(hb.get("oauth_nonce"));
    expect(Number(ha.get("oauth_timestamp"))).toBeGreaterThanOrEqual(before);
    expect(Number(ha.get("oauth_timestamp"))).toBeLessThanOrEqual(before + 5);
  });
});

describe("parseOAuthHeader", () => {
  it("reads what formatOAuthHeader writes, with or without spaces after commas", () => {
    expect([...parseOAuthHeader('OAuth realm="x",a="1%2F", b="%20"')!]).toEqual([
      ["realm", "x"],
      ["a", "1/"],
      ["b", " "],
    ]);
  });

  it.each(["Basic abc", 'OAuth a="1", a="2"', "OAuth a=1", 'OAuth a="%E0"', 'OAuth a="1" b="2"'])(
    "refuses %j",
    (header) => {
      expect(parseOAuthHeader(header)).toBeUndefined();
    },
  );
});
