import { describe, expect, it } from "vitest";
import { differencesOf, fieldDigest, fingerprintOf, sharedNames } from "./request-fingerprint.js";

const sale = { client_orderid: "shop-1", amount: "10.42", currency: "USD", email: "a@example.com" };

describe("a request's fingerprint", () => {
  it("shares one frozen list of names with the next request sent with the same fields in the same order", () => {
    const first = fingerprintOf("sale", sale, "salt");
    const second = fingerprintOf("sale", { ...sale, client_orderid: "shop-2", amount: "5.00" }, "salt");
    expect(second.names).toBe(first.names);
    expect(Object.isFrozen(first.names)).toBe(true);
    expect(first.names).toEqual(["client_orderid", "amount", "currency", "email"]);
    // Shared names, digests of their own.
    expect(differencesOf(first, second)).toEqual(["amount", "client_orderid"]);
  });

  it("keeps a list of its own for other fields or another order, with each name where it was sent", () => {
    const first = fingerprintOf("sale", sale, "salt");
    const reordered = fingerprintOf(
      "sale",
      { amount: "10.42", client_orderid: "shop-1", currency: "USD", email: "a@example.com" },
      "salt",
    );
    const fewer = fingerprintOf("sale", { client_orderid: "shop-1", amount: "10.42" }, "salt");
    expect(reordered.names).not.toBe(first.names);
    expect(reordered.names).toEqual(["amount", "client_orderid", "currency", "email"]);
    expect(fewer.names).toEqual(["client_orderid", "amount"]);
    expect(fieldDigest(reordered, "client_orderid")).toBe(fieldDigest(first, "client_orderid"));
    expect(differencesOf(first, reordered)).toEqual([]);
    expect(differencesOf(first, fewer)).toEqual(["currency", "email"]);
  });

  it("gives back the last list for an equal one, read back from a data directory, and takes a new one in its place", () => {
    const made = fingerprintOf("sale", sale, "salt").names;
    expect(sharedNames(["client_orderid", "amount", "currency", "email"])).toBe(made);
    const other = sharedNames(["client_orderid"]);
    expect(other).toEqual(["client_orderid"]);
    expect(sharedNames(["client_orderid"])).toBe(other);
  });
});
