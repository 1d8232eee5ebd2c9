#!/usr/bin/env node
// The CLI reads and checks its flags with only light modules loaded; the sandbox, its engine and
// each subcommand are imported once the flags are known to be good, so a wrong flag is answered
// about as fast as node starts.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { CONTROL_AMOUNTS, type ControlAmounts } from "@card-processing/signing";
import { maxAgeMsOf } from "../engine/orders/order-retention.js";
import { DataDirError } from "../store/data-dir-error.js";
import { ADMIN_TOKEN_VARIABLE, adminTokenOf } from "./admin-request.js";
import { faultRatesFlag } from "./fault-rates-flag.js";
import { logFormatOf, logLine } from "./log-line.js";
import type { StartFlags } from "./start-command.js";
import { StartFailure } from "./start-failure.js";
import { tlsFiles } from "./tls-files.js";

const usage = `Usage: card-processing-sandbox [options]
       card-processing-sandbox trigger TYPE --order ID [--amount 5.00] [--status S] [--url URL]
                               [--admin-token TOKEN]
       card-processing-sandbox check-callbacks --url URL --control-key KEY [--json]
       card-processing-sandbox orders [--limit N] [--cursor C] [--status S] [--q ID] [--url URL]
                               [--admin-token TOKEN]
       card-processing-sandbox proxy --upstream URL [--port N] [--report FILE] (proxy --help)

  --port N              port to listen on (default 8080; 0 picks a free one)
  --host HOST           interface (default 127.0.0.1; 0.0.0.0 for every interface, and the
                        banner prints the addresses teammates can use)
  --public-url URL      the address others reach the sandbox at (https://sandbox.team.example,
                        http://10.0.0.5:8080): the banner, and the hosted page and ACS addresses
                        in replies, say it
  --tls-cert FILE       serve https (API, pages, admin routes, dashboard) with this PEM
  --tls-key FILE        certificate and its PEM private key; both or neither
  --login LOGIN         merchant login (default sandbox-merchant)
  --control-key KEY     merchant control key (default on loopback with no key flag: the
                        reference's example merchant, so its samples run as printed; on any
                        other --host or with --public-url: random)
  --public-key FILE     PEM public key for RSA-SHA256 requests (default: the example
                        merchant's on loopback, as --control-key; else a generated pair,
                        private key written to --private-key-out or a temporary file)
  --private-key-out F   where to write a generated private key (a new file, mode 0600); a
                        restart with the same F uses the key it holds
  --endpoint-id ID      endpoint id to accept; repeat for more (default 1111)
  --endpoint-group-id ID
                        endpoint group id to accept at the group addresses
                        (.../sale/group/ID); repeat for more (default none)
  --latency-ms N        time in processing before the final status (default 1000, so you see
                        an order processing; startSandbox's latencyMs defaults to 100, for tests)
  --settle-delay-ms N   time until an approved sale or capture settles (default 60000)
  --page-lifetime-ms N  time a payment link (hosted page, ACS page) takes a payment; then its
                        order is declined (default 1800000, 30 minutes)
  --callback-attempts N callback deliveries tried in all (default 30, over 14 days)
  --classic-replies     answer requests without Accept: application/vnd.pay+json in the
                        classic text form (refusals with HTTP 200), as older integrations expect
  --control-amounts WAY how control writes amounts of currencies without two decimals (JPY,
                        KWD): iso-4217 (default; 1000 JPY signs 1000) or hundredths (the amount
                        times 100, as the vendor's PHP library signs: 1000 JPY signs 100000)
  --return-before-outcome  send the customer back to redirect_url while the payment is
                        still processing (to test a shop's "still processing" page)
  --callback-timeout-ms N  time one callback delivery may take (default 5000)
  --callback-chaos      deliver every callback twice and out of order within 2 s
  --clock MODE          real (default) or manual (time moves only by POST /_admin/clock)
  --time-scale N        with the real clock, run sandbox time N times faster
                        (100000 runs the 14-day callback schedule in about 12 s)
  --seed TEXT           make generated ids the same on every run
  --faults KIND:RATE,...  break the sandbox's own API replies at random, to rehearse lost
                        replies: reset-before, reset-after, delay, truncate, http-502,
                        http-503, http-504, garbage-200 (e.g. reset-after:0.05,delay:0.02)
  --faults-seed N       the same seed and requests give the same faults
  --faults-delay-ms N   how long a delay fault holds the reply (default 35000)
  --faults-operations NAME,...  draw --faults only on these operations, by their names in
                        the spec (e.g. return or sale,status; default: every operation)
  --admin-token TOKEN   token the admin routes and the dashboard require (default: the variable
                        ${ADMIN_TOKEN_VARIABLE}, else none on 127.0.0.1, else generated and
                        printed on any other --host, and kept by --data-dir across restarts)
  --duplicate-client-orderid RULE
                        a request that makes an order with a client_orderid already in use:
                        new-order (default: processed again, a second order) or replay (the
                        same request gets the first order, a different one is refused)
  --max-orders N        keep at most N orders in memory: the oldest final orders (with their
                        requests, timeline, events and callbacks) are forgotten past it
  --max-age DURATION    forget final orders older than this (sandbox time): 90m, 12h, 7d
  --data-dir DIR        keep orders, card references, subscriptions, callbacks, events and the
                        clock in DIR (an embedded SQLite database); a restart with the same DIR
                        goes on where it stopped. Without it, state lives in memory only
  --quiet               no request log
  --log-format FORMAT   text (default) or json: one {"time","level","msg"} object a line
  --help                this text
`;

