/**
 * A data directory the sandbox cannot use: another sandbox holds it, its `sandbox.db` is not a
 * sandbox database (a stray file, a truncated copy), or it cannot be trusted (another user's,
 * writable by others, a symbolic link in place of `sandbox.pid` or `sandbox.db`). The message
 * names the directory or the file and what to do; nothing is left locked.
 *
 * @example
 * ```ts
 * import { DataDirError, startSandbox } from "@card-processing/sandbox";
 * try {
 *   const sandbox = await startSandbox({ dataDir: ".sandbox" });
 *   await sandbox.close();
 * } catch (error) {
 *   if (error instanceof DataDirError) console.error(error.message); // names .sandbox/sandbox.db and the fix
 *   else throw error;
 * }
 * ```
 */
export class DataDirError extends Error {
  override readonly name = "DataDirError";
}
