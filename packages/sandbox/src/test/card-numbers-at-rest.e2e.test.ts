import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../index.js";
import { postForm, signedSaleBody } from "./raw-sale.testlib.js";
import { orderId } from "./sandbox-fixture.testlib.js";

const dirs: string[] = [];
const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sandbox) => sandbox.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const FREE_TEXT_CARD = /5555-5555-5555-4444|5555555555554444|4111 1111 1111 1111|4111111111111111/;

describe("card numbers in free text", () => {
  it("are masked in the request record, the admin API and sandbox.db, wherever in a value they are", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sandbox-at-rest-"));
    dirs.push(dir);
    const sandbox = await startSandbox({ latencyMs: 0, settleDelayMs: Infinity, dataDir: dir });
    open.push(sandbox);
    const id = orderId("at-rest");
    const reply = await postForm(
      sandbox.url,
      "/api/v2/sale/1111",
      signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, id, {
        order_desc: "card 5555-5555-5555-4444",
        address1: "4111 1111 1111 1111 Main st",
      }),
    );
    expect(reply.status).toBe(200);
    const [kept] = sandbox.requests({ client_orderid: id });
    expect(kept?.fields).toMatchObject({
      order_desc: "card 555555******4444",
      address1: "411111******1111 Main st",
      credit_card_number: "411111******1111",
    });
    const admin = await (await fetch(`${sandbox.url}/_admin/requests?client_orderid=${id}`)).text();
    expect(admin).toContain("555555******4444");
    expect(admin).not.toMatch(FREE_TEXT_CARD);
    await sandbox.close();
    open.splice(0);
    const database = await readFile(join(dir, "sandbox.db"));
    expect(database.toString("latin1")).toContain("555555******4444");
    expect(database.toString("latin1")).not.toMatch(FREE_TEXT_CARD);
  });
});
