import { tsBanner } from "./banner.ts";
import type { BundledSpec } from "./bundle-spec.ts";
import { buildOperationDocs, type OperationDocs } from "./operation-docs.ts";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A comment body may not close the comment it sits in. */
function commentSafe(text: string): string {
  return text.replaceAll("*/", "*\\/");
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The call a user would write, with the spec's example as its body. */
function exampleCall(op: OperationDocs): string[] {
  const fields = Object.entries(op.example).map(
    ([name, value]) => `  ${IDENTIFIER.test(name) ? name : JSON.stringify(name)}: ${JSON.stringify(value)},`,
  );
  return ["```ts", `const { data, error } = await gateway.${op.operationId}({`, ...fields, "});", "```"];
}

/** The TSDoc of one method: what it does, how it is signed, what it needs and returns. */
export function operationComment(op: OperationDocs): string[] {
  const money = op.movesMoney
    ? `**Moves money**, so it is never retried: after an error whose \`outcome\` is \`"unknown"\` (a timeout, a network failure, a server error), pass it to \`gateway.recover(error)\`, which asks the gateway whether it took effect, and send it again only on \`applied: false\`.`
    : "Moves no money.";
  const required = op.requiredFields.map((field) => `\`${field}\``).join(", ");
  const lines = [
    sentence(op.summary),
    "",
    ...(op.description === "" ? [] : [op.description, ""]),
    op.signature,
    "",
    money,
    "",
    `**Sends** \`POST ${op.path}\`${required === "" ? "" : ` with ${required}`}.`,
    "",
    op.groupPath === undefined
      ? "Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address."
      : `Through an endpoint group (\`endpointGroupId\`): \`POST ${op.groupPath}\` (${op.groupSigning}).`,
    "",
    `**Replies** with \`${op.reply.schema}\`: ${sentence(op.reply.description)}`,
    "",
    "@example",
    ...exampleCall(op),
    "",
    `@see {@link ${op.referenceUrl} | ${op.summary}} in the API reference`,
    `@group ${op.tag}`,
  ];
  return [
    "/**",
    ...lines.flatMap((line) => line.split("\n")).map((line) => commentSafe(` * ${line}`.trimEnd())),
    " */",
  ];
}

/**
 * Renders `GatewayOperations`, the client's interface of named operations: one method per
 * operation of the spec, documented from the spec, typed with the client's own call types.
 */
export function emitGatewayOperations(spec: BundledSpec): string {
  const members = buildOperationDocs(spec).flatMap((op) => [
    ...operationComment(op),
    `${op.operationId}(body: GatewayBody<"${op.operationId}">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"${op.operationId}">>>;`,
    "",
  ]);
  return `${tsBanner}
import type { GatewayResult } from "../errors/gateway-result.js";
import type { CallOptions, GatewayBody, GatewayReply } from "../transport/gateway-call.js";

/**
 * One method per operation of the spec, named by its \`operationId\` and documented from the spec:
 * what it does, how the gateway signs it, whether it moves money, an example and its page in the
 * API reference.
 *
 * @example
 * \`\`\`ts
 * import type { GatewayOperations } from "@card-processing/client";
 * type Sale = GatewayOperations["sale"];
 * \`\`\`
 */
export interface GatewayOperations {
${members
  .map((line) => (line === "" ? "" : `  ${line}`))
  .join("\n")
  .trimEnd()}
}
`;
}
