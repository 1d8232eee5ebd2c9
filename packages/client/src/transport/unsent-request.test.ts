import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { saleBody } from "../../test/test-server.js";
import {
  type CountingHttpsServer,
  makeCertificates,
  startHttpsServer,
  type TestCertificates,
} from "../../test/tls-test-servers.js";
import { createGateway } from "../create-gateway.js";
import { NetworkError } from "../errors/network-error.js";

let dir: string;
let certificates: TestCertificates;
let server: CountingHttpsServer | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "client-tls-"));
  certificates = makeCertificates(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A gateway on `baseUrl`, with Node's own fetch, trusting `ca` as well when given (as a team trusts its CA). */
function gatewayAt(baseUrl: string, ca?: string) {
  const dispatcher = ca === undefined ? undefined : new Agent({ connect: { ca } });
  return createGateway({
    baseUrl,
    endpointId: 1111,
    login: "shop",
    controlKey: "KEY",
    ...(dispatcher ? { fetch: (request: Request) => fetch(request, { dispatcher } as RequestInit) } : {}),
  });
}

describe("a request that provably never left", () => {
  it("is not-applied when the host name does not resolve (a .invalid name: RFC 6761)", async () => {
    const gateway = gatewayAt("https://gateway.invalid/paynet");
    const { error } = await gateway.sale(saleBody);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: "ERR_NETWORK", outcome: "not-applied", clientOrderId: "902B4FF5" });
    expect(error?.message).toMatch(
      /^sale: the host name gateway\.invalid did not resolve \(ENOTFOUND\): .*; the request was not sent\.$/,
    );
    // recover answers at once that it never took effect, instead of "unknown" for ever.
    expect((await gateway.recover(error)).data).toMatchObject({ applied: false, operationId: "sale" });
    const report = await gateway.transactionReport({
      createdFromDate: new Date(Date.now() - 60_000),
      createdToDate: new Date(),
    });
    expect(report.error?.message).toMatch(/transactionReport: the host name gateway\.invalid did not resolve/);
  });

  it.each([
    ["self-signed", "selfSigned", false, "DEPTH_ZERO_SELF_SIGNED_CERT"],
    ["for another host name", "wrongHost", true, "ERR_TLS_CERT_ALTNAME_INVALID"],
    ["expired", "expired", true, "CERT_HAS_EXPIRED"],
  ] as const)(
    "is not-applied when the gateway's certificate (%s) is refused in the handshake, and the server got no request",
    async (_, which, trustCa, code) => {
      server = await startHttpsServer(certificates[which]);
      const gateway = gatewayAt(server.url, trustCa ? certificates.ca : undefined);
      const { error } = await gateway.sale(saleBody);
      expect(error).toMatchObject({ code: "ERR_NETWORK", outcome: "not-applied", clientOrderId: "902B4FF5" });
      expect(error?.message).toContain(`sale: the gateway's TLS certificate was refused in the handshake (${code}: `);
      expect(error?.message).toMatch(/; the request was not sent\.$/);
      expect((await gateway.recover(error)).data).toMatchObject({ applied: false });
      expect(server.handshakes).toBe(0);
      expect(server.requests).toEqual([]);
    },
  );

  it("is told apart from one the server did receive: the counting sees a trusted handshake's request", async () => {
    server = await startHttpsServer(certificates.selfSigned);
    // Trusting the self-signed certificate itself: the handshake passes and the sale arrives.
    const { error } = await gatewayAt(server.url, certificates.selfSigned.cert).sale(saleBody);
    expect(error).toMatchObject({ code: "ERR_REPLY_FOREIGN", outcome: "unknown" });
    expect(server.handshakes).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toContain("client_orderid=902B4FF5");
  });
});
