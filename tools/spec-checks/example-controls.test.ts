import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

const spec = JSON.parse(await readFile(new URL("../../packages/types/openapi.json", import.meta.url), "utf8"));
// The credentials the spec's examples are signed with: its one example merchant (`x-example-merchant`).
const merchant = spec["x-example-merchant"];
const EXAMPLE = { endpointId: String(merchant.endpointId), login: merchant.login, controlKey: merchant.controlKey };

// Minor units from the decimal string, with the exponent Intl knows for the currency.
function minorUnits(amount: string, currency: string): string {
  const exponent =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(`${whole}${fraction.padEnd(exponent, "0")}`).toString();
}

const cases = Object.entries<any>(spec.paths).flatMap(([path, item]) => {
  const op = item.post;
  if (op?.["x-signature"].scheme !== "control") return [];
  const examples = op.requestBody.content["application/x-www-form-urlencoded"].examples ?? {};
  return Object.entries<any>(examples).map(([name, example]) => ({
    path,
    name,
    terms: op["x-signature"].terms as string[],
    body: example.value,
  }));
});

describe("request examples in the spec", () => {
  it("exist for every control-signed operation", () => {
    expect(new Set(cases.map((c) => c.path)).size).toBe(
      Object.values<any>(spec.paths).filter((item) => item.post?.["x-signature"].scheme === "control").length,
    );
  });

  it.each(cases)("$path ($name) carries the control its terms give", ({ terms, body }) => {
    const parts = terms.map((term) => {
      if (term === "endpointId") return EXAMPLE.endpointId;
      if (term === "login") return body.login ?? EXAMPLE.login;
      if (term === "amount") return body.amount === undefined ? "" : minorUnits(String(body.amount), body.currency);
      return body[term] === undefined ? "" : String(body[term]);
    });
    const expected = createHash("sha1")
      .update(parts.join("") + EXAMPLE.controlKey)
      .digest("hex");
    expect(body.control).toBe(expected);
  });
});
