import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refBaseString } from "../test/node-reference.js";
import { normalizeOAuthUrl, oauthBaseString } from "./oauth-base-string.js";

describe("oauthBaseString", () => {
  it("reproduces the RFC 5849 §3.4.1.1 example with query, body and a repeated name", () => {
    const params: Array<[string, string]> = [
      ["oauth_consumer_key", "9djdj82h48djs9d2"],
      ["oauth_token", "kkk9d7dh3k39sjv7"],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", "137131201"],
      ["oauth_nonce", "7d8f3e4a"],
      ...new URLSearchParams("c2&a3=2+q"),
    ];
    expect(
      oauthBaseString({ method: "post", url: "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b", params }),
    ).toBe(
      "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26" +
        "oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26" +
        "oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7",
    );
  });

  it("drops default ports, lowercases scheme and host, keeps other ports and the path", () => {
    expect(normalizeOAuthUrl("HTTP://Example.COM:80/r%20v/X?id=123")).toBe("http://example.com/r%20v/X");
    expect(normalizeOAuthUrl("https://www.example.net:8080/?q=1")).toBe("https://www.example.net:8080/");
    expect(normalizeOAuthUrl("https://gw.example:443/paynet/api/v2/payout/1#frag")).toBe(
      "https://gw.example/paynet/api/v2/payout/1",
    );
  });

  it("encodes space as %20, never +", () => {
    expect(oauthBaseString({ method: "POST", url: "https://gw.example/x", params: [["order_desc", "a b+c"]] })).toBe(
      "POST&https%3A%2F%2Fgw.example%2Fx&order_desc%3Da%2520b%252Bc",
    );
  });

  it("refuses a relative URL with ERR_URL_INVALID", () => {
    expect(() => oauthBaseString({ method: "POST", url: "/api/v2/payout/1", params: [] })).toThrow(
      expect.objectContaining({ code: "ERR_URL_INVALID" }),
    );
  });

  const name = fc.oneof(
    fc.constantFrom("a", "a.b", "a-b", "a_b", "ab", "A", "amount", "oauth_nonce", "é", "a b"),
    fc.string({ maxLength: 4 }),
  );
  const value = fc.oneof(
    fc.constantFrom("", "1", "10", "2", "a", "A", " ", "+"),
    fc.string({ maxLength: 4, unit: "grapheme" }),
  );

  it("sorts by encoded name then value, duplicates included, as byte-wise ordering does (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, value), { maxLength: 12 }),
        fc.constantFrom("", "?z=1&a=2&a=1"),
        (params, query) => {
          const url = `https://gw.example:8443/paynet/api/v2/payout/1111${query}`;
          expect(oauthBaseString({ method: "POST", url, params })).toBe(refBaseString("POST", url, params));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("does not depend on the order parameters are given in (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 10 }), fc.infiniteStream(fc.nat()), (params, seeds) => {
        const url = "https://gw.example/p";
        const shuffled = params
          .map((pair) => [seeds.next().value, pair] as const)
          .sort((a, b) => a[0] - b[0])
          .map(([, pair]) => pair);
        expect(oauthBaseString({ method: "POST", url, params: shuffled })).toBe(
          oauthBaseString({ method: "POST", url, params }),
        );
      }),
    );
  });
});
