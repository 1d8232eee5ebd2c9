import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The test files that took longest in a full run on CI's two cores (measured 2026-11-28 from a
 * fresh clone's `build/vitest-report.json`, hooks included), longest first. Only an order: a file
 * missing here, or a name gone stale, costs time, never a test. A file that takes longer than the
 * last one listed belongs here; started late, it runs alone at the end of its group (the docs
 * site's file, missing here, once kept a core busy alone for minutes).
 */
export const longFiles = [
  "docs/site.test.ts",
  "tools/release/packages-install.test.ts",
  "tools/release/registry-rehearsal.test.ts",
  "tools/samples/samples.e2e.test.ts",
  "packages/sandbox/src/test/browser-pages.e2e.test.ts",
  "docs/guides.test.ts",
  "examples/guides/checkout-in-a-browser/checkout.test.ts",
  "tools/api-diff/check-api-version.test.ts",
  "packages/sandbox/src/test/dashboard.e2e.test.ts",
  "examples/nextjs/next-app.e2e.test.ts",
  "packages/sandbox/src/test/examples.e2e.test.ts",
  "docs/sdk-reference.test.ts",
  "packages/sandbox/src/test/page-accessibility.e2e.test.ts",
  "packages/sandbox/src/test/lost-replies.soak.e2e.test.ts",
  "packages/sandbox/src/conformance/check-callback-endpoint.test.ts",
  "packages/sandbox/src/test/data-dir.e2e.test.ts",
  "examples/php-library/php-library.e2e.test.ts",
  "tools/api-diff/change-history.test.ts",
  "examples/snippet-runs/snippets.e2e.test.ts",
  "packages/sandbox/src/test/cli-shared-sandbox.e2e.test.ts",
  "packages/client/src/callbacks/sql-callback-claims.postgres.test.ts",
  "tools/redocly-plugin/rules.test.ts",
];

function rank(spec: TestSpecification): number {
  const index = longFiles.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? longFiles.length : index;
}

/**
 * Vitest's order (`sequence.groupOrder` first, then project by project), except that the long
 * files of each group start first: run by project name, the tools project's long files started
 * last and kept one core busy alone at the end of the group.
 *
 * @example
 * ```ts
 * export default defineConfig({ test: { sequence: { sequencer: LongFirstSequencer } } });
 * ```
 */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: within a group and rank, vitest's own order stays.
    return sorted.sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}
