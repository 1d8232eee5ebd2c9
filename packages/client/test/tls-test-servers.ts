import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";

/** A certificate and its key, PEM. */
export interface PemPair {
  readonly cert: string;
  readonly key: string;
}

/** Certificates made by the openssl CLI at test time (node has no API that makes them). */
export interface TestCertificates {
  /** Self-signed, for 127.0.0.1: no client trusts it. */
  readonly selfSigned: PemPair;
  /** A test CA, for a client told to trust it. */
  readonly ca: string;
  /** Signed by the CA, but for `gateway.example`, not 127.0.0.1. */
  readonly wrongHost: PemPair;
  /** Signed by the CA, for 127.0.0.1, valid 1-2 January 2020 only. */
  readonly expired: PemPair;
}

/** Runs the openssl CLI in `dir` with the arguments of `command` (space-separated, none with a space). */
function openssl(dir: string, command: string): void {
  execFileSync("openssl", command.split(" "), { cwd: dir, stdio: "ignore" });
}

const NEW_KEY = "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes";
// `openssl ca` is the CLI's way to give a certificate a validity in the past.
const CA_CONFIG = `[ca]
default_ca = test
[test]
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any
x509_extensions = leaf
[any]
commonName = supplied
[leaf]
subjectAltName = IP:127.0.0.1
`;

/** Makes every certificate of {@link TestCertificates} in `dir`. */
export function makeCertificates(dir: string): TestCertificates {
  const read = (name: string) => readFileSync(join(dir, name), "utf8");
  const pair = (name: string) => ({ cert: read(`${name}.crt`), key: read(`${name}.key`) });
  const selfSigned = "-subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -keyout self.key -out self.crt";
  openssl(dir, `req -x509 ${NEW_KEY} -days 2 ${selfSigned}`);
  openssl(dir, `req -x509 ${NEW_KEY} -days 2 -subj /CN=test-ca -keyout ca.key -out ca.crt`);
  for (const name of ["wrong", "expired"])
    openssl(dir, `req ${NEW_KEY} -subj /CN=${name} -keyout ${name}.key -out ${name}.csr`);
  writeFileSync(join(dir, "wrong.ext"), "subjectAltName=DNS:gateway.example\n");
  const signed = "-CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -extfile wrong.ext";
  openssl(dir, `x509 -req -in wrong.csr ${signed} -out wrong.crt`);
  writeFileSync(join(dir, "index.txt"), "");
  writeFileSync(join(dir, "serial"), "1000\n");
  writeFileSync(join(dir, "ca.cnf"), CA_CONFIG);
  const validity = "-startdate 20200101000000Z -enddate 20200102000000Z";
  openssl(
    dir,
    `ca -batch -config ca.cnf -cert ca.crt -keyfile ca.key -in expired.csr -out expired.crt ${validity} -notext`,
  );
  return { selfSigned: pair("self"), ca: read("ca.crt"), wrongHost: pair("wrong"), expired: pair("expired") };
}

/** An https server on 127.0.0.1 that counts the requests it received (a body included). */
export interface CountingHttpsServer {
  /** Base address with the `/paynet` prefix. */
  readonly url: string;
  /** Requests whose head reached the server; handshakes that failed never make one. */
  readonly requests: string[];
  /** TLS handshakes the server completed. */
  handshakes: number;
  close(): Promise<void>;
}

export async function startHttpsServer(pem: PemPair): Promise<CountingHttpsServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer(pem, (req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      counting.requests.push(body);
      res.writeHead(200, { "content-type": "application/vnd.pay+json" });
      res.end("{}");
    });
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("secureConnection", () => {
    counting.handshakes += 1;
  });
  // A refused handshake is the client's doing; the server only hears the socket close.
  server.on("tlsClientError", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const counting: CountingHttpsServer = {
    url: `https://127.0.0.1:${port}/paynet`,
    requests: [],
    handshakes: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return counting;
}
