#!/usr/bin/env node
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { writePrivateKeyFile } from "./private-key-file.js";
import { startSandbox } from "./start-sandbox.js";
import { testCards } from "./test-cards.js";

const usage = `Usage: card-processing-sandbox [options]

  --port N              port to listen on (default 8080; 0 picks a free one)
  --host HOST           interface (default 127.0.0.1)
  --login LOGIN         merchant login (default sandbox-merchant)
  --control-key KEY     merchant control key (default: random)
  --public-key FILE     PEM public key for RSA-SHA256 requests (default: a generated pair,
                        private key written to --private-key-out or a temporary file)
  --private-key-out F   where to write a generated private key (a new file, mode 0600)
  --endpoint-id ID      endpoint id to accept; repeat for more (default 1111)
  --latency-ms N        time in processing before the final status (default 1000)
  --settle-delay-ms N   time until an approved sale or capture settles (default 60000)
  --callback-attempts N callback deliveries tried in all (default 6)
  --quiet               no request log
  --help                this text
`;

function number(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name}: expected a number, got ${JSON.stringify(text)}`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      login: { type: "string" },
      "control-key": { type: "string" },
      "public-key": { type: "string" },
      "private-key-out": { type: "string" },
      "endpoint-id": { type: "string", multiple: true },
      "latency-ms": { type: "string" },
      "settle-delay-ms": { type: "string" },
      "callback-attempts": { type: "string" },
      quiet: { type: "boolean" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help === true) {
    process.stdout.write(usage);
    return;
  }
  const publicKeyFile = values["public-key"];
  const log = values.quiet === true ? () => {} : (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  const sandbox = await startSandbox({
    port: number("port", values.port, 8080),
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values.login === undefined ? {} : { login: values.login }),
    ...(values["control-key"] === undefined ? {} : { controlKey: values["control-key"] }),
    ...(publicKeyFile === undefined ? {} : { publicKey: readFileSync(publicKeyFile, "utf8") }),
    endpointIds: values["endpoint-id"] ?? ["1111"],
    latencyMs: number("latency-ms", values["latency-ms"], 1000),
    settleDelayMs: number("settle-delay-ms", values["settle-delay-ms"], 60_000),
    callbackRetry: { attempts: number("callback-attempts", values["callback-attempts"], 6) },
    logger: log,
  });
  // Ready to stop cleanly before the banner says it is up: a SIGTERM sent on seeing the banner
  // must find the handler.
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  let keyLine = `public key:   ${publicKeyFile ?? "(given)"}`;
  if (sandbox.privateKeyPem !== undefined) {
    const path = writePrivateKeyFile(sandbox.privateKeyPem, values["private-key-out"]);
    keyLine = `private key:  ${path} (generated RSA 2048, for the v4 operations)`;
  }
  console.log(`card-processing sandbox
url:          ${sandbox.url}
endpoint ids: ${sandbox.endpointIds.join(", ")}
login:        ${sandbox.login}
control key:  ${sandbox.controlKey}
${keyLine}
admin:        GET ${sandbox.url}/_admin/callbacks, GET ${sandbox.url}/_admin/orders, POST ${sandbox.url}/_admin/settle
test cards:   ${Object.entries(testCards).map(([n, c]) => `${n} ${c.description}`).join("\n              ")}`);
}

main().catch((error: unknown) => {
  console.error(`card-processing-sandbox: ${error instanceof Error ? error.message : String(error)}`);
  console.error(usage);
  process.exit(2);
});
