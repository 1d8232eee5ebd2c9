import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A PEM certificate and key, and the files they were written to. */
export interface TestCertificate {
  readonly certFile: string;
  readonly keyFile: string;
  readonly cert: string;
  readonly key: string;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, valid two days, made by the openssl CLI
 * into `dir` (node has no API that makes certificates). For tests only.
 */
export function selfSignedCertificate(dir: string): TestCertificate {
  const certFile = join(dir, "sandbox.crt");
  const keyFile = join(dir, "sandbox.key");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost"].concat([
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ]),
    { stdio: "ignore" },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, "utf8"), key: readFileSync(keyFile, "utf8") };
}
