import { type OperationEntry, operationTable } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { refSha1Hex } from "../test/node-reference.js";
import { verifyControl } from "./control-signature.js";
import { signRequest } from "./sign-request.js";

const table: Readonly<Record<string, OperationEntry>> = operationTable;
const sale = table["/api/v2/sale/{endpointId}"]!;
const capture = table["/api/v2/capture/{endpointId}"]!;
const status = table["/api/v2/status/{endpointId}"]!;
const cres = table["/api/3ds/v1/upload-cres-result/{endpointId}"]!;
const payout = table["/api/v2/payout/{endpointId}"]!;

const saleBody = {
  client_orderid: "902B4FF5",
  order_desc: "Test Order Description",
  amount: "10.42",
  currency: "USD",
  email: "john.smith@gmail.com",
};

/** The control signRequest adds, the request sent to `endpointId` with these keys. */
async function computeControl(
  entry: OperationEntry,
  input: {
    endpointId: string | number;
    login: string;
    body: Record<string, string> | URLSearchParams;
    controlKey: string;
  },
): Promise<string | undefined> {
  const url = `https://sandbox.gateway.example/paynet${entry.path.replace("{endpointId}", String(input.endpointId))}`;
  const added = await signRequest({
    entry,
    body: input.body,
    url,
    keys: { login: input.login, controlKey: input.controlKey },
  });
  return added.fields["control"];
}

describe("signRequest with the control scheme", () => {
  it("signs the sale vector from the operation table's terms", async () => {
    await expect(
      computeControl(sale, {
        endpointId: 1111,
        login: "ignored",
        body: saleBody,
        controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D20",
      }),
    ).resolves.toBe("c6bdd88a78834ef4b863b088827a459f039e8257");
  });

  it("accepts the body as URLSearchParams", async () => {
    await expect(
      computeControl(sale, {
        endpointId: "1111",
        login: "x",
        body: new URLSearchParams(saleBody),
        controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D20",
      }),
    ).resolves.toBe("c6bdd88a78834ef4b863b088827a459f039e8257");
  });

  it("signs a partial capture with amount in minor units and currency", async () => {
    const body = { login: "shop", client_orderid: "CP-1", orderid: "1234567", amount: "5.5", currency: "KWD" };
    await expect(computeControl(capture, { endpointId: 1, login: "shop", body, controlKey: "k" })).resolves.toBe(
      refSha1Hex("shopCP-112345675500KWDk"),
    );
  });

  it("signs a full capture with empty amount and currency terms", async () => {
    const body = { client_orderid: "CP-1", orderid: "1234567" };
    await expect(computeControl(capture, { endpointId: 1, login: "shop", body, controlKey: "k" })).resolves.toBe(
      refSha1Hex("shopCP-11234567k"),
    );
  });

  it("signs a status request without orderid with an empty orderid term", async () => {
    await expect(
      computeControl(status, { endpointId: 1, login: "shop", body: { client_orderid: "A-1" }, controlKey: "k" }),
    ).resolves.toBe(refSha1Hex("shopA-1k"));
  });

  it("reads hyphenated terms such as client-order-id of the 3-D Secure uploads", async () => {
    const body = { "client-order-id": "A-1", orderid: "77" };
    await expect(computeControl(cres, { endpointId: 1, login: "shop", body, controlKey: "k" })).resolves.toBe(
      refSha1Hex("shopA-177k"),
    );
  });

  it("prefers the body's login over the credentials' when both exist", async () => {
    const body = { login: "body-login", client_orderid: "A-1" };
    await expect(computeControl(status, { endpointId: 1, login: "cred-login", body, controlKey: "k" })).resolves.toBe(
      refSha1Hex("body-loginA-1k"),
    );
  });

  it.each([
    ["email", { ...saleBody, email: undefined }],
    ["client_orderid", { ...saleBody, client_orderid: "" }],
    ["amount", { ...saleBody, amount: undefined }],
    ["currency", { ...saleBody, currency: undefined }],
  ])("throws ERR_FIELD_MISSING naming %s when a required term is absent", async (field, body) => {
    const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Record<string, string>;
    await expect(
      computeControl(sale, { endpointId: 1, login: "x", body: clean, controlKey: "k" }),
    ).rejects.toMatchObject({
      code: "ERR_FIELD_MISSING",
      field,
      message: expect.stringContaining(field),
    });
  });

  it("throws ERR_AMOUNT_INVALID instead of rounding 10.425 USD", async () => {
    await expect(
      computeControl(sale, { endpointId: 1, login: "x", body: { ...saleBody, amount: "10.425" }, controlKey: "k" }),
    ).rejects.toMatchObject({
      code: "ERR_AMOUNT_INVALID",
    });
  });

  it("adds login where a term needs it and the body lacks it, and nothing else", async () => {
    const url = "https://sandbox.gateway.example/paynet/api/v2/status/1";
    const added = await signRequest({
      entry: status,
      body: { client_orderid: "A-1" },
      url,
      keys: { login: "shop", controlKey: "k" },
    });
    expect(added).toEqual({ fields: { control: refSha1Hex("shopA-1k"), login: "shop" }, headers: {} });
  });

  it("signs an OAuth operation with an Authorization header and no body field", async () => {
    const url = "https://sandbox.gateway.example/paynet/api/v2/payout/1";
    const added = await signRequest({
      entry: payout,
      body: { amount: "1.00" },
      url,
      keys: { login: "shop", controlKey: "k" },
    });
    expect(added.fields).toEqual({});
    expect(added.headers["Authorization"]).toMatch(
      /^OAuth oauth_consumer_key="shop", oauth_signature_method="HMAC-SHA1"/,
    );
  });

  it("reads the endpointId from the URL and refuses a URL of another operation", async () => {
    const url = "https://sandbox.gateway.example/paynet/api/v2/void/1111";
    await expect(
      signRequest({ entry: sale, body: saleBody, url, keys: { login: "x", controlKey: "k" } }),
    ).rejects.toMatchObject({ code: "ERR_URL_INVALID", field: "url" });
  });

  it("throws ERR_KEY_INVALID for an empty control key, without signing", async () => {
    await expect(
      computeControl(sale, { endpointId: 1, login: "x", body: saleBody, controlKey: "" }),
    ).rejects.toMatchObject({ code: "ERR_KEY_INVALID" });
  });
});

