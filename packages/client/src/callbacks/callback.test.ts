import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SignatureError } from "../errors/signature-error.js";
import { parseCallback } from "./callback.js";
import { parseCustomerReturn } from "./customer-return.js";

const controlKey = "test-merchant-control";
// Published vector: SHA-1("approved" + "1234567" + "hf-abc" + key).
const control = "652ace404c4dfe8bba069ecee594ec23a89340e1";
const query = `status=approved&orderid=1234567&client_orderid=hf-abc&merchant_order=hf-abc&type=sale&amount=10.42&currency=USD&control=${control}`;

describe("parseCallback", () => {
  it("verifies the published callback vector against an independent SHA-1", () => {
    expect(createHash("sha1").update(`approved1234567hf-abc${controlKey}`).digest("hex")).toBe(control);
  });

  it("accepts URLSearchParams, a query string and a plain object alike", async () => {
    const expected = {
      status: "approved",
      orderid: "1234567",
      client_orderid: "hf-abc",
      final: true,
      unsigned: { merchant_order: "hf-abc", type: "sale", amount: "10.42", currency: "USD" },
    };
    for (const input of [new URLSearchParams(query), `?${query}`, Object.fromEntries(new URLSearchParams(query))]) {
      await expect(parseCallback(input, controlKey)).resolves.toEqual(expected);
    }
  });

  it("keeps the fields control does not cover apart from the signed ones", async () => {
    const callback = await parseCallback(query, controlKey);
    expect(Object.keys(callback).sort()).toEqual(["client_orderid", "final", "orderid", "status", "unsigned"]);
    expect(callback).not.toHaveProperty("amount");
    expect(callback.unsigned.amount).toBe("10.42");
    expect(callback.unsigned).not.toHaveProperty("control");
  });

  it("takes the first value of an array, as frameworks parse repeated query keys", async () => {
    const params = { ...Object.fromEntries(new URLSearchParams(query)), status: ["approved", "declined"] };
    await expect(parseCallback(params, controlKey)).resolves.toMatchObject({ status: "approved" });
  });

  it("refuses a callback whose parameters were changed", async () => {
    const tampered = query.replace("status=approved", "status=declined");
    const error = await parseCallback(tampered, controlKey).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignatureError);
    expect(error).toMatchObject({ code: "ERR_SIGNATURE_INVALID" });
    expect((error as Error).message).not.toContain(controlKey);
  });

  it("refuses a callback signed with another key", async () => {
    await expect(parseCallback(query, "another-key")).rejects.toMatchObject({ code: "ERR_SIGNATURE_INVALID" });
  });

  it("refuses a callback without control", async () => {
    const unsigned = query.replace(`&control=${control}`, "");
    await expect(parseCallback(unsigned, controlKey)).rejects.toMatchObject({
      name: "SignatureError",
      code: "ERR_SIGNATURE_MISSING",
    });
  });

  it("refuses a callback that lacks a signed parameter", async () => {
    await expect(parseCallback({ status: "approved", client_orderid: "hf-abc", control }, controlKey)).rejects.toThrow(
      /lacks orderid/,
    );
  });
});

describe("parseCustomerReturn", () => {
  it("verifies the return with merchant_order in place of client_orderid", async () => {
    const body = `status=approved&orderid=1234567&merchant_order=hf-abc&control=${control}`;
    await expect(parseCustomerReturn(body, controlKey)).resolves.toEqual({
      status: "approved",
      orderid: "1234567",
      merchant_order: "hf-abc",
      control,
    });
  });

  it("refuses a return with a wrong or missing control", async () => {
    await expect(
      parseCustomerReturn({ status: "approved", orderid: "1234567", merchant_order: "hf-x", control }, controlKey),
    ).rejects.toMatchObject({
      code: "ERR_SIGNATURE_INVALID",
    });
    await expect(
      parseCustomerReturn({ status: "approved", orderid: "1234567", merchant_order: "hf-abc" }, controlKey),
    ).rejects.toMatchObject({
      code: "ERR_SIGNATURE_MISSING",
    });
  });
});