function clockMode(text: string): "real" | "manual" {
  if (text === "real" || text === "manual") return text;
  throw new Error(`--clock: expected real or manual, got ${JSON.stringify(text)}`);
}

function duplicateRule(text: string): "new-order" | "replay" {
  if (text === "new-order" || text === "replay") return text;
  throw new Error(`--duplicate-client-orderid: expected new-order or replay, got ${JSON.stringify(text)}`);
}

function controlAmountsFlag(text: string): ControlAmounts {
  if (CONTROL_AMOUNTS.includes(text as ControlAmounts)) return text as ControlAmounts;
  throw new Error(`--control-amounts: expected ${CONTROL_AMOUNTS.join(" or ")}, got ${JSON.stringify(text)}`);
}

function number(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`--${name}: expected a number, got ${JSON.stringify(text)}`);
  return value;
}

/** A subcommand: what it runs on its arguments (the exit code), and its usage text. */
interface Subcommand {
  run(args: string[]): Promise<number>;
  usage: string;
}

/** Each subcommand, loaded from its own module only when asked for. */
const subcommands = new Map<string, () => Promise<Subcommand>>([
  [
    "trigger",
    async () => {
      const { runTrigger, triggerUsage } = await import("./cli-trigger.js");
      return { run: runTrigger, usage: triggerUsage };
    },
  ],
  [
    "orders",
    async () => {
      const { runOrders, ordersUsage } = await import("./cli-orders.js");
      return { run: runOrders, usage: ordersUsage };
    },
  ],
  [
    "check-callbacks",
    async () => {
      const { runCheckCallbacks, checkCallbacksUsage } = await import("./check-callbacks-command.js");
      return { run: runCheckCallbacks, usage: checkCallbacksUsage };
    },
  ],
]);

