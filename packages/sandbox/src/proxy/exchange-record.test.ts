import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type RecordedExchange, recordExchange } from "./exchange-record.js";
import { sampleExchange } from "./recorded-exchange.testlib.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function recorded(exchange: Partial<RecordedExchange>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "proxy-record-"));
  dirs.push(dir);
  await recordExchange(dir, { ...sampleExchange, ...exchange });
  return readFile(join(dir, "000001-sale.json"), "utf8");
}

describe("a recorded exchange (--record)", () => {
  it("masks a card number in a free-text field of the form, in dashes", async () => {
    const text = await recorded({ requestText: "order_desc=card+5555-5555-5555-4444&amount=10.00" });
    expect(text).not.toMatch(/5555-5555-5555-4444|5555555555554444/);
    expect(JSON.parse(text).request.fields).toEqual({ order_desc: "card 555555******4444", amount: "10.00" });
  });

  it("keeps a body that is not a form as its size only, never its CVV2", async () => {
    const json = JSON.stringify({ credit_card_number: "4111111111111111", cvv2: "987", amount: "10.00" });
    const text = await recorded({ requestContentType: "application/json", requestText: json });
    expect(text).not.toMatch(/987|4111111111111111|cvv2/);
    expect(JSON.parse(text).request).toMatchObject({ contentType: "application/json", bytes: json.length });
    expect(JSON.parse(text).request.fields).toBeUndefined();
  });
});
