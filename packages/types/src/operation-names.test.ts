import { describe, expect, it } from "vitest";
import { finalStatuses, isFinalStatus, operationById, operationTable, transactionStatuses } from "./index.js";

describe("the operation table", () => {
  it("finds every operation by its id", () => {
    for (const entry of Object.values(operationTable)) {
      expect(operationById(entry.operationId)).toBe(entry);
    }
    expect(new Set(Object.values(operationTable).map((e) => e.operationId)).size).toBe(41);
  });

  it("refuses an unknown id, naming it", () => {
    expect(() => operationById("refund" as never)).toThrow("Unknown operation id: refund");
  });

  it("tells final statuses from the others", () => {
    expect(finalStatuses.filter(isFinalStatus)).toEqual(["approved", "declined", "error", "filtered"]);
    expect(transactionStatuses.filter((s) => !isFinalStatus(s))).toEqual(["processing", "unknown"]);
  });

  it("signs status with the empty-orderid rule's terms and payout with HMAC OAuth", () => {
    expect(operationById("status").signature.terms).toEqual(["login", "client_orderid", "orderid"]);
    expect(operationById("payout").signature.scheme).toBe("oauth-hmac-sha1");
    expect(operationById("createCardRefV4").signature.scheme).toBe("oauth-rsa-sha256");
  });
});
