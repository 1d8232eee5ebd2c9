import { readFileSync } from "node:fs";
import { createSecureContext } from "node:tls";

function pemFile(flag: string, file: string): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new Error(`${flag}: cannot read ${file} (${reason})`, { cause: error });
  }
  if (!/-----BEGIN [A-Z0-9 ]+-----/.test(text))
    throw new Error(`${flag}: ${file} holds no PEM block (-----BEGIN ...-----)`);
  return text;
}

/**
 * The certificate and key of `--tls-cert` and `--tls-key`, read and checked as a pair, or
 * `undefined` when neither is given (plain http). Each failure names the flag and the file.
 */
export function tlsFiles(
  certFile: string | undefined,
  keyFile: string | undefined,
): { cert: string; key: string } | undefined {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined)
    throw new Error(
      `--tls-cert and --tls-key go together: ${certFile === undefined ? "--tls-cert" : "--tls-key"} is missing`,
    );
  const cert = pemFile("--tls-cert", certFile);
  const key = pemFile("--tls-key", keyFile);
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    // node:tls's reason names what failed (a key that does not match the certificate), never the key.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`--tls-cert ${certFile} / --tls-key ${keyFile}: node:tls refused them (${reason})`, {
      cause: error,
    });
  }
  return { cert, key };
}
