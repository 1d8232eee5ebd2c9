import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { allCodeSamples } from "../../tools/samples/code-samples.ts";
import { offlineRedoc } from "./offline-redoc.ts";
import { writeReferenceTables } from "./reference-tables.ts";

const run = promisify(execFile);

/**
 * Builds the API reference with `redocly build-docs` from the bundled spec
 * (`packages/types/openapi.json`), using docs/redocly.yaml: the project's decorators spell out each
 * `x-signature`, tabulate `x-error-codes` and add the sections (statuses, error codes, and the
 * tables of {@link writeReferenceTables}). `--inlineBundle`
 * embeds the Redoc script and {@link offlineRedoc} its logo, so the page loads nothing from a CDN.
 * Each operation's request samples are generated here from the same bundled spec (tools/samples/)
 * and handed to the `x-code-samples` decorator in a file, never committed: they are the spec's
 * examples and signature rules written four ways, so a copy in the tree could only go stale.
 */
export async function buildApiReference(repoRoot: string, outFile: string): Promise<void> {
  await writeReferenceTables(repoRoot);
  const dir = await mkdtemp(join(tmpdir(), "card-processing-code-samples-"));
  try {
    const samplesFile = join(dir, "code-samples.json");
    const samples = Object.fromEntries([...allCodeSamples()].map(([id, { samples }]) => [id, samples]));
    await writeFile(samplesFile, JSON.stringify(samples));
    await redoclyBuild(repoRoot, outFile, samplesFile);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await writeFile(outFile, offlineRedoc(await readFile(outFile, "utf8")));
}

async function redoclyBuild(repoRoot: string, outFile: string, samplesFile: string): Promise<void> {
  const redocly = join(repoRoot, "node_modules/.bin/redocly");
  const args = ["build-docs", "docs", "--config", "docs/redocly.yaml", "--inlineBundle", "--output", outFile];
  args.push("--title", "Card Processing API reference", "--template", "docs/src/redoc-template.hbs");
  try {
    await run(redocly, args, {
      cwd: repoRoot,
      // The build is offline: no usage report, no update check.
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: "off",
        REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
        CARD_PROCESSING_CODE_SAMPLES: samplesFile,
      },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`redocly build-docs failed:\n${stderr || stdout || String(error)}`, { cause: error });
  }
}
