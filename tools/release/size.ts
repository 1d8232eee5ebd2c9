/**
 * `pnpm size`: the size budget of the packages that run in users' bundles. Each entry is bundled
 * with esbuild (ESM, minified, platform neutral, every export kept) with our own dependencies
 * inlined, then gzipped. Code behind a dynamic `import()` (an opt-in feature such as the client's
 * telemetry) goes to chunks of its own, as a user's bundler splits it: the budget counts what
 * loads with the entry, and the lazy chunks are reported apart. The budget counts our code: openapi-fetch stays external, since a user
 * of the client pays for it in any case and we cannot shrink it; the figure with it included is
 * printed too. The optional peer `@opentelemetry/api` stays external in both. Fails when a bundle is above its budget
 * (tools/release/size-budgets.ts, the one place the budgets are stated); `.ci/run` gates on it.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { bundleSize } from "./bundle-size.ts";
import { repoRoot } from "./published-packages.ts";
import { sizeBudgets } from "./size-budgets.ts";

const THIRD_PARTY = ["openapi-fetch"];
// Optional peers, imported only when asked for (the client's `telemetry` option): never bundled
// here, since a user who wants them installs them and one who does not never loads them.
const OPTIONAL_PEERS = ["@opentelemetry/api"];

let failures = 0;
for (const { name, entry, inlined, budget } of sizeBudgets) {
  const file = join(repoRoot, entry);
  try {
    await access(file);
  } catch {
    console.error(`${name}: ${entry} is missing; run \`pnpm build\` first`);
    failures += 1;
    continue;
  }
  const ours = await bundleSize({ entry: file, external: [...THIRD_PARTY, ...OPTIONAL_PEERS] });
  const allIn = await bundleSize({ entry: file, external: OPTIONAL_PEERS });
  const verdict = ours.gzipped <= budget ? "ok" : `OVER by ${ours.gzipped - budget} B`;
  console.log(
    `${name}: ${ours.gzipped} B gzipped, ${ours.minified} B minified (with ${inlined}; budget ${budget} B: ${verdict})` +
      (ours.lazyGzipped === 0 ? "" : `; ${ours.lazyGzipped} B gzipped more loaded only on demand (dynamic import)`) +
      (allIn.gzipped === ours.gzipped ? "" : `; ${allIn.gzipped} B gzipped with ${THIRD_PARTY.join(", ")} included`),
  );
  if (ours.gzipped > budget) failures += 1;
}
process.exitCode = failures === 0 ? 0 : 1;
