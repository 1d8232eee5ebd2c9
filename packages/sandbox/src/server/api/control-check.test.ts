import { signRequest, verifyControl } from "@card-processing/signing";
import { operationTable } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { controlHolds } from "./control-check.js";

const entry = operationTable["/api/v2/sale/{endpointId}"];
const keys = { login: "shop", controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D20" };
const body = { client_orderid: "902B4FF5", amount: "10.42", currency: "USD", email: "john.smith@gmail.com" };

async function signed(): Promise<Record<string, string>> {
  const { fields } = await signRequest({ entry, body, url: "http://127.0.0.1/paynet/api/v2/sale/1111", keys });
  return { ...body, ...fields };
}

describe("the sandbox's control check with node:crypto", () => {
  it("holds exactly when signing's verifyControl holds", async () => {
    const good = await signed();
    const cases: Array<[Record<string, string>, string]> = [
      [good, "1111"],
      [{ ...good, control: (good["control"] ?? "").toUpperCase() }, "1111"],
      [{ ...good, amount: "10.43" }, "1111"],
      [{ ...good, control: "0".repeat(40) }, "1111"],
      [good, "2222"],
      [{ ...good, amount: "10,42" }, "1111"],
    ];
    for (const [fields, endpointId] of cases) {
      const { ok: expected } = await verifyControl(entry, {
        endpointId,
        login: keys.login,
        body: fields,
        controlKey: keys.controlKey,
        control: fields["control"] ?? "",
      });
      expect(controlHolds(entry, fields, endpointId, keys), JSON.stringify([fields["amount"], endpointId])).toBe(
        expected,
      );
    }
    expect(controlHolds(entry, good, "1111", keys)).toBe(true);
  });

  it("does not hold without a control, with one that is not 40 hex digits, or with an endpoint id that is not digits", async () => {
    const { control: _control, ...unsigned } = await signed();
    expect(controlHolds(entry, unsigned, "1111", keys)).toBe(false);
    expect(controlHolds(entry, { ...unsigned, control: "xyz" }, "1111", keys)).toBe(false);
    expect(controlHolds(entry, await signed(), "%31111", keys)).toBe(false);
  });

  it("reads a JPY amount the way the sandbox was started with, and only that way", async () => {
    const jpy = { client_orderid: "JP-1", amount: "1000", currency: "JPY", email: "taro@example.jp" };
    const url = "http://127.0.0.1/paynet/api/v2/sale/1111";
    for (const controlAmounts of ["iso-4217", "hundredths"] as const) {
      const { fields } = await signRequest({ entry, body: jpy, url, keys, controlAmounts });
      const other = controlAmounts === "iso-4217" ? "hundredths" : "iso-4217";
      expect(controlHolds(entry, { ...jpy, ...fields }, "1111", { ...keys, controlAmounts })).toBe(true);
      expect(controlHolds(entry, { ...jpy, ...fields }, "1111", { ...keys, controlAmounts: other })).toBe(false);
    }
  });
});
