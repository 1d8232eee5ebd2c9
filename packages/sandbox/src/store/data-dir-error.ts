/**
 * A data directory the sandbox cannot use: another sandbox holds it, or its `sandbox.db` is not a
 * sandbox database (a stray file, a truncated copy). The message names the directory or the file
 * and what to do; nothing is left locked.
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
