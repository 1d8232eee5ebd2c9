import { describe, expect, it } from "vitest";
import { finalStatuses, isFinalStatus, operationById, operationTable, transactionStatuses } from "./index.js";

describe("the operation table", () => {
  it("finds every operation by its id, no two entries sharing one", () => {
    for (const entry of Object.values(operationTable)) {
      expect(operationById(entry.operationId)).toBe(entry);
    }
    const entries = Object.values(operationTable);
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((e) => e.operationId)).size).toBe(entries.length);
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
