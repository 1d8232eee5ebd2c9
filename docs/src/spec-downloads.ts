import { copyFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stringify } from "yaml";
import { postmanCollection } from "../../tools/postman/postman-collection.ts";

/**
 * The files a reader downloads beside the API reference, at stable addresses under `api/`: the
 * bundled spec as JSON (the very file `pnpm generate` writes into packages/types) and as YAML, and
 * the Postman collection generated from it. docs/redocly.yaml lists them for Redoc's download
 * button; the README links them.
 */
export const specDownloads = {
  json: "openapi.json",
  yaml: "openapi.yaml",
  postman: "card-processing.postman_collection.json",
} as const;

/** Writes {@link specDownloads} into `apiDir` from the bundled spec of `repoRoot`. */
export async function writeSpecDownloads(repoRoot: string, apiDir: string): Promise<void> {
  const bundled = join(repoRoot, "packages/types/openapi.json");
  const spec = JSON.parse(await readFile(bundled, "utf8")) as Record<string, unknown>;
  await copyFile(bundled, join(apiDir, specDownloads.json));
  await writeFile(join(apiDir, specDownloads.yaml), stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }));
  await writeFile(join(apiDir, specDownloads.postman), `${JSON.stringify(postmanCollection(spec), null, 2)}\n`);
}
