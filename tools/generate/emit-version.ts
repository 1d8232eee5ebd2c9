import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * `packages/client/src/generated/version.ts`: the client's `version` constant, read from its
 * package.json, so the version is written once (by `changeset version`) and never typed twice.
 * `pnpm version-packages` runs `changeset version` and then `pnpm generate`, so the two agree in the
 * "Version packages" commit; `pnpm generate:check` fails when they do not.
 */
export async function emitClientVersion(clientDir: string): Promise<string> {
  const { version } = JSON.parse(await readFile(join(clientDir, "package.json"), "utf8")) as { version: string };
  return `// This file is generated from packages/client/package.json by \`pnpm generate\`. Do not edit it by hand:
// \`pnpm version-packages\` bumps the version and writes it again.

/**
 * The version of \`@card-processing/client\` in use, as its package.json gives it.
 *
 * @example
 * \`\`\`ts
 * import { version } from "@card-processing/client";
 * console.log(\`card-processing-sdk/\${version}\`); // "card-processing-sdk/${version}"
 * \`\`\`
 */
export const version = ${JSON.stringify(version)};
`;
}
