import type { SandboxTls } from "./sandbox-options.js";

const PEM_BLOCK = /-----BEGIN [A-Z0-9 ]+-----/;

/**
 * The `tls` option checked for shape: a PEM certificate and a PEM key as text, or `undefined` for
 * plain http. Whether they make a working pair is node:tls's to say, when the server is made.
 */
export function tlsOptionOf(tls: SandboxTls | undefined): SandboxTls | undefined {
  if (tls === undefined) return undefined;
  if (typeof tls !== "object" || tls === null)
    throw new TypeError("tls: expected { cert, key }, each the PEM text of a file");
  for (const name of ["cert", "key"] as const) {
    const value: unknown = tls[name];
    // The message says what is wrong, never what the value holds: a key is a secret.
    if (typeof value !== "string" || !PEM_BLOCK.test(value))
      throw new TypeError(
        `tls.${name}: expected PEM text (-----BEGIN ...-----), got ${typeof value === "string" ? `${value.length} characters of something else` : typeof value}`,
      );
  }
  return { cert: tls.cert, key: tls.key };
}
