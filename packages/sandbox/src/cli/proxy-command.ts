import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startProxy } from "../proxy/start-proxy.js";
import { stopWithParent } from "./stop-with-parent.js";

/** The usage of `card-processing-sandbox proxy`. */
export const proxyUsage = `Usage: card-processing-sandbox proxy --upstream URL [--port N] [--host H] [--report FILE]
         [--control-key KEY] [--public-key FILE] [--record DIR] [--preserve-host] [--admin-token TOKEN]
         [--allow-host NAME]... [--quiet]

  Stands in front of a gateway, forwards every request unchanged and reports each departure of
  the traffic from the spec (and evidence about the spec's assumed facts).

  --upstream URL      the gateway's base URL, as a client is given it (https://gateway.example/paynet)
  --port N            port to listen on (default 8090; 0 picks a free one)
  --host HOST         interface (default 127.0.0.1)
  --allow-host NAME   a name others reach the proxy by (its Host header), besides loopback and this
                      machine's addresses; repeat for more. Any other Host gets 403 (DNS rebinding)
  --report FILE       append each finding to FILE, one JSON object a line
  --control-key KEY   the merchant control key: check control and OAuth HMAC-SHA1 signatures
  --public-key FILE   the merchant's PEM public key: check OAuth RSA-SHA256 (v4) signatures
  --record DIR        write a redacted transcript of each exchange to DIR (nothing is kept without it)
  --preserve-host     send the client's Host header upstream (for an upstream that verifies OAuth by it)
  --admin-token TOKEN the token the findings page and JSON require (generated and printed when the
                      proxy listens beyond loopback and none is given)
  --quiet             no log of exchanges and findings
`;

/** Runs `card-processing-sandbox proxy`: starts the proxy, prints its banner, and on SIGTERM or SIGINT the summary. */
export async function runProxy(args: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      upstream: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      report: { type: "string" },
      "control-key": { type: "string" },
      "public-key": { type: "string" },
      record: { type: "string" },
      "preserve-host": { type: "boolean" },
      "admin-token": { type: "string" },
      "allow-host": { type: "string", multiple: true },
      quiet: { type: "boolean" },
    },
    strict: true,
  });
  if (values.upstream === undefined) throw new Error("--upstream: the gateway's base URL is required");
  const port = Number(values.port ?? "8090");
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port: expected a port number, got ${JSON.stringify(values.port)}`);
  const publicKeyFile = values["public-key"];
  const proxy = await startProxy({
    upstream: values.upstream,
    port,
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(values.report === undefined ? {} : { reportFile: values.report }),
    ...(values["control-key"] === undefined ? {} : { controlKey: values["control-key"] }),
    ...(publicKeyFile === undefined ? {} : { publicKey: readFileSync(publicKeyFile, "utf8") }),
    ...(values.record === undefined ? {} : { recordDir: values.record }),
    preserveHost: values["preserve-host"] === true,
    ...(values["admin-token"] === undefined ? {} : { adminToken: values["admin-token"] }),
    ...(values["allow-host"] === undefined ? {} : { allowedHosts: values["allow-host"] }),
    logger: values.quiet === true ? () => {} : (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void proxy.close({ graceMs: 4_000 }).then(() => {
      console.log(proxy.summary());
      process.exit(0);
    });
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  stopWithParent(stop);
  // A generated token is printed (no one else knows it); a given one is not printed again.
  const generated = values["admin-token"] === undefined ? proxy.adminToken : undefined;
  const findingsLine =
    proxy.adminToken === undefined
      ? `${proxy.url}/_proxy (JSON: ${proxy.url}/_proxy/findings)`
      : `${proxy.url}/_proxy?token=${generated ?? "TOKEN"} (JSON: ${proxy.url}/_proxy/findings, with Authorization: Bearer TOKEN)`;
  const tokenLine =
    proxy.adminToken === undefined
      ? "none: on loopback the findings answer only this machine"
      : (generated ?? "given (--admin-token)");
  const signatures = [
    values["control-key"] === undefined ? undefined : "control and HMAC-SHA1",
    publicKeyFile === undefined ? undefined : "RSA-SHA256",
  ].filter((s) => s !== undefined);
  console.log(`card-processing validation proxy
url:          ${proxy.url}
upstream:     ${proxy.upstream}
findings:     ${findingsLine}
admin token:  ${tokenLine}
report:       ${values.report ?? "(none: --report FILE keeps every finding)"}
signatures:   ${signatures.length === 0 ? "not checked (--control-key KEY, --public-key FILE)" : `checked: ${signatures.join(", ")}`}
record:       ${values.record ?? "off (nothing of the traffic is kept)"}`);
}
