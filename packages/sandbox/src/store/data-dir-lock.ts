import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DataDirError } from "./data-dir-error.js";

const LOCK_FILE = "sandbox.pid";

/** Whether process `pid` is running on this machine. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims `dir` for this process: one sandbox per data directory, since two would overwrite each
 * other's orders. A lock left by a process that is gone (killed) is taken over; `staleLocks` names
 * files or folders such a process may have left locked, removed with it. Returns the release.
 */
export function lockDataDir(dir: string, staleLocks: readonly string[]): () => void {
  // Private: the state holds the merchant control key and signed callback addresses.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, LOCK_FILE);
  let holder: number | undefined;
  try {
    holder = Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch {
    holder = undefined;
  }
  // This process holding it too means another sandbox of this process has it open (close() releases it).
  if (holder !== undefined && Number.isSafeInteger(holder) && isRunning(holder)) {
    throw new DataDirError(
      `dataDir: ${dir} is in use by the sandbox with process id ${holder}; stop it or choose another directory`,
    );
  }
  for (const stale of staleLocks) rmSync(join(dir, stale), { recursive: true, force: true });
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
