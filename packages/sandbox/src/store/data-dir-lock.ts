import { closeSync, constants, mkdirSync, openSync, readSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DataDirError } from "./data-dir-error.js";
import { createPrivateFile, secureDataDir, secureDataFile } from "./data-dir-safety.js";

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

/** The process id written in the lock file, read without following a link; `undefined` when there is none. */
function lockHolder(file: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(32);
    return Number.parseInt(buffer.toString("utf8", 0, readSync(fd, buffer, 0, 32, 0)), 10);
  } finally {
    closeSync(fd);
  }
}

/**
 * Claims `dir` for this process: one sandbox per data directory, since two would overwrite each
 * other's orders. The directory is checked first (`secureDataDir`), and the lock file is never
 * written through a link: it is created anew, exclusively. A lock left by a process that is gone
 * (killed) is taken over; `staleLocks` names files or folders such a process may have left
 * locked, removed with it. Returns the release.
 */
export function lockDataDir(dir: string, staleLocks: readonly string[]): () => void {
  // Private: the state holds the merchant control key and signed callback addresses.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  secureDataDir(dir);
  const file = join(dir, LOCK_FILE);
  secureDataFile(file);
  const holder = lockHolder(file);
  // This process holding it too means another sandbox of this process has it open (close() releases it).
  if (holder !== undefined && Number.isSafeInteger(holder) && isRunning(holder)) {
    throw new DataDirError(
      `dataDir: ${dir} is in use by the sandbox with process id ${holder}; stop it or choose another directory`,
    );
  }
  for (const stale of staleLocks) rmSync(join(dir, stale), { recursive: true, force: true });
  rmSync(file, { force: true });
  if (!createPrivateFile(file, String(process.pid)))
    throw new DataDirError(
      `dataDir: ${dir} was claimed by another sandbox while this one started; choose another directory`,
    );
  return () => rmSync(file, { force: true });
}
