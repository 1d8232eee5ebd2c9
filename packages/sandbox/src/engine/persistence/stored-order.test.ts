import { hash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { orderFixture } from "../orders/order-fixture.testlib.js";
import { differencesOf, fingerprintOf } from "../values/request-fingerprint.js";
import { type FingerprintJson, fingerprintToJson, orderFromJson, orderToJson } from "./stored-order.js";

describe("an order written as JSON and read back", () => {
  it("keeps amounts, the pending operation, the fingerprint and every request, each request one object again", () => {
    const order = orderFixture({
      capturedMinor: 1042n,
      refundedMinor: 42n,
      pending: { type: "reversal", amountMinor: 500n, outcome: "reversal" },
      threeDSecure: { version: "2.x-challenge", stage: "done", result: "AUTHENTICATED" },
    });
    const first = order.latestRequest;
    order.requestsBySerial.set("sn-1", first);
    const second = {
      type: "reversal",
      amountMinor: 500n,
      createdAt: 5_000,
      status: "processing" as const,
      errorMessage: undefined,
      errorCode: undefined,
    };
    order.latestRequest = second;
    order.requestsBySerial.set("sn-2", second);

    const json = JSON.parse(JSON.stringify(orderToJson(order)));
    const read = orderFromJson(json, JSON.parse(JSON.stringify(fingerprintToJson(order.fingerprint))));

    expect(read).toEqual(order);
    expect(read.capturedMinor).toBe(1042n);
    expect(read.latestRequest).toBe(read.requestsBySerial.get("sn-2"));
    expect(read.requestsBySerial.get("sn-1")).not.toBe(read.latestRequest);
    expect(read.fingerprint).toEqual(order.fingerprint);
  });

  it("keeps the fingerprint out of the order's JSON, and reads it from there in a directory written before", () => {
    const order = orderFixture();
    const json = orderToJson(order);
    expect(Object.keys(json)).not.toContain("fingerprint");
    const older = { ...json, fingerprint: fingerprintToJson(order.fingerprint) };
    expect(orderFromJson(JSON.parse(JSON.stringify(older))).fingerprint).toEqual(order.fingerprint);
  });

  it("reads the whole digests of a directory written before they were cut as the fingerprint the same request makes now", () => {
    const fields = { client_orderid: "shop-1", amount: "10.42", credit_card_number: "4444555566661111" };
    const whole = (value: string) => hash("sha256", `test-salt${value}`, "base64url");
    const older: FingerprintJson = {
      operationId: "sale",
      digests: Object.entries(fields).map(([name, value]) => [name, whole(value)] as const),
    };
    const read = orderFromJson(orderToJson(orderFixture()), older).fingerprint;
    expect(differencesOf(read, fingerprintOf("sale", fields, "test-salt"))).toEqual([]);
    expect(differencesOf(read, fingerprintOf("sale", { ...fields, amount: "10.43" }, "test-salt"))).toEqual(["amount"]);
  });

  it("writes no field the order does not have", () => {
    const json = orderToJson(orderFixture({ callbackUrl: undefined, pending: undefined }));
    expect(Object.keys(json)).not.toContain("callbackUrl");
    expect(Object.keys(json)).not.toContain("pending");
  });
});
