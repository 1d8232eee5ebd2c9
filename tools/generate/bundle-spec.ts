import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const defaultRedocly = fileURLToPath(new URL("../../node_modules/.bin/redocly", import.meta.url));

/** A bundled OpenAPI document, as plain JSON. */
export type BundledSpec = Record<string, any>;

/**
 * Bundles the split spec into one document with the Redocly CLI, so that every `$ref` to a file
 * becomes a named component reference (`#/components/schemas/SaleRequest`). `specRoot` is the
 * folder holding `redocly.yaml`.
 */
export async function bundleSpec(specRoot: string, redocly = defaultRedocly): Promise<BundledSpec> {
  const dir = await mkdtemp(join(tmpdir(), "card-processing-bundle-"));
  try {
    const out = join(dir, "openapi.json");
    await run(redocly, ["bundle", "main", "--output", out], { cwd: specRoot });
    return JSON.parse(await readFile(out, "utf8")) as BundledSpec;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
