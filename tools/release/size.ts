/**
 * `pnpm size`: the size budget of the packages that run in users' bundles. Each entry is bundled
 * with esbuild (ESM, minified, platform neutral, every export kept) with our own dependencies
 * inlined, then gzipped. The budget counts our code: openapi-fetch stays external, since a user
 * of the client pays for it in any case and we cannot shrink it; the figure with it included is
 * printed too. Fails when a bundle is above the budget.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { bundleSize } from "./bundle-size.ts";
import { repoRoot } from "./published-packages.ts";

/** 10 KB, counted as 10 000 bytes, minified and gzipped. */
const BUDGET_BYTES = 10_000;
const THIRD_PARTY = ["openapi-fetch"];

const bundles = [
  { name: "@card-processing/signing", entry: "packages/signing/dist/index.js", inlined: "@card-processing/types" },
  { name: "@card-processing/client", entry: "packages/client/dist/index.js", inlined: "@card-processing/signing and /types" },
];

let failures = 0;
for (const { name, entry, inlined } of bundles) {
  const file = join(repoRoot, entry);
  try {
    await access(file);
  } catch {
    console.error(`${name}: ${entry} is missing; run \`pnpm build\` first`);
    failures += 1;
    continue;
  }
  const ours = await bundleSize({ entry: file, external: THIRD_PARTY });
  const allIn = await bundleSize({ entry: file });
  const verdict = ours.gzipped <= BUDGET_BYTES ? "ok" : `OVER by ${ours.gzipped - BUDGET_BYTES} B`;
  console.log(
    `${name}: ${ours.gzipped} B gzipped, ${ours.minified} B minified (with ${inlined}; budget ${BUDGET_BYTES} B: ${verdict})` +
      (allIn.gzipped === ours.gzipped ? "" : `; ${allIn.gzipped} B gzipped with ${THIRD_PARTY.join(", ")} included`),
  );
  if (ours.gzipped > BUDGET_BYTES) failures += 1;
}
process.exitCode = failures === 0 ? 0 : 1;
