import { describe, expect, it } from "vitest";
import type { OperationEntry } from "./operation-entry.js";
import { defaultOperationId, unpackOperationTable } from "./packed-operation-table.js";

const unpack = (names: string, rows: readonly string[]) => unpackOperationTable<Record<string, OperationEntry>>(names, rows);

describe("unpackOperationTable", () => {
  it("rebuilds capture from its row, with the path and the operation id derived from the slug", () => {
    const table = unpack("login client_orderid orderid amount currency control", ["v2/capture  0m 01234 0125 3 1  5"]);
    expect(table).toStrictEqual({
      "/api/v2/capture/{endpointId}": {
        operationId: "capture",
        path: "/api/v2/capture/{endpointId}",
        signature: { scheme: "control", terms: ["login", "client_orderid", "orderid", "amount", "currency"], assumed: false },
        requiredFields: ["login", "client_orderid", "orderid", "control"],
        amountFields: ["amount"],
        clientOrderIdFields: ["client_orderid"],
        cardNumberFields: [],
        secretFields: ["control"],
        movesMoney: true,
      },
    });
  });

  it("reads an explicit operation id, the scheme index and the assumed flag", () => {
    const table = unpack("client-order-id amount destination-card-no", [
      "v4/payout payoutV4 2m  01 1 0  ",
      "v2/payout-form  1am  01 1 0  ",
      "v2/transfer  3  012 1 0 2 ",
    ]);
    expect(table["/api/v4/payout/{endpointId}"]).toMatchObject({
      operationId: "payoutV4",
      signature: { scheme: "oauth-rsa-sha256", terms: [], assumed: false },
      movesMoney: true,
    });
    expect(table["/api/v2/payout-form/{endpointId}"]).toMatchObject({
      operationId: "payoutForm",
      signature: { scheme: "oauth-hmac-sha1", assumed: true },
      movesMoney: true,
    });
    expect(table["/api/v2/transfer/{endpointId}"]).toStrictEqual({
      operationId: "transfer",
      path: "/api/v2/transfer/{endpointId}",
      signature: { scheme: "none", terms: [], assumed: false },
      requiredFields: ["client-order-id", "amount", "destination-card-no"],
      amountFields: ["amount"],
      clientOrderIdFields: ["client-order-id"],
      cardNumberFields: ["destination-card-no"],
      secretFields: [],
      movesMoney: false,
    });
  });

  it("keeps the rows' order and gives every entry arrays of its own", () => {
    const table = unpack("login control", ["v2/void  0 0 01   1", "v2/status  0 0 01   1"]);
    expect(Object.keys(table)).toEqual(["/api/v2/void/{endpointId}", "/api/v2/status/{endpointId}"]);
    const [first, second] = Object.values(table);
    expect(first?.requiredFields).toEqual(second?.requiredFields);
    expect(first?.requiredFields).not.toBe(second?.requiredFields);
  });

  it("reads field codes beyond the digits and letters", () => {
    const names = Array.from({ length: 50 }, (_, i) => `f${i}`);
    // 48 + 44 is the backslash, 48 + 49 the "a" that the flags also use.
    const table = unpack(names.join(" "), ["v2/sale  0 \\a     "]);
    expect(table["/api/v2/sale/{endpointId}"]?.signature.terms).toEqual(["f44", "f49"]);
  });
});

describe("defaultOperationId", () => {
  it("camel-cases the segments after the version", () => {
    expect(defaultOperationId("v2/make-rebill")).toBe("makeRebill");
    expect(defaultOperationId("v2/pan-eligibility/send")).toBe("panEligibilitySend");
    expect(defaultOperationId("3ds/v1/upload-method-url-result")).toBe("uploadMethodUrlResult");
    expect(defaultOperationId("v4/payout")).toBe("payout");
  });
});
