import { describe, expect, it } from "vitest";
import { classicText } from "./classic-form.js";
import { operationTable } from "./generated/operation-table.js";
import type { OperationEntry } from "./operation-entry.js";
import { isRefusal, isReplyOf, missingReplyKeys, readReply } from "./reply-reader.js";

const status = operationTable["/api/v2/status/{endpointId}"];
// A list operation as the table describes one (get-balance's reply: a list of balance-amount items).
const listOp: OperationEntry = {
  ...status,
  operationId: "listOp",
  replyShape: "list",
  replyNumberFields: ["balance-amount"],
  replyTypes: [],
  replyRequiredFields: ["balance-amount"],
};
const JSON_TYPE = "application/vnd.pay+json";

describe("readReply", () => {
  it("reads one object of JSON, paynet-order-id as a string", () => {
    expect(
      readReply(status, '{"type":"status-response","paynet-order-id":1234567,"end-point-id":1111}', JSON_TYPE),
    ).toEqual({
      form: "json",
      body: { type: "status-response", "paynet-order-id": "1234567", "end-point-id": 1111 },
    });
  });

  it("keeps every digit of a numeric paynet-order-id, in each item of a list too", () => {
    const read = readReply(
      listOp,
      '[{"paynet-order-id":12345678901234567890},{"paynet-order-id":98765432109876543210}]',
      JSON_TYPE,
    );
    expect(read?.body).toEqual([
      { "paynet-order-id": "12345678901234567890" },
      { "paynet-order-id": "98765432109876543210" },
    ]);
  });

  it("reads a JSON list for a list operation, and refuses one where one object is due", () => {
    expect(readReply(listOp, '[{"balance-amount":29.99},{"balance-amount":5}]', JSON_TYPE)?.body).toEqual([
      { "balance-amount": 29.99 },
      { "balance-amount": 5 },
    ]);
    expect(readReply(status, '[{"type":"status-response"}]', JSON_TYPE)).toBeUndefined();
    expect(readReply(listOp, "[1,2]", JSON_TYPE)).toBeUndefined();
  });

  it("reads the published page's example with its trailing comma, and nothing looser", () => {
    const page = '[\n  {\n    "balance-amount":29.99,\n  }\n]';
    expect(readReply(listOp, page, null)?.body).toEqual([{ "balance-amount": 29.99 }]);
    expect(readReply(listOp, '[{"balance-amount":1},]', JSON_TYPE)?.body).toEqual([{ "balance-amount": 1 }]);
    for (const looser of [
      '[{"balance-amount":1},,]',
      "[,]",
      "{,}",
      '[{"balance-amount":1,,}]',
      "[{'a':1}]",
      '[{"a":1} {"b":2}]',
    ])
      expect(readReply(listOp, looser, JSON_TYPE), looser).toBeUndefined();
    // A comma inside a string is text, not a trailing comma: left as it is.
    expect(readReply(status, '{"error-message":"a,}","type":"error",}', JSON_TYPE)?.body).toEqual({
      "error-message": "a,}",
      type: "error",
    });
  });

  it("reads a classic list, an item starting where a key comes again, numbers as in JSON", () => {
    const text = "balance-amount=29.99\n&balance-amount=5\n";
    expect(readReply(listOp, text, "text/html;charset=utf-8")).toEqual({
      form: "classic",
      body: [{ "balance-amount": 29.99 }, { "balance-amount": 5 }],
    });
    // The classic writer and the reader agree.
    const list = [{ "balance-amount": 12.5 }, { "balance-amount": 0 }];
    expect(readReply(listOp, classicText(list), "text/html")?.body).toEqual(list);
  });

  it("reads a refusal to a list operation as one object, in either form", () => {
    const refusal = { type: "validation-error", "error-message": "balance-provider: is required", "error-code": 1 };
    for (const [text, contentType] of [
      [JSON.stringify(refusal), JSON_TYPE],
      [classicText(refusal), "text/html"],
    ] as const) {
      const body = readReply(listOp, text, contentType)?.body;
      expect(body).toEqual(refusal);
      expect(isRefusal(body)).toBe(true);
      expect(isReplyOf(listOp, body ?? {})).toBe(true);
    }
  });

  it("calls garbage, an HTML page and an empty body unreadable", () => {
    for (const text of ["", "  \n", "<html><body>Bad gateway</body></html>", "Bad gateway", "{not json", "a=1\n&<b>"])
      expect(readReply(listOp, text, "text/html"), text).toBeUndefined();
    expect(readReply(status, "<html>502</html>", JSON_TYPE)).toBeUndefined();
  });
});

describe("get-balance, as its table entry drives the reader", () => {
  const getBalance = operationTable["/api/v2/get-balance/{endpointId}"];

  it("is a list operation whose balance-amount is a number in either form", () => {
    expect(getBalance.replyShape).toBe("list");
    expect(getBalance.replyNumberFields).toEqual(["balance-amount"]);
    const page = '[\n  {\n    "balance-amount":29.99,\n  }\n]';
    const fromJson = readReply(getBalance, page, "text/html;charset=utf-8");
    const fromClassic = readReply(getBalance, "balance-amount=29.99\n", "text/html;charset=utf-8");
    expect(fromJson).toEqual({ form: "json", body: [{ "balance-amount": 29.99 }] });
    expect(fromClassic).toEqual({ form: "classic", body: [{ "balance-amount": 29.99 }] });
    expect(isReplyOf(getBalance, fromClassic?.body ?? [])).toBe(true);
    expect(missingReplyKeys(getBalance, [{ "balance-amount": 29.99 }, { amount: 1 }])).toEqual(["balance-amount"]);
  });
});

describe("isReplyOf and missingReplyKeys", () => {
  it("take a list item by item for a list operation, and never a list for an object operation", () => {
    expect(isReplyOf(listOp, [{ "balance-amount": 1 }, { "balance-amount": 2 }])).toBe(true);
    expect(isReplyOf(listOp, [{ "balance-amount": 1 }, { ok: true }])).toBe(false);
    expect(isReplyOf(listOp, { "balance-amount": 1 })).toBe(false);
    expect(isReplyOf(status, [{ type: "status-response" }])).toBe(false);
    expect(missingReplyKeys(listOp, [{ "balance-amount": 1 }, { "balance-amount": null }, {}])).toEqual([
      "balance-amount",
    ]);
    expect(missingReplyKeys(listOp, { type: "error" })).toEqual([]);
  });
});
