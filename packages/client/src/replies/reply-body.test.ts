import { isRefusal } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { parseClassicReply, parseReplyBody } from "./reply-body.js";

const classic =
  "type=async-response\n&status=processing\n&serial-number=00000000-0000-0000-0000-0000026f8e3a\n" +
  "&merchant-order-id=902B4FF5\n&paynet-order-id=1234567\n&end-point-id=1111\n";

describe("parseClassicReply", () => {
  it("splits lines joined by \\n& without leaving & in the keys", () => {
    expect(parseClassicReply(classic)).toEqual({
      type: "async-response",
      status: "processing",
      "serial-number": "00000000-0000-0000-0000-0000026f8e3a",
      "merchant-order-id": "902B4FF5",
      "paynet-order-id": "1234567",
      "end-point-id": "1111",
    });
  });

  it("URL-decodes and trims keys and values", () => {
    const reply = parseClassicReply(
      "type=status-response \n& status = approved\n&html=%3Chtml%3E%3Cbody%3Ea+b%26c%3C%2Fbody%3E%3C%2Fhtml%3E\n&error-message=  Card+expired \r\n",
    );
    expect(reply).toEqual({
      type: "status-response",
      status: "approved",
      html: "<html><body>a b&c</body></html>",
      "error-message": "Card expired",
    });
  });

  it("keeps an undecodable escape as written", () => {
    expect(parseClassicReply("a=100%\n&b=2")).toEqual({ a: "100%", b: "2" });
  });
});

describe("parseReplyBody", () => {
  it("reads JSON and hands paynet-order-id over as a string", () => {
    const reply = parseReplyBody(
      '{"type":"async-response","paynet-order-id":1234567,"end-point-id":1111}',
      "application/vnd.pay+json",
    );
    expect(reply).toEqual({ type: "async-response", "paynet-order-id": "1234567", "end-point-id": 1111 });
  });

  it("keeps every digit of a paynet-order-id too long for a double", () => {
    const reply = parseReplyBody(
      '{"type":"async-response","paynet-order-id":12345678901234567890}',
      "application/json",
    );
    expect(reply?.["paynet-order-id"]).toBe("12345678901234567890");
  });

  it("reads the classic form into the same object as JSON", () => {
    const fromJson = parseReplyBody(
      JSON.stringify({
        type: "validation-error",
        "error-message": "amount: is required",
        "error-code": 1,
        "serial-number": "s-1",
      }),
      "application/vnd.pay+json",
    );
    const fromText = parseReplyBody(
      "type=validation-error\n&error-message=amount%3A+is+required\n&error-code=1\n&serial-number=s-1\n",
      "text/plain",
    );
    expect(fromText).toEqual(fromJson);
  });

  it("returns undefined for an empty body or an HTML page", () => {
    expect(parseReplyBody("  ", "text/plain")).toBeUndefined();
    expect(parseReplyBody("<html><body>Bad gateway</body></html>", "text/html")).toBeUndefined();
  });

  it("tells refusal replies from data", () => {
    expect(isRefusal({ type: "validation-error" })).toBe(true);
    expect(isRefusal({ type: "error" })).toBe(true);
    expect(isRefusal({ type: "status-response", status: "error" })).toBe(false);
  });
});
