import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type OperationEntry, operationTable } from "@card-processing/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { refMinorUnits, refSha1Hex } from "../test/node-reference.js";
import { currencyExponent } from "./currency-exponents.js";
import { toControlAmount } from "./minor-units.js";
import { signRequest } from "./sign-request.js";
import { SigningError } from "./signing-error.js";
import { createSigningMiddleware } from "./signing-middleware.js";
import { verifyRequest } from "./verify-request.js";

const sale = (operationTable as Readonly<Record<string, OperationEntry>>)["/api/v2/sale/{endpointId}"]!;
const url = "https://sandbox.gateway.example/paynet/api/v2/sale/1111";
const keys = { login: "sandbox-merchant", controlKey: "B17F59B4-A7DC-41B4-8FF9-37D986B43D20" };
const jpySale = { client_orderid: "JP-1000", amount: "1000", currency: "JPY", email: "taro@example.jp" };

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof SigningError ? error.code : "not a SigningError";
  }
  return undefined;
};

/** The amount times 100 by BigInt arithmetic over the decimal string, written without trailing zeros. */
function refHundredths(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const scale = 10n ** BigInt(fraction.length);
  const scaled = (BigInt(whole) * scale + BigInt(fraction || "0")) * 100n;
  const units = scaled / scale;
  const rest = (scaled % scale).toString().padStart(fraction.length, "0").replace(/0+$/, "");
  return rest === "" ? units.toString() : `${units}.${rest}`;
}

describe("toControlAmount", () => {
  it.each([
    ["1000", "JPY", "1000", "100000"],
    ["1", "JPY", "1", "100"],
    ["1.5", "KWD", "1500", "150"],
    ["1.234", "KWD", "1234", "123.4"],
    ["0.005", "KWD", "5", "0.5"],
    ["10.42", "USD", "1042", "1042"],
    ["0.99", "EUR", "99", "99"],
  ])("writes %s %s as %s (iso-4217) and %s (hundredths)", (amount, currency, iso, hundredths) => {
    expect(toControlAmount(amount, currency, "iso-4217")).toBe(iso);
    expect(toControlAmount(amount, currency, "hundredths")).toBe(hundredths);
  });

  it("writes two-decimal currencies alike both ways, and hundredths as a second program computes them", () => {
    const amounts = fc
      .tuple(fc.bigInt({ min: 0n, max: 99_999n }), fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 3 }))
      .map(([whole, fraction, digits]) =>
        digits === 0 ? whole.toString() : `${whole}.${String(fraction).padStart(3, "0").slice(0, digits)}`,
      );
    fc.assert(
      fc.property(amounts, fc.constantFrom("USD", "EUR", "KWD", "BHD"), (amount, currency) => {
        const exponent = currencyExponent(currency);
        if ((amount.split(".")[1] ?? "").length > exponent) return;
        const hundredths = toControlAmount(amount, currency, "hundredths");
        expect(hundredths).toBe(refHundredths(amount));
        if (exponent === 2) expect(hundredths).toBe(refMinorUnits(amount, 2));
        expect(toControlAmount(amount, currency, "iso-4217")).toBe(refMinorUnits(amount, exponent));
      }),
    );
  });

  it("refuses 10.5 JPY both ways: JPY has no minor unit, whatever the control string does", () => {
    expect(codeOf(() => toControlAmount("10.5", "JPY", "iso-4217"))).toBe("ERR_AMOUNT_INVALID");
    expect(codeOf(() => toControlAmount("10.5", "JPY", "hundredths"))).toBe("ERR_AMOUNT_INVALID");
  });

  it("refuses a way it does not know, naming the option", () => {
    expect(codeOf(() => toControlAmount("1000", "JPY", "cents" as never))).toBe("ERR_OPTION_INVALID");
    expect(() => createSigningMiddleware({ ...keys, controlAmounts: "minor" as never })).toThrow(/controlAmounts/);
  });
});