describe("verifyControl", () => {
  const input = { endpointId: 1111, login: "x", body: saleBody, controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D20" };
  const mismatch =
    "control does not match: expected SHA-1 of endpointId + client_orderid + amount + email + merchant control key";

  it("accepts the right control, in either case", async () => {
    await expect(
      verifyControl(sale, { ...input, control: "c6bdd88a78834ef4b863b088827a459f039e8257" }),
    ).resolves.toEqual({ ok: true });
    await expect(
      verifyControl(sale, { ...input, control: "C6BDD88A78834EF4B863B088827A459F039E8257" }),
    ).resolves.toEqual({ ok: true });
  });

  it.each([
    ["endpointId", { ...input, endpointId: 1112 }],
    ["client_orderid", { ...input, body: { ...saleBody, client_orderid: "902B4FF6" } }],
    ["amount", { ...input, body: { ...saleBody, amount: "10.43" } }],
    ["email", { ...input, body: { ...saleBody, email: "john.smith@gmail.co" } }],
    ["key", { ...input, controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D21" }],
  ])("refuses it when %s changes", async (_, changed) => {
    await expect(
      verifyControl(sale, { ...changed, control: "c6bdd88a78834ef4b863b088827a459f039e8257" }),
    ).resolves.toEqual({ ok: false, reason: mismatch });
  });

  it("refuses a truncated control and a body that cannot be signed", async () => {
    await expect(
      verifyControl(sale, { ...input, control: "c6bdd88a78834ef4b863b088827a459f039e825" }),
    ).resolves.toEqual({
      ok: false,
      reason: mismatch,
    });
    await expect(
      verifyControl(sale, {
        ...input,
        body: { ...saleBody, amount: "abc" },
        control: "c6bdd88a78834ef4b863b088827a459f039e8257",
      }),
    ).resolves.toEqual({ ok: false, reason: "sale: amount: expected a plain non-negative decimal such as 10.42" });
  });
});
