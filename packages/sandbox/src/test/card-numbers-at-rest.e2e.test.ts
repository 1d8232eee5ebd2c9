import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signRequest } from "@card-processing/signing";
import { operationTable } from "@card-processing/types";
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

/**
 * True when `text` holds the digits of 5555 5555 5555 4444 in order, with at most three other
 * characters between two of them, once NFKC-normalised and with each `%XX` read as one character:
 * a whole card number however it was spelled.
 */
function holdsWholeCard(text: string): boolean {
  const plain = text.normalize("NFKC").replace(/%[0-9a-f]{2}/gi, "~");
  return /5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}5\D{0,3}4\D{0,3}4\D{0,3}4\D{0,3}4/.test(
    plain,
  );
}

describe("card numbers spelled to slip past a mask", () => {
  const spellings = {
    dots: "5555.5555.5555.4444",
    "two spaces": "5555  5555  5555  4444",
    tabs: "5555\t5555\t5555\t4444",
    "non-breaking spaces": "5555\u00a05555\u00a05555\u00a04444",
    "fullwidth digits":
      "\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff14\uff14\uff14\uff14",
  };

  it("are masked in the journal, the admin API, status replies and sandbox.db, in free text, URLs and the printed name", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sandbox-spellings-"));
    dirs.push(dir);
    const sandbox = await startSandbox({ latencyMs: 0, settleDelayMs: Infinity, dataDir: dir });
    open.push(sandbox);
    const sales: Array<Record<string, string>> = [
      ...Object.values(spellings).map((spelled) => ({ order_desc: `card ${spelled} thanks` })),
      { redirect_url: "https://shop.example/return?pan=5555%205555%205555%204444&step=2" },
      { redirect_url: "https://shop.example/return?pan=5555+5555+5555+4444" },
      { card_printed_name: "5555 5555 5555 4444" },
      { card_printed_name: "5555\u00a05555\u00a05555\u00a04444" },
    ];
    const ids: string[] = [];
    for (const [i, overrides] of sales.entries()) {
      const id = orderId(`spelled-${i}`);
      ids.push(id);
      const reply = await postForm(
        sandbox.url,
        "/api/v2/sale/1111",
        signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, id, overrides),
      );
      expect(reply.status, reply.text).toBe(200);
      expect(holdsWholeCard(reply.text), reply.text).toBe(false);
    }
    for (const kept of sandbox.requests({}))
      expect(holdsWholeCard(JSON.stringify(kept)), JSON.stringify(kept)).toBe(false);
    const admin = await (await fetch(`${sandbox.url}/_admin/requests`)).text();
    expect(admin).toContain("555555******4444");
    expect(holdsWholeCard(admin)).toBe(false);
    const orders = (await (await fetch(`${sandbox.url}/_admin/orders`)).json()) as {
      orders: Array<{ orderid: string }>;
    };
    expect(orders.orders).toHaveLength(sales.length);
    for (const { orderid } of orders.orders) {
      const detail = await (await fetch(`${sandbox.url}/_admin/orders/${orderid}`)).text();
      expect(holdsWholeCard(detail), detail).toBe(false);
    }
    // The printed name is kept on the order's card, from which status replies and callbacks are built.
    const names: unknown[] = [];
    for (const [i, id] of ids.entries()) {
      if (sales[i]?.["card_printed_name"] === undefined) continue;
      const orderid = orders.orders.find(
        (order) => (order as { client_orderid?: string }).client_orderid === id,
      )?.orderid;
      const body = { login: sandbox.login, client_orderid: id, orderid: orderid ?? "" };
      const url = `${sandbox.url}/api/v2/status/1111`;
      const entry = operationTable["/api/v2/status/{endpointId}"];
      const { fields } = await signRequest({
        entry,
        body,
        url,
        keys: { login: sandbox.login, controlKey: sandbox.controlKey },
      });
      const status = await postForm(sandbox.url, "/api/v2/status/1111", { ...body, ...fields });
      names.push((JSON.parse(status.text) as Record<string, unknown>)["cardholder-name"]);
    }
    expect(names).toEqual(["555555******4444", "555555******4444"]);
    await sandbox.close();
    open.splice(0);
    const database = await readFile(join(dir, "sandbox.db"));
    expect(database.toString("utf8")).toContain("555555******4444");
    expect(holdsWholeCard(database.toString("utf8"))).toBe(false);
    expect(holdsWholeCard(database.toString("latin1"))).toBe(false);
  });

  it("leave order ids, amounts, dates and numbers that fail the Luhn check alone", async () => {
    const sandbox = await startSandbox({ latencyMs: 0 });
    open.push(sandbox);
    const id = orderId("plain-numbers");
    const text = "order 1234567890123 of 2026-01-01 12:00:00, 10.42 USD, ref 4111.1111.1111.1112";
    const reply = await postForm(
      sandbox.url,
      "/api/v2/sale/1111",
      signedSaleBody({ endpointId: "1111", controlKey: sandbox.controlKey }, id, { order_desc: text }),
    );
    expect(reply.status).toBe(200);
    expect(sandbox.requests({ client_orderid: id })[0]?.fields["order_desc"]).toBe(text);
  });
});
