import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SignatureError } from "../errors/signature-error.js";
import { parseCallback } from "./callback.js";
import { signCallback } from "./sign-callback.js";

const controlKey = "test-merchant-control";

describe("signCallback", () => {
  it("signs the published callback vector and fills merchant_order from client_orderid", async () => {
    const query = await signCallback(
      { status: "approved", orderid: "1234567", client_orderid: "hf-abc", type: "sale", amount: "10.42" },
      controlKey,
    );
    expect(query.get("control")).toBe("652ace404c4dfe8bba069ecee594ec23a89340e1");
    expect(query.get("control")).toBe(createHash("sha1").update(`approved1234567hf-abc${controlKey}`).digest("hex"));
    expect(query.get("merchant_order")).toBe("hf-abc");
    expect(Object.fromEntries(query)).toMatchObject({ type: "sale", amount: "10.42" });
  });

  it("keeps a merchant_order given, leaves out undefined values and replaces a control given", async () => {
    const query = await signCallback(
      {
        status: "declined",
        orderid: "1",
        client_orderid: "A",
        merchant_order: "A",
        error_message: undefined,
        control: "forged",
      },
      controlKey,
    );
    expect([...query.keys()]).toEqual(["merchant_order", "status", "orderid", "client_orderid", "control"]);
    expect(query.get("control")).not.toBe("forged");
  });

  it("builds what parseCallback accepts, and parseCallback refuses it tampered", async () => {
    const query = await signCallback(
      { status: "approved", orderid: "1000001", client_orderid: "A1", type: "reversal", amount: "5.00" },
      controlKey,
    );
    await expect(parseCallback(query, controlKey)).resolves.toMatchObject({
      status: "approved",
      orderid: "1000001",
      client_orderid: "A1",
      unsigned: { type: "reversal", amount: "5.00" },
    });
    const tampered = new URLSearchParams(query);
    tampered.set("status", "declined");
    await expect(parseCallback(tampered, controlKey)).rejects.toThrow(SignatureError);
    await expect(parseCallback(query, "another-key")).rejects.toThrow(SignatureError);
  });

  it("refuses a callback without one of the signed fields", async () => {
    await expect(signCallback({ status: "approved", orderid: "", client_orderid: "A1" }, controlKey)).rejects.toThrow(
      /field 'orderid' is required/,
    );
  });
});
