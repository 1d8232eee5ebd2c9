import { describe, expect, it } from "vitest";
import { goodOperation, lintOperation } from "./lint-fixture.ts";

describe("card-processing Redocly rules", () => {
  it("accept an operation that follows every convention", async () => {
    expect(await lintOperation(goodOperation())).toEqual([]);
  });

  it("hold the spec's webhooks, what the gateway sends the merchant, to none of the API's conventions", async () => {
    const callback = {
      get: {
        operationId: "serverCallback",
        summary: "Server callback",
        description: "A GET with the outcome in its query.",
        tags: ["Callbacks and returns"],
        security: [],
        parameters: [{ name: "status", in: "query", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "ok" } },
      },
    };
    expect(await lintOperation(goodOperation(), { serverCallback: callback })).toEqual([]);
    const unsigned = goodOperation();
    delete unsigned["x-signature"];
    const problems = await lintOperation(unsigned, { serverCallback: callback });
    expect(problems.map((p) => p.ruleId)).toEqual(["card-processing/x-signature"]);
  });

  describe("x-signature", () => {
    it("reports an operation without x-signature", async () => {
      const op = goodOperation();
      delete op["x-signature"];
      const problems = await lintOperation(op);
      expect(problems).toEqual([expect.objectContaining({ ruleId: "card-processing/x-signature" })]);
      expect(problems[0]?.message).toMatch(/must declare `x-signature`/);
    });

    it("reports an unknown scheme", async () => {
      const op = goodOperation();
      op["x-signature"] = { scheme: "md5", terms: [] };
      const problems = await lintOperation(op);
      expect(problems.map((p) => p.message)).toEqual([
        expect.stringMatching(/must be one of control, oauth-hmac-sha1/),
      ]);
    });

    it("reports a term that is not a request field", async () => {
      const op = goodOperation();
      op["x-signature"].terms = ["endpointId", "client_order_id", "amount"];
      const problems = await lintOperation(op);
      expect(problems.map((p) => p.message)).toEqual([
        expect.stringContaining('"client_order_id" is neither a request body field'),
      ]);
    });

    it("reports an OAuth operation without its security scheme", async () => {
      const op = goodOperation();
      op["x-signature"] = { scheme: "oauth-rsa-sha256", terms: [] };
      const problems = await lintOperation(op);
      expect(problems.map((p) => p.message)).toEqual([
        expect.stringContaining("must reference the `OAuthRsaSha256` security scheme"),
      ]);
    });

    it("reports terms on an OAuth operation", async () => {
      const op = goodOperation();
      op["x-signature"] = { scheme: "oauth-hmac-sha1", terms: ["amount"] };
      op.security = [{ OAuthHmacSha1: [] }];
      const problems = await lintOperation(op);
      expect(problems.map((p) => p.message)).toEqual([expect.stringContaining("`terms` must be empty")]);
    });
  });

  describe("gateway-conventions", () => {
    it("reports a missing Accept header", async () => {
      const op = goodOperation();
      op.parameters = op.parameters.slice(0, 1);
      const problems = await lintOperation(op);
      expect(problems).toEqual([expect.objectContaining({ ruleId: "card-processing/gateway-conventions" })]);
      expect(problems[0]?.message).toMatch(/required `Accept` header/);
    });

    it("reports an Accept header that allows JSON", async () => {
      const op = goodOperation();
      op.parameters[1].schema.enum = ["application/json"];
      expect((await lintOperation(op)).map((p) => p.ruleId)).toEqual(["card-processing/gateway-conventions"]);
    });

    it("reports a missing 500 response", async () => {
      const op = goodOperation();
      delete op.responses["500"];
      const problems = await lintOperation(op);
      expect(problems.map((p) => p.message)).toEqual([expect.stringContaining("answer 500 with ServerErrorResponse")]);
    });
  });

  describe("form-encoded-body", () => {
    it("reports a JSON request body", async () => {
      const op = goodOperation();
      op.requestBody.content = { "application/json": op.requestBody.content["application/x-www-form-urlencoded"] };
      const problems = await lintOperation(op);
      expect(problems.map((p) => p.ruleId)).toContain("card-processing/form-encoded-body");
      expect(problems.find((p) => p.ruleId === "card-processing/form-encoded-body")?.message).toMatch(
        /found: application\/json/,
      );
    });

    it("reports an optional request body", async () => {
      const op = goodOperation();
      op.requestBody.required = false;
      const problems = await lintOperation(op);
      expect(problems).toEqual([expect.objectContaining({ ruleId: "card-processing/form-encoded-body" })]);
    });
  });
});
