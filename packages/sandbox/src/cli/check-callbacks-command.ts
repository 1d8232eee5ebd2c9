import { parseArgs } from "node:util";
import { type CallbackCheckReport, checkCallbackEndpoint } from "../conformance/check-callback-endpoint.js";

/** The usage of `card-processing-sandbox check-callbacks`. */
export const checkCallbacksUsage = `Usage: card-processing-sandbox check-callbacks --url URL --control-key KEY [--timeout-ms N] [--json]
         [--client-orderid ID --orderid ID --amount 10.42 --currency USD]

  Sends your callback endpoint a series of callbacks for made-up orders (genuine, duplicate,
  forged, unsigned, tampered, out of order, long values) and prints one line per case.
  Exit code 0 only when every case passes.

  --url URL           your callback endpoint (server_callback_url)
  --control-key KEY   the merchant control key your endpoint verifies with
  --timeout-ms N      time one answer may take (default 5000, the sandbox's callback timeout)
  --json              print the report as JSON (for CI)
  --client-orderid, --orderid, --amount, --currency
                      an order your shop holds, all four together: every case is about it, for an
                      endpoint that checks callbacks against its stored orders (storedOrder)
`;

const ORDER_FLAGS = ["client-orderid", "orderid", "amount", "currency"] as const;

/** The report as text: one line per case, pass or FAIL, what it expects and saw, and what to fix. */
export function reportLines(report: CallbackCheckReport): string {
  const lines = report.results.map(
    (r) =>
      `${r.pass ? "pass" : "FAIL"}  ${r.name}: expects ${r.expected}, saw ${r.saw}${r.fix === undefined ? "" : `\n      fix: ${r.fix}`}`,
  );
  const failed = report.results.filter((r) => !r.pass).length;
  return `${lines.join("\n")}\n${failed === 0 ? `all ${report.results.length} cases pass` : `${failed} of ${report.results.length} cases fail`} for ${report.url}\n`;
}

/** Runs `check-callbacks` with its arguments; resolves to the exit code. */
export async function runCheckCallbacks(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      url: { type: "string" },
      "control-key": { type: "string" },
      "timeout-ms": { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean" },
      "client-orderid": { type: "string" },
      orderid: { type: "string" },
      amount: { type: "string" },
      currency: { type: "string" },
    },
    strict: true,
  });
  if (values.help === true) {
    process.stdout.write(checkCallbacksUsage);
    return 0;
  }
  if (values.url === undefined) throw new Error("--url: required (your callback endpoint)");
  if (values["control-key"] === undefined)
    throw new Error("--control-key: required (the merchant control key your endpoint verifies with)");
  const timeoutMs = values["timeout-ms"] === undefined ? undefined : Number(values["timeout-ms"]);
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0))
    throw new Error("--timeout-ms: expected a positive number");
  const given = ORDER_FLAGS.filter((flag) => values[flag] !== undefined);
  const missing = ORDER_FLAGS.filter((flag) => values[flag] === undefined);
  const named = (flags: readonly string[]) => flags.map((flag) => `--${flag}`).join(", ");
  if (given.length > 0 && missing.length > 0)
    throw new Error(`${named(missing)}: required with ${named(given)} (the four name one order your shop holds)`);
  const report = await checkCallbackEndpoint(values.url, {
    controlKey: values["control-key"],
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(missing.length > 0
      ? {}
      : {
          order: {
            client_orderid: values["client-orderid"] ?? "",
            orderid: values.orderid ?? "",
            amount: values.amount ?? "",
            currency: values.currency ?? "",
          },
        }),
  });
  process.stdout.write(values.json === true ? `${JSON.stringify(report, null, 2)}\n` : reportLines(report));
  return report.ok ? 0 : 1;
}
