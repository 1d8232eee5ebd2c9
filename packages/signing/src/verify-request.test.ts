import { generateKeyPairSync } from "node:crypto";
import { type OperationEntry, operationTable } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { createMemoryNonceStore } from "./nonce-store.js";
import { signRequest } from "./sign-request.js";
import { verifyRequest } from "./verify-request.js";

const table: Readonly<Record<string, OperationEntry>> = operationTable;
const sale = table["/api/v2/sale/{endpointId}"]!;
const payout = table["/api/v2/payout/{endpointId}"]!;
const payoutV4 = table["/api/v4/payout/{endpointId}"]!;
// No operation of the spec is unsigned today; the scheme is in the table for one that would be.
const unsigned: OperationEntry = { ...sale, signature: { ...sale.signature, scheme: "none", terms: [] } };

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const keys = {
  login: "test-merchant",
  controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D20",
  privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
};
const base = "http://127.0.0.1:8080/paynet";
const urlOf = (entry: OperationEntry) => `${base}${entry.path.replace("{endpointId}", "1111")}`;

const saleBody = { client_orderid: "902B4FF5", amount: "10.42", currency: "USD", email: "john.smith@gmail.com" };
const payoutBody = { client_orderid: "PO-1", amount: "5.00", currency: "EUR", destination: "x" };

/** Signs `body` for `entry` and returns what a server receives: the form and the Authorization header. */
async function received(entry: OperationEntry, body: Record<string, string>) {
  const added = await signRequest({ entry, body, url: urlOf(entry), keys });
  return { form: new URLSearchParams({ ...body, ...added.fields }), authorization: added.headers["Authorization"] };
}

describe("verifyRequest", () => {
  it("accepts a control-signed request and names its signer", async () => {
    const { form, authorization } = await received(sale, saleBody);
    await expect(verifyRequest({ entry: sale, url: urlOf(sale), body: form, authorization, keys })).resolves.toEqual({
      ok: true,
      signer: "test-merchant",
    });
  });

  it("refuses a control-signed request whose amount was changed, naming the terms", async () => {
    const { form } = await received(sale, saleBody);
    form.set("amount", "104.20");
    await expect(
      verifyRequest({ entry: sale, url: urlOf(sale), body: form, authorization: undefined, keys }),
    ).resolves.toEqual({
      ok: false,
      reason:
        "control does not match: expected SHA-1 of endpointId + client_orderid + amount + email + merchant control key",
    });
  });

  it("refuses a control-signed request sent to another endpoint", async () => {
    const { form } = await received(sale, saleBody);
    const result = await verifyRequest({
      entry: sale,
      url: urlOf(sale).replace("/1111", "/2222"),
      body: form,
      authorization: undefined,
      keys,
    });
    expect(result.ok).toBe(false);
  });

  it("refuses a request without control, and one whose URL names no endpoint", async () => {
    await expect(
      verifyRequest({ entry: sale, url: urlOf(sale), body: saleBody, authorization: undefined, keys }),
    ).resolves.toEqual({ ok: false, reason: "missing required field 'control'" });
    const { form } = await received(sale, saleBody);
    await expect(
      verifyRequest({ entry: sale, url: `${base}/elsewhere`, body: form, authorization: undefined, keys }),
    ).resolves.toEqual({
      ok: false,
      reason: "the request URL does not end in /api/v2/sale/{endpointId}",
    });
  });

  it("accepts an HMAC-SHA1 request once, and refuses its replay and a request without Authorization", async () => {
    const { form, authorization } = await received(payout, payoutBody);
    const nonceStore = createMemoryNonceStore();
    await expect(
      verifyRequest({ entry: payout, url: urlOf(payout), body: form, authorization, keys, nonceStore }),
    ).resolves.toEqual({ ok: true, signer: "test-merchant" });
    await expect(
      verifyRequest({ entry: payout, url: urlOf(payout), body: form, authorization, keys, nonceStore }),
    ).resolves.toEqual({
      ok: false,
      reason: "OAuth 1.0a HMAC-SHA1 signature refused: oauth_nonce was already used",
    });
    await expect(
      verifyRequest({ entry: payout, url: urlOf(payout), body: form, authorization: undefined, keys }),
    ).resolves.toEqual({
      ok: false,
      reason: "missing Authorization header: payout is signed with OAuth 1.0a HMAC-SHA1",
    });
  });

  it("checks an RSA-SHA256 request with the public key, and refuses a changed body", async () => {
    const body = { "client-order-id": "PO4-1", amount: "8.00", currency: "EUR" };
    const { form, authorization } = await received(payoutV4, body);
    await expect(
      verifyRequest({ entry: payoutV4, url: urlOf(payoutV4), body: form, authorization, keys }),
    ).resolves.toEqual({ ok: true, signer: "test-merchant" });
    form.set("amount", "80.00");
    await expect(
      verifyRequest({ entry: payoutV4, url: urlOf(payoutV4), body: form, authorization, keys }),
    ).resolves.toEqual({
      ok: false,
      reason: "OAuth 1.0a RSA-SHA256 signature refused: oauth_signature does not match the request",
    });
  });

  it("accepts an operation signed with none as the verifier's own login", async () => {
    await expect(
      verifyRequest({ entry: unsigned, url: urlOf(unsigned), body: {}, authorization: undefined, keys }),
    ).resolves.toEqual({ ok: true, signer: "test-merchant" });
  });
});
