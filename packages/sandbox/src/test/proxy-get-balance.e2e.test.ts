import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createGateway } from "@card-processing/client";
import { signOAuth } from "@card-processing/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProxy, type ValidationProxy } from "../index.js";
import { dataOf, fixtureForFile } from "./sandbox-fixture.testlib.js";

// The validation proxy checks get-balance's list reply item by item against the spec's Balance:
// live in front of the sandbox, and against recorded replies a gateway could send.
const f = fixtureForFile({ classicReplies: true });

describe("the validation proxy on get-balance", () => {
  it("finds no departure in the sandbox's replies, JSON list or classic text", async () => {
    const proxy = await startProxy({ upstream: f.sandbox.url, controlKey: f.sandbox.controlKey, preserveHost: true });
    try {
      const gateway = createGateway({
        baseUrl: proxy.url,
        endpointId: 1111,
        login: f.sandbox.login,
        controlKey: f.sandbox.controlKey,
      });
      expect(dataOf(await gateway.getBalance({ "balance-provider": "Test" }))).toEqual([{ "balance-amount": 0 }]);
      const url = `${proxy.url}/api/v2/get-balance/1111`;
      const body = new URLSearchParams({ "balance-provider": "Test" });
      const { authorization } = await signOAuth(
        { scheme: "oauth-hmac-sha1", consumerKey: f.sandbox.login, controlKey: f.sandbox.controlKey },
        { method: "POST", url, body },
      );
      const classic = await fetch(url, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(await classic.text()).toBe("balance-amount=0\n");
      await proxy.settled();
      expect(proxy.findings().filter((finding) => finding.kind === "departure")).toEqual([]);
      expect(proxy.findings().map((finding) => finding.operation)).not.toContain("unknown");
    } finally {
      await proxy.close();
    }
  });
});

describe("the validation proxy on recorded get-balance replies", () => {
  // An upstream that answers each request with the next recorded reply.
  const replies: { contentType: string; text: string }[] = [];
  let upstream: Server;
  let proxy: ValidationProxy;
  beforeAll(async () => {
    upstream = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        const reply = replies.shift() ?? { contentType: "text/plain", text: "no reply recorded" };
        response.writeHead(200, { "content-type": reply.contentType }).end(reply.text);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const { port } = upstream.address() as AddressInfo;
    proxy = await startProxy({ upstream: `http://127.0.0.1:${port}/paynet` });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  /** The reply departures (`rule field`) of one get-balance exchange answered with `text`. */
  async function findingsOf(text: string, contentType = "application/vnd.pay+json"): Promise<string[]> {
    const before = proxy.findings().length;
    replies.push({ contentType, text });
    await fetch(`${proxy.url}/api/v2/get-balance/1111`, {
      method: "POST",
      headers: {
        accept: "application/vnd.pay+json",
        "content-type": "application/x-www-form-urlencoded",
        authorization: 'OAuth oauth_consumer_key="m"',
      },
      body: "balance-provider=Test",
    });
    await proxy.settled();
    return proxy
      .findings()
      .slice(before)
      .filter((finding) => finding.direction === "reply" && finding.kind === "departure")
      .map((finding) => `${finding.rule} ${finding.field ?? ""}`.trim());
  }

  it("takes a list of valid items, and reads the page's example (trailing comma) reporting only its text/html type", async () => {
    expect(await findingsOf('[{"balance-amount":29.99},{"balance-amount":-3}]')).toEqual([]);
    expect(await findingsOf('[\n  {\n    "balance-amount":29.99,\n  }\n]', "text/html;charset=utf-8")).toEqual([
      "content-type",
    ]);
  });

  it("reports each item's departure once: a missing key, a string amount, a key the spec does not name", async () => {
    expect(await findingsOf('[{"balance-amount":1},{},{}]')).toEqual(["required-key balance-amount"]);
    expect(await findingsOf('[{"balance-amount":"29.99"}]')).toEqual(["key-type balance-amount"]);
    expect(await findingsOf('[{"balance-amount":1,"currency":"USD"}]')).toEqual(["unknown-key currency"]);
  });

  it("reports one object that is not a refusal, and an HTML page, as not the list the spec gives", async () => {
    expect(await findingsOf('{"balance-amount":1}')).toEqual(["body-format"]);
    expect(await findingsOf("<html><body>502</body></html>", "text/html")).toEqual(["content-type", "body-format"]);
    expect(
      await findingsOf(
        '{"type":"validation-error","error-message":"balance-provider: is required","error-code":1,"serial-number":"s"}',
      ),
    ).toEqual([]);
  });
});
