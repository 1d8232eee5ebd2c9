/**
 * The API changes of every release: the spec diff between consecutive releases, the first release
 * counted from the repository's first commit, and the unreleased changes of the working tree since
 * the last release. The docs site's "API changes" page is drawn from it.
 */
import { bundleSpec } from "../generate/bundle-spec.ts";
import { bundleSpecAt, firstCommit, type ReleaseRef, releases } from "./spec-at-ref.ts";
import { type SpecChange, specChanges } from "./spec-changes.ts";

/** The changes one release brought (or the unreleased ones, with `release` undefined). */
export interface ReleaseChanges {
  readonly release: ReleaseRef | undefined;
  readonly since: ReleaseRef;
  readonly changes: readonly SpecChange[];
}

/**
 * Lists the API changes per release, newest first, the unreleased changes at the top.
 *
 * @example
 * ```ts
 * const [unreleased] = await apiChangeHistory(repoRoot);
 * console.log(`${unreleased?.changes.length} changes since ${unreleased?.since.label}`);
 * ```
 */
export async function apiChangeHistory(root: string): Promise<ReleaseChanges[]> {
  const history: ReleaseChanges[] = [];
  let since = await firstCommit(root);
  let before = await bundleSpecAt(root, since.commit);
  for (const release of await releases(root)) {
    const after = await bundleSpecAt(root, release.commit);
    history.push({ release, since, changes: specChanges(before, after) });
    [since, before] = [release, after];
  }
  history.push({ release: undefined, since, changes: specChanges(before, await bundleSpec(root)) });
  return history.reverse();
}