// The vendor's PHP library computes `(string) ($payment->getAmount() * 100)` (Payment::getAmountInCents)
// for every currency. Where PHP is installed, the same expression run by PHP itself is the reference
// for "hundredths"; without PHP this check is skipped (CI installs no PHP).
const php = ["/usr/bin/php", "/usr/local/bin/php"].find((path) => existsSync(path));
describe.skipIf(php === undefined)("hundredths against PHP's own (string) ($amount * 100)", () => {
  it("writes every amount as PHP prints it, for JPY, KWD and USD", () => {
    const amounts = [
      "1000",
      "1",
      "99999",
      "1.5",
      "1.234",
      "1.235",
      "0.005",
      "12.345",
      "19.99",
      "10.42",
      "0.1",
      "999.999",
    ];
    const script = `foreach (array_slice($argv, 1) as $a) echo (string) ($a * 100), "\n";`;
    const printed = execFileSync(php ?? "php", ["-r", script, "--", ...amounts], { encoding: "utf8" })
      .trim()
      .split("\n");
    const currencyOf = (amount: string) => ((amount.split(".")[1] ?? "").length > 2 ? "KWD" : "USD");
    expect(amounts.map((amount) => toControlAmount(amount, currencyOf(amount), "hundredths"))).toEqual(printed);
    expect(toControlAmount("1000", "JPY", "hundredths")).toBe(printed[0]);
  });
});

describe("signing and verifying with controlAmounts", () => {
  it("signs a 1000 JPY sale over 1000 by default and over 100000 in hundredths", async () => {
    const iso = await signRequest({ entry: sale, body: jpySale, url, keys });
    const hundredths = await signRequest({ entry: sale, body: jpySale, url, keys, controlAmounts: "hundredths" });
    expect(iso.fields["control"]).toBe(refSha1Hex(`1111JP-10001000taro@example.jp${keys.controlKey}`));
    expect(hundredths.fields["control"]).toBe(refSha1Hex(`1111JP-1000100000taro@example.jp${keys.controlKey}`));
  });

  it("verifies a sale signed the way the verifier expects, either way", async () => {
    for (const controlAmounts of ["iso-4217", "hundredths"] as const) {
      const { fields } = await signRequest({ entry: sale, body: jpySale, url, keys, controlAmounts });
      const body = { ...jpySale, ...fields };
      const result = await verifyRequest({ entry: sale, url, body, authorization: undefined, keys, controlAmounts });
      expect(result).toEqual({ ok: true, signer: keys.login });
    }
  });

  it("refuses a sale signed the other way with a reason naming both ways, and no control or key", async () => {
    const { fields } = await signRequest({ entry: sale, body: jpySale, url, keys, controlAmounts: "hundredths" });
    const body = { ...jpySale, ...fields };
    const result = await verifyRequest({ entry: sale, url, body, authorization: undefined, keys });
    expect(result.ok).toBe(false);
    const reason = result.ok ? "" : result.reason;
    expect(reason).toMatch(/written with controlAmounts 'hundredths'.*expects controlAmounts 'iso-4217'/);
    expect(reason).not.toContain(fields["control"]);
    expect(reason).not.toContain(keys.controlKey);

    const iso = await signRequest({ entry: sale, body: jpySale, url, keys });
    const back = await verifyRequest({
      entry: sale,
      url,
      body: { ...jpySale, ...iso.fields },
      authorization: undefined,
      keys,
      controlAmounts: "hundredths",
    });
    expect(back.ok ? "" : back.reason).toMatch(
      /written with controlAmounts 'iso-4217'.*expects controlAmounts 'hundredths'/,
    );
  });

  it("keeps the plain mismatch reason for a control that matches neither way", async () => {
    const body = { ...jpySale, control: refSha1Hex("something else") };
    const result = await verifyRequest({ entry: sale, url, body, authorization: undefined, keys });
    expect(result.ok ? "" : result.reason).toMatch(/^control does not match: expected SHA-1 of endpointId/);
  });

  it("signs through the middleware the way it was created", async () => {
    const signer = createSigningMiddleware({ ...keys, controlAmounts: "hundredths" });
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(jpySale).toString(),
    });
    const signed = await signer.onRequest({ request, schemaPath: sale.path });
    const control = new URLSearchParams(await signed!.text()).get("control");
    expect(control).toBe(refSha1Hex(`1111JP-1000100000taro@example.jp${keys.controlKey}`));
  });
});
