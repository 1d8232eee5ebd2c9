import { describe, expect, it } from "vitest";
import { refSha1Hex } from "../test/node-reference.js";
import { callbackControl, verifyCallback, verifyCustomerReturn } from "./callback-control.js";

const key = "test-merchant-control";
const callback = {
  status: "approved",
  merchant_order: "hf-abc",
  client_orderid: "hf-abc",
  orderid: "1234567",
  type: "sale",
  amount: "10.42",
  control: "652ace404c4dfe8bba069ecee594ec23a89340e1",
};

describe("callbackControl", () => {
  it("matches the callback vector of gateway-facts.md", async () => {
    await expect(
      callbackControl({ status: "approved", orderid: "1234567", client_orderid: "hf-abc" }, key),
    ).resolves.toBe("652ace404c4dfe8bba069ecee594ec23a89340e1");
  });
});

describe("verifyCallback", () => {
  const callbackMismatch =
    "control does not match: expected SHA-1 of status + orderid + client_orderid + merchant control key";

  it("accepts the genuine callback as a record and as URLSearchParams", async () => {
    await expect(verifyCallback(callback, key)).resolves.toEqual({ ok: true });
    await expect(verifyCallback(new URLSearchParams(callback), key)).resolves.toEqual({ ok: true });
  });

  it.each(["status", "orderid", "client_orderid"] as const)("refuses it when %s is changed", async (field) => {
    await expect(verifyCallback({ ...callback, [field]: `${callback[field]}x` }, key)).resolves.toEqual({
      ok: false,
      reason: callbackMismatch,
    });
  });

  it("refuses it under another key, without control, or with a wrong one", async () => {
    await expect(verifyCallback(callback, `${key}x`)).resolves.toEqual({ ok: false, reason: callbackMismatch });
    const { control: _, ...unsigned } = callback;
    await expect(verifyCallback(unsigned, key)).resolves.toEqual({ ok: false, reason: "no control parameter" });
    await expect(verifyCallback({ ...callback, control: "0".repeat(40) }, key)).resolves.toEqual({
      ok: false,
      reason: callbackMismatch,
    });
  });

  it("ignores fields outside the formula, such as amount", async () => {
    await expect(verifyCallback({ ...callback, amount: "99.99" }, key)).resolves.toEqual({ ok: true });
  });
});

describe("verifyCustomerReturn", () => {
  const form = { status: "declined", orderid: "42", merchant_order: "M-7", control: refSha1Hex(`declined42M-7${key}`) };

  it("accepts a return signed over status, orderid and merchant_order", async () => {
    await expect(verifyCustomerReturn(new URLSearchParams(form), key)).resolves.toEqual({ ok: true });
  });

  it.each(["status", "orderid", "merchant_order"] as const)("refuses it when %s is changed", async (field) => {
    await expect(verifyCustomerReturn({ ...form, [field]: `${form[field]}1` }, key)).resolves.toEqual({
      ok: false,
      reason: "control does not match: expected SHA-1 of status + orderid + merchant_order + merchant control key",
    });
  });

  it("throws ERR_KEY_INVALID without a control key", async () => {
    await expect(verifyCustomerReturn(form, "")).rejects.toMatchObject({ code: "ERR_KEY_INVALID" });
  });
});
