import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** A minimal operation that every custom rule accepts; tests break one part of it at a time. */
export function goodOperation(): Record<string, any> {
  return {
    operationId: "sale",
    summary: "Sale",
    description: "Sale.",
    tags: ["Payments"],
    security: [],
    "x-signature": { scheme: "control", terms: ["endpointId", "client_orderid", "amount"] },
    parameters: [
      { name: "endpointId", in: "path", required: true, schema: { type: "integer", format: "int64" } },
      { name: "Accept", in: "header", required: true, schema: { type: "string", enum: ["application/vnd.pay+json"] } },
    ],
    requestBody: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": {
          schema: {
            type: "object",
            properties: { client_orderid: { type: "string" }, amount: { type: "string" }, control: { type: "string" } },
          },
        },
      },
    },
    responses: {
      "200": { description: "ok", content: { "application/vnd.pay+json": { schema: { type: "object" } } } },
      "400": { $ref: "#/components/responses/ValidationError" },
      "500": { $ref: "#/components/responses/ServerError" },
    },
  };
}

function documentWith(operation: Record<string, any>, webhooks: Record<string, any> | undefined) {
  const errorBody = (name: string) => ({
    description: name,
    content: { "application/vnd.pay+json": { schema: { $ref: `#/components/schemas/${name}` } } },
  });
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: { "/api/v2/sale/{endpointId}": { post: operation } },
    ...(webhooks === undefined ? {} : { webhooks }),
    components: {
      securitySchemes: {
        OAuthHmacSha1: { type: "apiKey", in: "header", name: "Authorization" },
        OAuthRsaSha256: { type: "apiKey", in: "header", name: "Authorization" },
      },
      responses: {
        ValidationError: errorBody("ValidationErrorResponse"),
        ServerError: errorBody("ServerErrorResponse"),
      },
      schemas: { ValidationErrorResponse: { type: "object" }, ServerErrorResponse: { type: "object" } },
    },
  };
}

export interface LintProblem {
  ruleId: string;
  message: string;
}

/**
 * Lints a one-operation document (with `webhooks` beside it, when given) with only the project's
 * custom rules and returns their findings.
 */
export async function lintOperation(
  operation: Record<string, any>,
  webhooks?: Record<string, any>,
): Promise<LintProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), "card-processing-lint-"));
  try {
    await writeFile(join(dir, "openapi.json"), JSON.stringify(documentWith(operation, webhooks)));
    await writeFile(
      join(dir, "redocly.yaml"),
      [
        "plugins:",
        `  - ${join(repoRoot, "tools/redocly-plugin/index.js")}`,
        "rules:",
        "  card-processing/x-signature: error",
        "  card-processing/gateway-conventions: error",
        "  card-processing/form-encoded-body: error",
        "",
      ].join("\n"),
    );
    const redocly = join(repoRoot, "node_modules/.bin/redocly");
    const args = ["lint", "openapi.json", "--config", "redocly.yaml", "--format", "json"];
    const { stdout } = await run(redocly, args, { cwd: dir }).catch((error: { stdout: string }) => error);
    const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { problems: LintProblem[] };
    return report.problems.map(({ ruleId, message }) => ({ ruleId, message }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
