import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rsaKeysOf } from "../options/rsa-key-pair.js";
import { StartFailure } from "./start-failure.js";

/** A key file larger than this is not one the sandbox wrote (an RSA 4096 PKCS#8 PEM is about 3.3 KB). */
const MAX_KEY_FILE_BYTES = 16_384;

/** The CLI's RSA key: the public half the sandbox is given, and the banner's line about the private half. */
export interface CliKey {
  readonly publicKey: string;
  readonly keyLine: string;
  /** The folder the CLI made for the private key (no `--private-key-out`): removed when the sandbox stops. */
  readonly ownFolder?: string | undefined;
}

/**
 * Settles the key before the sandbox starts, so that no failure can follow its "listening" line.
 * Without `path`, a new pair, its private key written to `private-key.pem` in a new private folder
 * (mode 0700) under the temporary folder, named as `ownFolder` for its removal at the stop. With `path`, the key the file holds when there is one
 * (a restart with the same command line): a regular file of this user, mode 0600, holding an RSA
 * private key of at least 2048 bits, read without following a link. Anything else there is
 * refused, naming the file and what to do, and never written over: writing over a file would keep
 * its mode, and following a link would put the key wherever the link points. Otherwise a new pair,
 * written to `path` exclusively with mode 0600.
 */
export function cliPrivateKey(path: string | undefined): CliKey {
  if (path !== undefined) {
    const kept = keptKey(path);
    if (kept !== undefined) {
      const bits = kept.asymmetricKeyDetails?.modulusLength ?? 0;
      const publicKey = createPublicKey(kept).export({ type: "spki", format: "pem" }).toString();
      return {
        publicKey,
        keyLine: `private key:  ${path} (kept from an earlier run: RSA ${bits}, for the v4 operations)`,
      };
    }
  }
  const pair = rsaKeysOf(undefined);
  const pem = pair.privateKeyPem() ?? "";
  const ownFolder = path === undefined ? mkdtempSync(join(tmpdir(), "card-processing-sandbox-")) : undefined;
  const target = writePrivateKeyFile(
    pem,
    ownFolder === undefined ? (path as string) : join(ownFolder, "private-key.pem"),
  );
  const removed = ownFolder === undefined ? "" : "; removed when the sandbox stops";
  return {
    publicKey: pair.publicKey(),
    keyLine: `private key:  ${target} (generated RSA 2048, for the v4 operations${removed})`,
    ownFolder,
  };
}

/**
 * Removes the folder {@link cliPrivateKey} made for a generated key, with the key in it, once the
 * process exits (a stop by SIGINT, SIGTERM or the end of its parent, or a failure to start): a
 * sandbox run daily would otherwise leave a private key behind each day. A key the user placed
 * with `--private-key-out` is theirs and stays.
 */
export function removeAtExit(key: CliKey | undefined): void {
  const folder = key?.ownFolder;
  if (folder === undefined) return;
  process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
}

/** The private key at `path`, `undefined` when nothing is there; a StartFailure for a file it cannot trust. */
function keptKey(path: string): KeyObject | undefined {
  const refuse = (why: string) =>
    new StartFailure(`--private-key-out: ${path} already exists and ${why}: remove it or choose another path`);
  let found: ReturnType<typeof lstatSync>;
  try {
    found = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (!found.isFile()) throw refuse("is not a regular file (a link is never followed)");
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const stat = fstatSync(fd);
    if (typeof process.getuid === "function" && stat.uid !== process.getuid()) throw refuse("belongs to another user");
    if ((stat.mode & 0o077) !== 0)
      throw refuse(
        `others may read it (mode 0${(stat.mode & 0o777).toString(8)}; a key is reused only from a file of mode 0600)`,
      );
    if (stat.size > MAX_KEY_FILE_BYTES) throw refuse(`is larger than a key file (${stat.size} bytes)`);
    const key = privateKeyOf(readFileSync(fd, "utf8"));
    if (key === undefined) throw refuse("does not hold an RSA private key of at least 2048 bits");
    return key;
  } finally {
    closeSync(fd);
  }
}

function privateKeyOf(pem: string): KeyObject | undefined {
  try {
    const key = createPrivateKey(pem);
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    return key.asymmetricKeyType === "rsa" && bits >= 2048 ? key : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `pem` to `target`, created exclusively with mode 0600. */
function writePrivateKeyFile(pem: string, target: string): string {
  try {
    writeFileSync(target, pem, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new StartFailure(`--private-key-out: ${target} already exists; the key is only written to a new file`, {
        cause: error,
      });
    }
    throw error;
  }
  return target;
}
