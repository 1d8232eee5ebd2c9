import { describe, expect, it } from "vitest";
import { checkCsvReply } from "./csv-reply-check.js";
import { transactionReportSpec } from "./spec-operation.js";

describe("transactionReportSpec", () => {
  it("reads the CSV reply's row schema from its contentSchema, so the proxy checks the header against its columns", () => {
    const csv = transactionReportSpec()
      .replies.get("200")
      ?.find((reply) => reply.mediaType === "text/csv");
    expect(csv?.csvRow).toBe("TransactionReportRow");
    if (csv === undefined) return;
    const header =
      "id,created,type,status,paynet-order-id,merchant-order-id,end-point-id,amount,currency,serial-number";
    expect(checkCsvReply(csv, `${header}\n`).map((finding) => finding.rule)).toEqual(["assumption-confirmed"]);
    expect(checkCsvReply(csv, "id,when\n").map((finding) => finding.rule)).toContain("assumption-contradicted");
  });
});
