import { signOAuth } from "@card-processing/signing";
import { type OperationEntry, type OperationId, operationTable } from "@card-processing/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayEngine } from "../engine/gateway-engine.js";
import { type Sandbox, startSandbox } from "../index.js";
import { genericReply } from "../operations/generic-reply.js";
import { errorCodes } from "../operations/replies.js";
import { resolveOptions } from "../options/resolve-options.js";
import { bundledSpec } from "../validation/spec-schemas.js";
import { replySchemaErrors, validationErrorSchemaErrors } from "./reply-schemas.testlib.js";
import { controlFor } from "./request-signing.testlib.js";

const entries: readonly OperationEntry[] = Object.values(operationTable);

/** The first request example the spec gives the operation, as form strings, without `control`. */
function exampleBody(entry: OperationEntry): Record<string, string> {
  const post = bundledSpec.paths[entry.path]?.post as
    | { requestBody?: { content?: Record<string, { examples?: Record<string, { value?: Record<string, unknown> }> }> } }
    | undefined;
  const examples = post?.requestBody?.content?.["application/x-www-form-urlencoded"]?.examples ?? {};
  const value = Object.values(examples)[0]?.value;
  if (value === undefined) throw new Error(`${entry.operationId} has no request example in the spec`);
  const body: Record<string, string> = {};
  for (const [name, field] of Object.entries(value)) if (name !== "control") body[name] = String(field);
  return body;
}

let sandbox: Sandbox;
beforeAll(async () => {
  // The spec's examples are written for the example merchant (login sandbox-merchant, endpoint 1111).
  sandbox = await startSandbox({ login: "sandbox-merchant", endpointIds: [1111], latencyMs: 10 });
});
afterAll(async () => {
  await sandbox.close();
});

async function sendSignedExample(entry: OperationEntry): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = exampleBody(entry);
  const url = `${sandbox.url}${entry.path.replace("{endpointId}", "1111")}`;
  const headers: Record<string, string> = {
    accept: "application/vnd.pay+json",
    "content-type": "application/x-www-form-urlencoded",
  };
  const { scheme } = entry.signature;
  if (scheme === "control") {
    body["control"] = await controlFor(sandbox, entry.path as keyof typeof operationTable, body);
  } else if (scheme !== "none") {
    const secrets =
      scheme === "oauth-rsa-sha256" ? { privateKey: sandbox.privateKeyPem } : { controlKey: sandbox.controlKey };
    const signed = await signOAuth(
      { scheme, consumerKey: sandbox.login, ...secrets },
      { method: "POST", url, body: new URLSearchParams(body) },
    );
    headers["authorization"] = signed.authorization;
  }
  const response = await fetch(url, { method: "POST", headers, body: new URLSearchParams(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("every operation of the bundled spec", () => {
  it.each(entries.map((entry) => [entry.operationId, entry] as const))(
    "%s: its signed spec example passes the schema and signature checks and gets an answer, never 404 or 500",
    async (_id, entry) => {
      const reply = await sendSignedExample(entry);
      expect([200, 400]).toContain(reply.status);
      if (reply.status === 200) {
        expect(replySchemaErrors(entry.operationId as OperationId, reply.body)).toEqual([]);
      } else {
        // Only the operation's own rules may refuse it (the example's order does not exist here).
        expect(validationErrorSchemaErrors(reply.body)).toEqual([]);
        expect([errorCodes.stateRule, errorCodes.unknownReference], String(reply.body["error-message"])).toContain(
          reply.body["error-code"],
        );
      }
    },
  );

  it.each(entries.map((entry) => [entry.operationId, entry] as const))(
    "%s: the generic spec-driven reply, used for an operation without a handler, matches its reply schema",
    (_id, entry) => {
      const engine = new GatewayEngine(resolveOptions({ publicKey: "unused" }));
      const fields = exampleBody(entry);
      const first = genericReply({ entry, endpointId: "1111", fields, value: fields, engine });
      const second = genericReply({ entry, endpointId: "1111", fields, value: fields, engine });
      expect(first.httpStatus).toBe(200);
      expect(replySchemaErrors(entry.operationId as OperationId, first.body)).toEqual([]);
      const ids = (body: object) =>
        Object.entries(body).filter(([key]) =>
          ["serial-number", "paynet-order-id", "card-ref-id", "recurring-payment-id"].includes(key),
        );
      for (const [key, value] of ids(first.body))
        expect(second.body[key as keyof typeof second.body], `fresh ${key}`).not.toEqual(value);
      const clientOrderId = entry.clientOrderIdFields.map((name) => fields[name]).find((id) => id !== undefined);
      if ("merchant-order-id" in first.body && clientOrderId !== undefined)
        expect(first.body["merchant-order-id"]).toBe(clientOrderId);
    },
  );
});