/** Runs a subcommand on its arguments; a wrong flag gets its usage and exit 2. */
async function runSubcommand(name: string, load: () => Promise<Subcommand>, args: string[]): Promise<void> {
  const subcommand = await load();
  process.exitCode = await subcommand.run(args).catch((error: unknown) => {
    console.error(`card-processing-sandbox ${name}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(subcommand.usage);
    return 2;
  });
}

/** The flags of a start, parsed and checked: what a wrong flag throws on comes before the sandbox is loaded. */
function startFlags(args: string[]): StartFlags | "help" {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "public-url": { type: "string" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      login: { type: "string" },
      "control-key": { type: "string" },
      "public-key": { type: "string" },
      "private-key-out": { type: "string" },
      "endpoint-id": { type: "string", multiple: true },
      "endpoint-group-id": { type: "string", multiple: true },
      "latency-ms": { type: "string" },
      "settle-delay-ms": { type: "string" },
      "page-lifetime-ms": { type: "string" },
      "callback-attempts": { type: "string" },
      "classic-replies": { type: "boolean" },
      "control-amounts": { type: "string" },
      "return-before-outcome": { type: "boolean" },
      "callback-timeout-ms": { type: "string" },
      "callback-chaos": { type: "boolean" },
      clock: { type: "string" },
      "time-scale": { type: "string" },
      seed: { type: "string" },
      faults: { type: "string" },
      "faults-seed": { type: "string" },
      "faults-delay-ms": { type: "string" },
      "faults-operations": { type: "string" },
      "admin-token": { type: "string" },
      "duplicate-client-orderid": { type: "string" },
      "max-orders": { type: "string" },
      "max-age": { type: "string" },
      "data-dir": { type: "string" },
      quiet: { type: "boolean" },
      "log-format": { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help === true) return "help";
  const publicKeyFile = values["public-key"];
  const faults = faultRatesFlag(
    values.faults,
    values["faults-seed"],
    values["faults-delay-ms"] === undefined ? undefined : number("faults-delay-ms", values["faults-delay-ms"], 0),
    values["faults-operations"],
  );
  const tls = tlsFiles(values["tls-cert"], values["tls-key"]);
  const adminToken = adminTokenOf(values["admin-token"]);
  const logFormat = logFormatOf(values["log-format"]);
  const log = values.quiet === true ? () => {} : (line: string) => console.log(logLine(logFormat, new Date(), line));
  const port = number("port", values.port, 8080);
  return {
    options: {
      port,
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(values["public-url"] === undefined ? {} : { publicUrl: values["public-url"] }),
      ...(tls === undefined ? {} : { tls }),
      ...(values.login === undefined ? {} : { login: values.login }),
      ...(values["control-key"] === undefined ? {} : { controlKey: values["control-key"] }),
      endpointIds: values["endpoint-id"] ?? ["1111"],
      endpointGroupIds: values["endpoint-group-id"] ?? [],
      latencyMs: number("latency-ms", values["latency-ms"], 1000),
      settleDelayMs: number("settle-delay-ms", values["settle-delay-ms"], 60_000),
      ...(values["page-lifetime-ms"] === undefined
        ? {}
        : { pageLifetimeMs: number("page-lifetime-ms", values["page-lifetime-ms"], 1_800_000) }),
      callbackRetry: {
        attempts: number("callback-attempts", values["callback-attempts"], 30),
        timeoutMs: number("callback-timeout-ms", values["callback-timeout-ms"], 5_000),
      },
      callbackChaos: values["callback-chaos"] === true,
      ...(values.clock === undefined ? {} : { clock: clockMode(values.clock) }),
      ...(values["time-scale"] === undefined ? {} : { timeScale: number("time-scale", values["time-scale"], 1) }),
      ...(values.seed === undefined ? {} : { seed: values.seed }),
      ...(faults === undefined ? {} : { faults }),
      ...(adminToken === undefined ? {} : { adminToken }),
      ...(values["duplicate-client-orderid"] === undefined
        ? {}
        : { duplicateClientOrderId: duplicateRule(values["duplicate-client-orderid"]) }),
      ...(values["max-orders"] === undefined ? {} : { maxOrders: number("max-orders", values["max-orders"], 0) }),
      ...(values["max-age"] === undefined ? {} : { maxAgeMs: maxAgeMsOf(values["max-age"]) }),
      ...(values["data-dir"] === undefined ? {} : { dataDir: values["data-dir"] }),
      classicReplies: values["classic-replies"] === true,
      ...(values["control-amounts"] === undefined
        ? {}
        : { controlAmounts: controlAmountsFlag(values["control-amounts"]) }),
      returnBeforeOutcome: values["return-before-outcome"] === true,
      logger: log,
    },
    // The key is settled before the sandbox starts: nothing may fail after it says it is listening.
    ...(publicKeyFile === undefined
      ? {}
      : { publicKey: { file: publicKeyFile, pem: readFileSync(publicKeyFile, "utf8") } }),
    ...(values["private-key-out"] === undefined ? {} : { privateKeyOut: values["private-key-out"] }),
    tokenGiven: adminToken !== undefined,
  };
}

async function main(): Promise<void> {
  const [command] = process.argv.slice(2);
  const rest = process.argv.slice(3);
  const load = command === undefined ? undefined : subcommands.get(command);
  if (command !== undefined && load !== undefined) return runSubcommand(command, load, rest);
  if (command === "proxy") {
    const { proxyUsage, runProxy } = await import("./proxy-command.js");
    if (process.argv.includes("--help")) return void process.stdout.write(proxyUsage);
    return runProxy(rest).catch((error: unknown) => {
      console.error(`card-processing-sandbox proxy: ${error instanceof Error ? error.message : String(error)}`);
      console.error(proxyUsage);
      process.exit(2);
    });
  }
  const flags = startFlags(process.argv.slice(2));
  if (flags === "help") return void process.stdout.write(usage);
  const { runStart } = await import("./start-command.js");
  await runStart(flags);
}

main().catch((error: unknown) => {
  console.error(`card-processing-sandbox: ${error instanceof Error ? error.message : String(error)}`);
  // The usage text answers a wrong flag, not a failure of the run (a port in use, a data directory
  // or a key file the sandbox cannot use).
  if (error instanceof DataDirError || error instanceof StartFailure) process.exit(1);
  console.error(usage);
  process.exit(2);
});
