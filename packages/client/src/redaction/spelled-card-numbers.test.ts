import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asyncReply, saleBody, startTestServer, type TestServer } from "../../test/test-server.js";
import { createGateway } from "../create-gateway.js";
import type { RequestLogEntry } from "../transport/request-log.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(() => ({ body: asyncReply() }));
});
afterAll(() => server.close());

/** True when `text` holds the digits of 5555 5555 5555 4444 in order with at most three other characters between two. */
function holdsWholeCard(text: string): boolean {
  const plain = text.normalize("NFKC").replace(/%[0-9a-f]{2}/gi, "~");
  return /5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}4\D{0,3}4\D{0,3}4\D{0,3}4/.test(
    plain,
  );
}

describe("the request log, given a card number spelled to slip past a mask", () => {
  it.each([
    ["dots", { order_desc: "card 5555.5555.5555.4444" }],
    ["two spaces", { order_desc: "card 5555  5555  5555  4444" }],
    ["tabs", { order_desc: "card 5555\t5555\t5555\t4444" }],
    ["non-breaking spaces", { order_desc: "card 5555\u00a05555\u00a05555\u00a04444" }],
    [
      "fullwidth digits",
      {
        order_desc:
          "card \uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff14\uff14\uff14\uff14",
      },
    ],
    ["%20 in redirect_url", { redirect_url: "https://shop.example/return?pan=5555%205555%205555%204444" }],
    ["+ in redirect_url", { redirect_url: "https://shop.example/return?pan=5555+5555+5555+4444" }],
  ])("logs it masked when written with %s", async (_, fields) => {
    const entries: RequestLogEntry[] = [];
    const gateway = createGateway({
      baseUrl: server.url,
      endpointId: 1111,
      login: "shop",
      controlKey: "KEY",
      logger: (entry) => entries.push(entry),
    });
    await gateway.sale({ ...saleBody, ...fields });
    const text = JSON.stringify(entries);
    expect(text).toContain("555555******4444");
    expect(holdsWholeCard(text), text).toBe(false);
    // What went to the gateway is what the shop gave: masking is for what is kept, not what is sent.
    expect(holdsWholeCard(JSON.stringify(Object.fromEntries(server.requests.at(-1)?.form ?? [])))).toBe(true);
  });
});
