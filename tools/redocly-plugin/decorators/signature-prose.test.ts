import { describe, expect, it, onTestFinished } from "vitest";
import { referenceSections } from "./reference-sections.js";
import { signatureProse } from "./signature-prose.js";
import { xSignatureProse } from "./x-signature-prose.js";

describe("signatureProse", () => {
  it("spells out the control terms in order, with amount in minor units", () => {
    const prose = signatureProse({ scheme: "control", terms: ["endpointId", "client_orderid", "amount", "email"] });
    expect(prose).toBe(
      "**Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `amount` (minor units) + " +
        "`email` + merchant control key, sent as `control` (lowercase hex).",
    );
  });

  it("names the OAuth method and the header for OAuth schemes", () => {
    expect(signatureProse({ scheme: "oauth-rsa-sha256", terms: [] })).toContain(
      "Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header",
    );
    expect(signatureProse({ scheme: "oauth-hmac-sha1", terms: [] })).toContain("OAuth 1.0a HMAC-SHA1");
  });

  it("flags an assumed rule with its reason", () => {
    const prose = signatureProse({
      scheme: "oauth-hmac-sha1",
      terms: [],
      "x-assumed": true,
      description: "Semantics as for payout.",
    });
    expect(prose).toMatch(/\*\*Assumed rule:\*\* Semantics as for payout\.$/);
    expect(signatureProse({ scheme: "control", terms: ["login"] })).not.toContain("Assumed");
  });

  it("words a received message as something to verify", () => {
    expect(signatureProse({ scheme: "control", terms: ["status", "orderid"] }, { verified: true })).toContain(
      "Verify `control`, the control digest: SHA-1 of `status` + `orderid` + merchant control key",
    );
  });

  it("returns undefined for a missing or unknown rule", () => {
    expect(signatureProse(undefined)).toBeUndefined();
    expect(signatureProse({ scheme: "md5", terms: [] })).toBeUndefined();
  });
});

describe("x-signature-prose decorator", () => {
  it("puts the prose before the operation's own description", () => {
    const operation = { description: "Sale.", "x-signature": { scheme: "control", terms: ["login"] } };
    xSignatureProse().Operation.leave(operation);
    expect(operation.description).toMatch(
      /^\*\*Signature\.\*\* Signed with the control digest: SHA-1 of `login` \+ merchant control key.*\n\nSale\.$/s,
    );
  });
});

describe("x-signature-prose decorator on webhooks", () => {
  it("words the signature of the schema a webhook carries as a check, in the webhook's description", () => {
    const doc: any = {
      webhooks: {
        serverCallback: {
          get: {
            description: "A GET.",
            parameters: [{ name: "callback", in: "query", schema: { $ref: "#/components/schemas/CallbackParams" } }],
          },
        },
      },
      components: {
        schemas: { CallbackParams: { "x-signature": { scheme: "control", terms: ["status", "orderid"] } } },
      },
    };
    xSignatureProse().Root.leave(doc);
    xSignatureProse().Root.leave(doc);
    expect(doc.webhooks.serverCallback.get.description).toBe(
      `${signatureProse({ scheme: "control", terms: ["status", "orderid"] }, { verified: true })}\n\nA GET.`,
    );
  });
});

describe("reference-sections decorator", () => {
  const root = () => ({
    tags: [{ name: "Payments" }],
    components: {
      schemas: {
        TransactionStatus: {
          type: "string",
          enum: ["processing", "approved"],
          "x-final-statuses": ["approved"],
          description: "Status.",
        },
        CallbackParams: {
          type: "object",
          description: "Callback.",
          required: ["status"],
          properties: {
            status: { $ref: "#/components/schemas/TransactionStatus" },
            orderid: { type: "string", description: "Id." },
          },
        },
      },
    },
  });

  it("adds a trait tag per section and groups the tags", () => {
    const doc: any = root();
    const sections = [
      { tag: "Transaction statuses", schema: "TransactionStatus" },
      { tag: "Server callback", schema: "CallbackParams" },
    ];
    referenceSections({ sections }).Root.leave(doc);
    expect(doc.tags.map((t: any) => t.name)).toEqual(["Payments", "Transaction statuses", "Server callback"]);
    expect(doc["x-tagGroups"]).toEqual([
      { name: "Operations", tags: ["Payments"] },
      { name: "Callbacks, statuses and values", tags: ["Transaction statuses", "Server callback"] },
    ]);
    expect(doc.tags[1]["x-traitTag"]).toBe(true);
    expect(doc.tags[1].description).toContain("| `processing` | no |\n| `approved` | yes |");
    expect(doc.tags[2].description).toContain(
      "- `status` (string, one of `processing`, `approved`, required): Status.",
    );
    expect(doc.tags[2].description).toContain("- `orderid` (string, optional): Id.");
  });

  it("puts the tags only webhooks carry beside the sections, and renders a field's description or a Markdown file", async () => {
    const { mkdtemp, rm, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = await mkdtemp(join(tmpdir(), "reference-sections-"));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const file = join(dir, "values.md");
    await writeFile(file, "| CVV2 | final status |\n| --- | --- |\n| `123` | approved |\n");
    const doc: any = root();
    doc.tags.push({ name: "Callbacks and returns" });
    doc.paths = { "/api/v2/sale/{endpointId}": { post: { tags: ["Payments"] } } };
    doc.webhooks = { serverCallback: { get: { tags: ["Callbacks and returns"] } } };
    doc.components.schemas.CallbackParams.properties.orderid.description = "Id.\n\n| a | b |";
    const sections = [
      { tag: "Order id", schema: "CallbackParams", property: "orderid" },
      { tag: "Test values", markdownFile: file },
    ];
    referenceSections({ sections }).Root.leave(doc);
    expect(doc["x-tagGroups"]).toEqual([
      { name: "Operations", tags: ["Payments"] },
      { name: "Callbacks, statuses and values", tags: ["Callbacks and returns", "Order id", "Test values"] },
    ]);
    expect(doc.tags[2].description).toBe("Id.\n\n| a | b |\n\nSchema: `CallbackParams`, field `orderid`.\n");
    expect(doc.tags[3].description).toContain("| `123` | approved |");
  });

  it("fails the build when a configured Markdown file cannot be read", () => {
    expect(() =>
      referenceSections({ sections: [{ tag: "Gone", markdownFile: "/nonexistent/values.md" }] }).Root.leave(root()),
    ).toThrow(/cannot read \/nonexistent\/values\.md/);
  });

  it("fails the build when a configured schema does not exist", () => {
    expect(() => referenceSections({ sections: [{ tag: "Gone", schema: "Nope" }] }).Root.leave(root())).toThrow(
      /no schema named Nope/,
    );
  });
});
