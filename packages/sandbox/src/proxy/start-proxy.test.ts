import { once } from "node:events";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { controlDigest, toMinorUnits } from "@card-processing/signing";
import { afterEach, describe, expect, it } from "vitest";
import { sampleOrder } from "../test-values/sample-order.js";
import { testCard } from "../test-values/test-card.js";
import { startProxy, type ValidationProxy } from "./start-proxy.js";

// Deliberately drifting fake gateways: tiny node:http servers on 127.0.0.1 that answer every
// request with one fixed reply. The proxy must pass each on unchanged and report its departure.
const CONTROL_KEY = "drift-control-key";
const CARD = "4111111111111111";
const started: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const thing of started.splice(0)) await thing.close();
});

async function fakeGateway(reply: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => reply(request, response));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  started.push({ close: () => new Promise((resolve) => server.close(() => resolve())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/paynet`;
}

function answering(status: number, contentType: string, body: string) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { "content-type": contentType });
    response.end(body);
  };
}

async function proxyBefore(
  upstream: string,
  extra: { reportFile?: string; recordDir?: string } = {},
): Promise<ValidationProxy> {
  const proxy = await startProxy({ upstream, controlKey: CONTROL_KEY, ...extra });
  started.unshift(proxy);
  return proxy;
}

async function saleBody(control?: string): Promise<Record<string, string>> {
  const body: Record<string, string> = { ...sampleOrder("DRIFT-1"), ...testCard({ number: CARD }) };
  body["control"] =
    control ??
    (await controlDigest(["1111", "DRIFT-1", toMinorUnits("10.42", "USD"), "john.smith@example.com"], CONTROL_KEY));
  return body;
}

async function sale(proxy: ValidationProxy, body: Record<string, string>) {
  const response = await fetch(`${proxy.url}/api/v2/sale/1111`, {
    method: "POST",
    headers: { accept: "application/vnd.pay+json" },
    body: new URLSearchParams(body),
  });
  const text = await response.text();
  await proxy.settled();
  return { status: response.status, contentType: response.headers.get("content-type"), text };
}

const accepted = {
  type: "async-response",
  status: "processing",
  "serial-number": "s-1",
  "merchant-order-id": "DRIFT-1",
  "paynet-order-id": "77",
  "end-point-id": 1111,
};
const JSON_TYPE = "application/vnd.pay+json; charset=utf-8";

function rulesOf(proxy: ValidationProxy): string[] {
  return proxy
    .findings()
    .filter((f) => f.kind === "departure")
    .map((f) => `${f.direction} ${f.rule}${f.field === undefined ? "" : ` ${f.field}`}`);
}

describe("the validation proxy in front of a drifting gateway", () => {
  it("passes a reply agreeing with the spec on byte for byte and finds nothing", async () => {
    const text = JSON.stringify(accepted);
    const proxy = await proxyBefore(await fakeGateway(answering(200, JSON_TYPE, text)));
    const seen = await sale(proxy, await saleBody());
    expect(seen).toEqual({ status: 200, contentType: JSON_TYPE, text });
    expect(rulesOf(proxy)).toEqual([]);
  });

  it.each([
    [
      "an unknown reply key",
      200,
      JSON_TYPE,
      JSON.stringify({ ...accepted, "acquirer-code": "05" }),
      ["reply unknown-key acquirer-code"],
    ],
    [
      "a status outside the enum",
      200,
      JSON_TYPE,
      JSON.stringify({ ...accepted, status: "pending" }),
      ["reply enum status"],
    ],
    [
      "a missing required key",
      200,
      JSON_TYPE,
      JSON.stringify({ ...accepted, "paynet-order-id": undefined }),
      ["reply required-key paynet-order-id"],
    ],
    [
      "a key of the wrong type",
      200,
      JSON_TYPE,
      JSON.stringify({ ...accepted, "error-code": "7" }),
      ["reply key-type error-code"],
    ],
    [
      "an HTML error page instead of a reply",
      200,
      "text/html",
      "<html><body>Bad gateway</body></html>",
      ["reply content-type", "reply body-format"],
    ],
    ["a reply under the wrong content type", 200, "application/json", JSON.stringify(accepted), ["reply content-type"]],
    ["an HTTP status the spec does not list", 503, "text/plain", "Service Unavailable", ["reply status"]],
    [
      "a reply of another type",
      200,
      JSON_TYPE,
      JSON.stringify({ ...accepted, type: "status-response" }),
      ["reply reply-type type"],
    ],
  ] as const)("reports %s and passes the reply on unchanged", async (_what, status, contentType, text, rules) => {
    const proxy = await proxyBefore(await fakeGateway(answering(status, contentType, text)));
    const seen = await sale(proxy, await saleBody());
    expect(seen).toEqual({ status, contentType, text });
    expect(rulesOf(proxy)).toEqual(rules);
    const finding = proxy.findings().find((f) => f.kind === "departure");
    expect(finding?.operation).toBe("sale");
    expect(finding?.message).toMatch(
      /Spec file: spec\/(paths\/sale|components\/schemas\/(AsyncResponse|TransactionStatus))\.yaml$/,
    );
  });

  it("reports a bad request field and a bad signature of the shop's request", async () => {
    const proxy = await proxyBefore(await fakeGateway(answering(200, JSON_TYPE, JSON.stringify(accepted))));
    await sale(proxy, { ...(await saleBody()), currency: "DOLLARS" });
    expect(rulesOf(proxy)).toEqual(["request request-field currency", "request request-signature control"]);
    const signature = proxy.findings().find((f) => f.rule === "request-signature");
    expect(signature?.message).toContain("endpointId + client_orderid + amount + email");
  });

  it("answers 502 with a plain text body when the upstream cannot be reached, inventing no gateway reply", async () => {
    const upstream = await fakeGateway(answering(200, JSON_TYPE, "{}"));
    await started.shift()?.close();
    const proxy = await proxyBefore(upstream);
    const seen = await sale(proxy, await saleBody());
    expect(seen.status).toBe(502);
    expect(seen.contentType).toBe("text/plain; charset=utf-8");
    expect(seen.text).toMatch(/could not reach the upstream gateway at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });

  it("reports an assumption the traffic contradicts, and one it confirms as evidence", async () => {
    const refusal = {
      type: "validation-error",
      "error-message": "bad field",
      "error-code": 99,
      "serial-number": "s-2",
    };
    const proxy = await proxyBefore(await fakeGateway(answering(400, JSON_TYPE, JSON.stringify(refusal))));
    await sale(proxy, await saleBody());
    const contradicted = proxy.findings().find((f) => f.rule === "assumption-contradicted");
    expect(contradicted?.assumption).toBe("#/components/schemas/ValidationErrorResponse/properties/error-code");
    expect(contradicted?.message).toContain("none of the assumed values");
    const agreeing = await proxyBefore(
      await fakeGateway(answering(400, JSON_TYPE, JSON.stringify({ ...refusal, "error-code": 2 }))),
    );
    await sale(agreeing, await saleBody());
    expect(agreeing.findings().map((f) => `${f.kind} ${f.rule}`)).toEqual(["evidence assumption-confirmed"]);
  });

  it("serves the findings as JSON and on an escaped HTML page", async () => {
    const proxy = await proxyBefore(
      await fakeGateway(answering(200, JSON_TYPE, JSON.stringify({ ...accepted, "<script>x</script>": 1 }))),
    );
    await sale(proxy, await saleBody());
    const json = (await (await fetch(`${proxy.url}/_proxy/findings`)).json()) as {
      findings: { rule: string }[];
      counts: Record<string, Record<string, number>>;
    };
    expect(json.findings.map((f) => f.rule)).toEqual(["unknown-key"]);
    expect(json.counts).toEqual({ sale: { "unknown-key": 1 } });
    const page = await (await fetch(`${proxy.url}/_proxy`)).text();
    expect(page).toContain("&#60;script&#62;x&#60;/script&#62;");
    expect(page).not.toContain("<script>");
    expect(proxy.summary()).toMatch(/sale\s+unknown-key\s+1/);
  });
});

describe("what the validation proxy keeps", () => {
  it("never writes a full card number, CVV, control value or key to its report, log, page or records (canary)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "proxy-canary-"));
    try {
      const canaryCard = "4000056655665556";
      const echo = { ...accepted, "merchant-order-id": canaryCard, extra: `card ${canaryCard} cvv 987` };
      const upstream = await fakeGateway(answering(200, JSON_TYPE, JSON.stringify(echo)));
      const lines: string[] = [];
      const proxy = await startProxy({
        upstream,
        controlKey: CONTROL_KEY,
        reportFile: join(dir, "report.jsonl"),
        recordDir: join(dir, "records"),
        logger: (line) => lines.push(line),
      });
      const body = {
        ...(await saleBody("0123456789abcdef0123456789abcdef01234567")),
        credit_card_number: canaryCard,
        cvv2: "987",
      };
      await sale(proxy, body);
      const page = await (await fetch(`${proxy.url}/_proxy`)).text();
      const json = await (await fetch(`${proxy.url}/_proxy/findings`)).text();
      await proxy.close();
      const records = await readdir(join(dir, "records"));
      expect(records).toEqual(["000001-sale.json"]);
      const kept = [
        await readFile(join(dir, "report.jsonl"), "utf8"),
        await readFile(join(dir, "records", records[0] ?? ""), "utf8"),
        page,
        json,
        lines.join("\n"),
      ].join("\n");
      expect(kept).toContain("400005");
      for (const secret of [canaryCard, "0123456789abcdef0123456789abcdef01234567", CONTROL_KEY, '"987"', "cvv2"])
        expect(kept).not.toContain(secret);
      expect(kept).toContain("unknown-key");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
