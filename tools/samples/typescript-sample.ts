import { exampleMerchant } from "../../packages/types/src/index.ts";
import { headerLines } from "./sample-header.ts";
import type { SampleField, SampleOperation } from "./sample-operation.ts";

const ts = (value: unknown) => JSON.stringify(value);

/** A property name as TypeScript writes it: bare when it can be, quoted otherwise. */
const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : ts(name));

function fieldLine(field: SampleField): string {
  const value = field.env === undefined ? ts(field.json) : `process.env[${ts(field.env)}] ?? ${ts(field.json)}`;
  return `  ${key(field.name)}: ${value},`;
}

/** The TypeScript sample of an operation: the SDK's named operation, which signs the request itself. */
export function typescriptSample(op: SampleOperation): string {
  const rsa = op.scheme === "oauth-rsa-sha256";
  return [
    ...headerLines(op).map((line) => `// ${line}`),
    "// The SDK signs the request: control, or the OAuth header, from the operation's rule in the spec.",
    `import { createGateway } from "@card-processing/client";`,
    "",
    "const gateway = createGateway({",
    `  baseUrl: process.env["GATEWAY_URL"] ?? "http://127.0.0.1:8080/paynet",`,
    `  endpointId: ${exampleMerchant.endpointId},`,
    `  login: ${ts(exampleMerchant.login)},`,
    `  controlKey: ${ts(exampleMerchant.controlKey)},`,
    ...(rsa ? ["  privateKey: `" + exampleMerchant.rsaPrivateKeyPem + "`,"] : []),
    "});",
    "",
    `const { data, error } = await gateway.${op.operationId}({`,
    ...op.fields.map(fieldLine),
    "});",
    "if (error) throw error;",
    "console.log(JSON.stringify(data));",
    "",
  ].join("\n");
}
