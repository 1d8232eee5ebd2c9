import { chmodSync, closeSync, constants, lstatSync, openSync, type Stats, statSync, writeSync } from "node:fs";
import { DataDirError } from "./data-dir-error.js";

// Bits that let other users change what is there: its contents can no longer be trusted.
const WRITABLE_BY_OTHERS = 0o022;
// Bits that let other users read or enter: taken away, since the state holds the control key.
const OPEN_TO_OTHERS = 0o077;

/** The mode as `ls -l` users read it: `0777`. */
function octal(stats: Stats): string {
  return `0${(stats.mode & 0o777).toString(8).padStart(3, "0")}`;
}

/** The user this process runs as, or `undefined` where files have no POSIX owner (Windows). */
function processUser(): number | undefined {
  return process.platform === "win32" ? undefined : process.getuid?.();
}

function statsOf(path: string, read: (path: string) => Stats): Stats | undefined {
  try {
    return read(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Checks the data directory before anything in it is read or written: it must belong to this
 * process's user and be writable by no one else (its files could have been planted or changed,
 * the admin token kept there among them), else it is refused, naming the fix. One that others
 * may only read or enter is made private (`chmod 700`): the state holds the control key. The
 * validation proxy checks its `recordDir` by the same rule; `option` names the option in messages.
 */
export function secureDataDir(dir: string, option = "dataDir"): void {
  const user = processUser();
  const stats = statSync(dir);
  if (!stats.isDirectory()) throw new DataDirError(`${option}: ${dir} is not a directory; choose a directory`);
  if (user === undefined) return;
  if (stats.uid !== user)
    throw new DataDirError(
      `${option}: ${dir} belongs to another user (uid ${stats.uid}), not to the user this process runs as (uid ${user}); choose a directory of your own`,
    );
  if ((stats.mode & WRITABLE_BY_OTHERS) !== 0)
    throw new DataDirError(
      `${option}: ${dir} can be written by other users (mode ${octal(stats)}), so what it holds may have been planted; check it, then run chmod 700 ${dir}, or choose a new directory`,
    );
  if ((stats.mode & OPEN_TO_OTHERS) !== 0) chmodSync(dir, 0o700);
}

/**
 * Checks one file of the data directory, if it is there: never a symbolic link (the sandbox
 * follows none) or a file with other hard links, always this user's and writable by no one else,
 * else refused, naming the fix; one that others may read is made private (`chmod 600`). The
 * validation proxy checks its `reportFile` by the same rule; `option` names the option in messages.
 */
export function secureDataFile(file: string, option = "dataDir"): void {
  const stats = statsOf(file, lstatSync);
  if (stats === undefined) return;
  if (stats.isSymbolicLink())
    throw new DataDirError(`${option}: ${file} is a symbolic link, which is never followed; remove it`);
  if (!stats.isFile()) throw new DataDirError(`${option}: ${file} is not a regular file; move it away`);
  const user = processUser();
  if (user === undefined) return;
  if (stats.uid !== user)
    throw new DataDirError(
      `${option}: ${file} belongs to another user (uid ${stats.uid}), not to the user this process runs as (uid ${user}); move it away`,
    );
  if (stats.nlink > 1)
    throw new DataDirError(`${option}: ${file} has other hard links, which would be written through; move it away`);
  if ((stats.mode & WRITABLE_BY_OTHERS) !== 0)
    throw new DataDirError(
      `${option}: ${file} can be written by other users (mode ${octal(stats)}), so it may have been changed; check it, then run chmod 600 ${file}, or move it away`,
    );
  if ((stats.mode & OPEN_TO_OTHERS) !== 0) chmodSync(file, 0o600);
}

/**
 * Creates `file` for this process alone (mode 0600) when it is not there: exclusively, so a file
 * or link put in its place meanwhile is never opened; `false` when one already exists.
 */
export function createPrivateFile(file: string, content = ""): boolean {
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    if (content !== "") writeAll(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function writeAll(fd: number, content: string): void {
  const bytes = Buffer.from(content);
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written);
}
