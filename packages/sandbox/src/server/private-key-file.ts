import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Writes the CLI's generated private key to `path`, or, without one, to `private-key.pem` in a
 * new private folder (mode 0700) under the temporary folder, and returns where. The file is
 * created exclusively with mode 0600: a file or symlink already at the path (one planted in a
 * shared folder, say) is refused rather than written through or over, since writing over a file
 * would keep its mode and following a link would put the key wherever the link points.
 */
export function writePrivateKeyFile(pem: string, path?: string): string {
  const target = path ?? join(mkdtempSync(join(tmpdir(), "card-processing-sandbox-")), "private-key.pem");
  try {
    writeFileSync(target, pem, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new Error(`--private-key-out: ${target} already exists; the key is only written to a new file`, {
        cause: error,
      });
    }
    throw error;
  }
  return target;
}
