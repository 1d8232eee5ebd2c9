import { afterEach, describe, expect, it } from "vitest";
import { rawRequest, startRecordingUpstream } from "../test/raw-request.testlib.js";
import { startProxy } from "./start-proxy.js";

// A browser sends the cookies of its host to a proxy on it (cookies do not tell ports apart): the
// sandbox's admin cookie, the proxy's own. An upstream, a real gateway perhaps, must never see them.
const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of started.splice(0)) await thing.close();
});

describe("what the validation proxy sends upstream", () => {
  it("drops Cookie and the headers Connection names, and passes Authorization (OAuth) on", async () => {
    const upstream = await startRecordingUpstream();
    started.push(upstream);
    const proxy = await startProxy({ upstream: upstream.url });
    started.unshift(proxy);
    const reply = await rawRequest(proxy.port, "/paynet/api/v4/payout/1111", {
      method: "POST",
      headers: {
        cookie: "card_processing_sandbox_admin=sandbox-admin-token-0001; card_processing_admin_token=former-0001",
        authorization: 'OAuth oauth_consumer_key="merchant", oauth_signature="c2lnbmF0dXJl"',
        connection: "keep-alive, x-hop-secret",
        "x-hop-secret": "for-the-proxy-only",
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/vnd.pay+json",
      },
      body: "amount=1.00",
    });
    expect(reply.status).toBe(200);
    expect(upstream.seen).toHaveLength(1);
    const headers = upstream.seen[0]?.headers ?? {};
    expect(headers).not.toHaveProperty("cookie");
    expect(headers).not.toHaveProperty("x-hop-secret");
    expect(headers.authorization).toBe('OAuth oauth_consumer_key="merchant", oauth_signature="c2lnbmF0dXJl"');
    expect(headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(headers.accept).toBe("application/vnd.pay+json");
  });
});
