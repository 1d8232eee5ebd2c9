import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { offlineRedoc } from "./offline-redoc.ts";
import { writeReferenceTables } from "./reference-tables.ts";

const run = promisify(execFile);

/**
 * Builds the API reference with `redocly build-docs` from the bundled spec
 * (`packages/types/openapi.json`), using docs/redocly.yaml: the project's decorators spell out each
 * `x-signature`, tabulate `x-error-codes` and add the sections (statuses, error codes, and the
 * tables of {@link writeReferenceTables}). `--inlineBundle`
 * embeds the Redoc script and {@link offlineRedoc} its logo, so the page loads nothing from a CDN.
 */
export async function buildApiReference(repoRoot: string, outFile: string): Promise<void> {
  await writeReferenceTables(repoRoot);
  const redocly = join(repoRoot, "node_modules/.bin/redocly");
  const args = ["build-docs", "docs", "--config", "docs/redocly.yaml", "--inlineBundle", "--output", outFile];
  args.push("--title", "Card Processing API reference", "--template", "docs/src/redoc-template.hbs");
  try {
    await run(redocly, args, {
      cwd: repoRoot,
      // The build is offline: no usage report, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`redocly build-docs failed:\n${stderr || stdout || String(error)}`, { cause: error });
  }
  await writeFile(outFile, offlineRedoc(await readFile(outFile, "utf8")));
}
