// The Signatures page's numbers, checked against a second computation with node:crypto that shares
// no code with the signing package: the control digests, the OAuth base strings and signatures.
import { createHash, createHmac, createSign, createVerify } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exampleMerchant } from "../../../packages/types/src/index.ts";
import { escapeHtml } from "../guides/guide.ts";
import { repoRoot } from "../paths.ts";
import { buildSignaturesPage } from "./build-signatures-page.ts";
import { type OAuthExample, signatureExamples } from "./signature-examples.ts";

const spec = JSON.parse(await readFile(join(repoRoot, "packages/types/openapi.json"), "utf8"));
const examples = await signatureExamples(spec);

/** RFC 3986 percent-encoding, written apart from the signing package's. */
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function baseStringOf(example: OAuthExample, method: "HMAC-SHA1" | "RSA-SHA256"): string {
  const params = [
    ...example.params,
    ["oauth_consumer_key", exampleMerchant.login],
    ["oauth_nonce", example.nonce],
    ["oauth_signature_method", method],
    ["oauth_timestamp", example.timestamp],
    ["oauth_version", "1.0"],
  ].map(([name, value]) => [rfc3986(name ?? ""), rfc3986(value ?? "")]);
  params.sort(([a = "", x = ""], [b = "", y = ""]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const joined = params.map(([name, value]) => `${name}=${value}`).join("&");
  return [example.method, example.url, joined].map(rfc3986).join("&");
}

describe("the Signatures page's worked examples", () => {
  it("give each control as the SHA-1 of its terms and the control key", () => {
    expect(examples.control.map((example) => example.id)).toEqual(["sale", "status", "callback"]);
    for (const example of examples.control) {
      expect(example.hashed).toBe(`${example.terms.map((term) => term.value).join("")}${exampleMerchant.controlKey}`);
      expect(example.control).toBe(createHash("sha1").update(example.hashed).digest("hex"));
    }
  });

  it("reproduce the spec's published sale control with the example merchant", () => {
    const sale = spec.paths["/api/v2/sale/{endpointId}"].post.requestBody.content["application/x-www-form-urlencoded"];
    expect(examples.control[0]?.control).toBe(sale.examples.sale.value.control);
    expect(examples.control[0]?.hashed).toBe(
      "1111902B4FF51042john.smith@gmail.comB17F59B4-A7DC-41B4-8FF9-37D986B43D20",
    );
  });

  it("give the HMAC-SHA1 payout's base string and signature as RFC 5849 computes them", () => {
    const payout = examples.oauth.find((example) => example.id === "payout");
    if (payout === undefined) throw new Error("no payout example");
    expect(payout.baseString).toBe(baseStringOf(payout, "HMAC-SHA1"));
    const key = `${rfc3986(exampleMerchant.controlKey)}&`;
    expect(payout.signature).toBe(createHmac("sha1", key).update(payout.baseString).digest("base64"));
    expect(payout.authorization).toContain(`oauth_signature="${rfc3986(payout.signature)}"`);
  });

  it("give the RSA-SHA256 v4 call's base string and a signature the example public key verifies", () => {
    const v4 = examples.oauth.find((example) => example.id === "statusV4");
    if (v4 === undefined) throw new Error("no v4 example");
    expect(v4.baseString).toBe(baseStringOf(v4, "RSA-SHA256"));
    const signed = createSign("RSA-SHA256").update(v4.baseString).sign(exampleMerchant.rsaPrivateKeyPem, "base64");
    expect(v4.signature).toBe(signed);
    expect(
      createVerify("RSA-SHA256").update(v4.baseString).verify(exampleMerchant.rsaPublicKeyPem, v4.signature, "base64"),
    ).toBe(true);
  });

  it("are the numbers the built page shows", async () => {
    const dir = await mkdtemp(join(tmpdir(), "signatures-page-"));
    try {
      await buildSignaturesPage(repoRoot, join(dir, "signatures.html"));
      const html = await readFile(join(dir, "signatures.html"), "utf8");
      for (const example of examples.control) expect(html).toContain(example.control);
      for (const example of examples.oauth) {
        expect(html).toContain(escapeHtml(example.signature));
        expect(html).toContain(escapeHtml(example.baseString));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
