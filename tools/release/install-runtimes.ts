/**
 * Installs every runtime of the matrix into `.runtimes/` (what `pnpm test:runtimes` does first),
 * all at once, so that `.ci/run` fetches them from npm while it builds the packages; the matrix
 * then finds them there. Prints one line per runtime.
 */
import { installRuntime, matrix } from "./runtimes.ts";

const installed = await Promise.all(matrix.map((runtime) => installRuntime(runtime)));
for (const { runtime, version, installSeconds } of installed)
  console.log(
    `runtime ${runtime.id}: ${version} (${installSeconds > 0 ? `installed in ${installSeconds.toFixed(1)} s` : "cached"})`,
  );
