import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleSpec } from "./bundle-spec.ts";
import { emitExampleMerchant } from "./emit-example-merchant.ts";
import { emitGatewayOperations } from "./emit-gateway-operations.ts";
import { emitOperationTable } from "./emit-operation-table.ts";
import { emitTypes } from "./emit-types.ts";
import { emitClientVersion } from "./emit-version.ts";
import { emitWireFormat } from "./wire-format.ts";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const typesDir = join(repoRoot, "packages/types");
// The client's named operations are typed with the client's own call types, so their interface is
// written into the client package (it imports the types package, never the reverse).
const clientDir = join(repoRoot, "packages/client");

/** Computes every generated file from the spec, in memory. */
async function render(): Promise<Map<string, string>> {
  const spec = await bundleSpec(repoRoot);
  const out = new Map<string, string>();
  out.set(join(typesDir, "openapi.json"), `${JSON.stringify(spec, null, 2)}\n`);
  out.set(join(typesDir, "src/generated/openapi.ts"), await emitTypes(spec));
  out.set(join(typesDir, "src/generated/operation-table.ts"), emitOperationTable(spec));
  out.set(join(typesDir, "src/generated/wire-format.ts"), emitWireFormat(spec));
  out.set(join(typesDir, "src/generated/example-merchant.ts"), emitExampleMerchant(spec));
  out.set(join(clientDir, "src/generated/gateway-operations.ts"), emitGatewayOperations(spec));
  out.set(join(clientDir, "src/generated/version.ts"), await emitClientVersion(clientDir));
  return out;
}

async function readOrEmpty(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return "";
  }
}

async function main(check: boolean): Promise<number> {
  const files = await render();
  const stale: string[] = [];
  for (const [file, content] of files) {
    if ((await readOrEmpty(file)) === content) continue;
    stale.push(relative(repoRoot, file));
    if (!check) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  }
  if (check && stale.length > 0) {
    console.error(`Generated files are stale:\n${stale.map((f) => `  ${f}`).join("\n")}`);
    console.error("Run `pnpm generate` and commit the result.");
    return 1;
  }
  console.log(
    check
      ? `Generated files are up to date (${files.size} checked).`
      : `Generated ${files.size} files, ${stale.length} changed.`,
  );
  return 0;
}

main(process.argv.includes("--check")).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
