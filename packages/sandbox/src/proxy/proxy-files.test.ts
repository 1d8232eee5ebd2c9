import { once } from "node:events";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirError } from "../store/data-dir-error.js";
import { recordExchange } from "./exchange-record.js";
import { sampleExchange } from "./recorded-exchange.testlib.js";
import { startProxy } from "./start-proxy.js";

// What the validation proxy writes to disk (`--record` transcripts, the `--report` file) is held
// to the data directory's rules: a directory or file others could have planted things in is
// refused, and nothing is ever written through a link put in a transcript's or the report's place.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "proxy-files-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function gateway(): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/vnd.pay+json" });
      response.end(JSON.stringify({ type: "async-response", "paynet-order-id": 1, "merchant-order-id": "F-1" }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/paynet`;
}

/** One sale through a proxy started with `options`, closed after it (so its records are written). */
async function saleThrough(options: { recordDir?: string; reportFile?: string }): Promise<void> {
  const proxy = await startProxy({ upstream: await gateway(), ...options });
  try {
    const reply = await fetch(`${proxy.url}/api/v2/sale/1111`, {
      method: "POST",
      body: new URLSearchParams({ client_orderid: "F-1", amount: "10.42", currency: "USD" }),
    });
    expect(reply.status).toBe(200);
    await reply.arrayBuffer();
  } finally {
    await proxy.close();
  }
}

describe("the proxy's --record directory", () => {
  it("is refused when other users can write to it, naming the option and the fix; nothing is written", async () => {
    const dir = join(await scratch(), "records");
    await mkdir(dir);
    await chmod(dir, 0o777);
    const refused = startProxy({ upstream: await gateway(), recordDir: dir });
    await expect(refused).rejects.toBeInstanceOf(DataDirError);
    await expect(startProxy({ upstream: await gateway(), recordDir: dir })).rejects.toThrow(
      `recordDir: ${dir} can be written by other users (mode 0777)`,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it("is made private (0700) when others could only read it: transcripts hold the traffic", async () => {
    const dir = join(await scratch(), "records");
    await mkdir(dir);
    await chmod(dir, 0o755);
    await saleThrough({ recordDir: dir });
    expect(((await stat(dir)).mode & 0o777).toString(8)).toBe("700");
    expect(((await stat(join(dir, "000001-sale.json"))).mode & 0o777).toString(8)).toBe("600");
  });

  it("keeps the first run's transcripts when a second run records into it", async () => {
    const dir = join(await scratch(), "records");
    await saleThrough({ recordDir: dir });
    const first = await readFile(join(dir, "000001-sale.json"), "utf8");
    await saleThrough({ recordDir: dir });
    expect((await readdir(dir)).sort()).toEqual(["000001-sale.json", "000002-sale.json"]);
    expect(await readFile(join(dir, "000001-sale.json"), "utf8")).toBe(first);
  });

  it("never writes a transcript through a link planted in its place: the target keeps its content", async () => {
    const parent = await scratch();
    const dir = join(parent, "records");
    await mkdir(dir, { mode: 0o700 });
    const victim = join(parent, "victim.txt");
    await writeFile(victim, "precious\n");
    await symlink(victim, join(dir, "000001-sale.json"));
    await expect(recordExchange(dir, sampleExchange)).rejects.toMatchObject({ code: "EEXIST" });
    expect(await readFile(victim, "utf8")).toBe("precious\n");
  });
});

describe("the proxy's --report file", () => {
  it("is refused when it is a symbolic link, and the link's target is left alone", async () => {
    const parent = await scratch();
    const victim = join(parent, "victim.txt");
    await writeFile(victim, "precious\n");
    const report = join(parent, "findings.jsonl");
    await symlink(victim, report);
    await expect(startProxy({ upstream: await gateway(), reportFile: report })).rejects.toThrow(
      `reportFile: ${report} is a symbolic link, which is never followed; remove it`,
    );
    expect(await readFile(victim, "utf8")).toBe("precious\n");
  });

  it("is refused when other users can write to it, and a new one is created 0600", async () => {
    const parent = await scratch();
    const report = join(parent, "findings.jsonl");
    await writeFile(report, "");
    await chmod(report, 0o666);
    await expect(startProxy({ upstream: await gateway(), reportFile: report })).rejects.toThrow(
      `reportFile: ${report} can be written by other users (mode 0666)`,
    );
    const fresh = join(parent, "fresh.jsonl");
    await saleThrough({ reportFile: fresh });
    expect(((await stat(fresh)).mode & 0o777).toString(8)).toBe("600");
    expect(await readFile(fresh, "utf8")).toContain('"operation":"sale"');
  });
});
