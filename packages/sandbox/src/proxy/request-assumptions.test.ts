import { operationTable } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import type { ReplyVerdict } from "./reply-check.js";
import { requestAssumptionFindings } from "./request-assumptions.js";
import type { RequestVerdict } from "./request-check.js";

// The assumptions of issue #52, where two pages (or two editions of one) disagree: which requests
// settle each (`x-assumed-evidence` in the spec), and which way.
const update = operationTable["/api/v4/update-recurring-payment/{endpointId}"];
const processNow = operationTable["/api/v4/process-recurring-payment/{endpointId}"];
const UPDATE = "#/components/schemas/UpdateRecurringPaymentRequest/properties";
const PROCESS = "#/components/schemas/ProcessRecurringPaymentRequest/properties";

const taken: ReplyVerdict = { findings: [], accepted: true, refusal: undefined };
const refusedNaming = (field: string): ReplyVerdict => ({
  findings: [],
  accepted: false,
  refusal: `${field} is required`,
});
const request = (fields: Record<string, string>, missing?: string): RequestVerdict => ({
  findings:
    missing === undefined
      ? []
      : [{ direction: "request", rule: "request-field", field: missing, specFile: "", message: "" }],
  fields,
  signatureHolds: undefined,
});
const settled = (findings: ReturnType<typeof requestAssumptionFindings>) =>
  findings.map((f) => `${f.rule} ${f.assumption?.replace(/^.*\/properties\//, "")}`);

describe("what traffic settles of the recurring payments' assumed fields", () => {
  it("confirms the optional card of an update when the gateway takes a change without one, and only then", () => {
    const withoutCard = request({ "client-orderid": "u-1", "recurring-payment-id": "3000001", amount: "12.99" });
    expect(settled(requestAssumptionFindings(update, withoutCard, taken))).toEqual([
      "assumption-confirmed credit-card-number",
    ]);
    const withCard = request({
      "client-orderid": "u-2",
      "recurring-payment-id": "3000001",
      "credit-card-number": "4111111111111111",
      "card-printed-name": "JOHN SMITH",
      "expire-month": "12",
      "expire-year": "2030",
    });
    expect(settled(requestAssumptionFindings(update, withCard, taken))).toEqual([]);
    expect(settled(requestAssumptionFindings(update, withoutCard, refusedNaming("credit-card-number")))).toEqual([
      "assumption-contradicted credit-card-number",
    ]);
  });

  it("settles process's required amount by a charge without one: refused naming it confirms, taken contradicts", () => {
    const withoutAmount = request({ "client-orderid": "p-1", "recurring-payment-id": "3000001" }, "amount");
    expect(settled(requestAssumptionFindings(processNow, withoutAmount, refusedNaming("amount")))).toEqual([
      "assumption-confirmed amount",
    ]);
    const contradicted = requestAssumptionFindings(processNow, withoutAmount, taken);
    expect(settled(contradicted)).toEqual(["assumption-contradicted amount"]);
    expect(contradicted[0]?.message).toContain("a request without field 'amount' (required in the spec)");
    const withAmount = request({ "client-orderid": "p-2", "recurring-payment-id": "3000001", amount: "9.99" });
    expect(settled(requestAssumptionFindings(processNow, withAmount, taken))).toEqual([]);
  });

  it("settles the identifier's length only by one longer than 10 digits, on process and update alike", () => {
    const longId = { "client-orderid": "l-1", "recurring-payment-id": "123456789012", amount: "9.99" };
    expect(settled(requestAssumptionFindings(processNow, request(longId), taken))).toEqual([
      "assumption-confirmed recurring-payment-id",
    ]);
    expect(settled(requestAssumptionFindings(update, request(longId), taken))).toEqual([
      "assumption-confirmed recurring-payment-id",
      "assumption-confirmed credit-card-number",
    ]);
    const shortId = { ...longId, "recurring-payment-id": "1234567890" };
    expect(settled(requestAssumptionFindings(processNow, request(shortId), taken))).toEqual([]);
    expect(
      requestAssumptionFindings(processNow, request(longId), refusedNaming("recurring-payment-id")).map((f) => f.rule),
    ).toEqual(["assumption-contradicted"]);
  });

  it("points each finding at its node in the bundled spec", () => {
    const found = requestAssumptionFindings(update, request({ "recurring-payment-id": "1" }), taken);
    expect(found.map((f) => f.assumption)).toEqual([`${UPDATE}/credit-card-number`]);
    const processFound = requestAssumptionFindings(
      processNow,
      request({ "recurring-payment-id": "1" }, "amount"),
      taken,
    );
    expect(processFound.map((f) => f.assumption)).toEqual([`${PROCESS}/amount`]);
  });
});
