import { parseArgs } from "node:util";
import { ADMIN_TOKEN_VARIABLE, adminTokenOf, runAdminRequest, sandboxBaseOf } from "./admin-request.js";

/** Usage of `card-processing-sandbox trigger`. */
export const triggerUsage = `Usage: card-processing-sandbox trigger TYPE --order ORDERID [--amount 5.00] [--status S]
                                       [--url URL] [--admin-token TOKEN]

Brings an event to an order of a running sandbox and prints the event as JSON.
TYPE is chargeback, reversal, fraud, retrieval or status-change.

  --order ID            the order's orderid (paynet-order-id)
  --amount 5.00         partial amount (chargeback, reversal, fraud, retrieval); default: all that is left
  --status STATUS       the new final status (status-change only)
  --url URL             the sandbox's address (default http://127.0.0.1:8080/paynet; /paynet is
                        added to an address without a path)
  --admin-token TOKEN   the admin token the sandbox printed (when it listens beyond 127.0.0.1);
                        default: the environment variable ${ADMIN_TOKEN_VARIABLE}
`;

/** Runs `trigger` with `args` (after the subcommand); resolves to the process exit code. */
export async function runTrigger(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      order: { type: "string" },
      amount: { type: "string" },
      status: { type: "string" },
      url: { type: "string" },
      "admin-token": { type: "string" },
      help: { type: "boolean" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help === true) {
    process.stdout.write(triggerUsage);
    return 0;
  }
  const [type, ...extra] = positionals;
  if (type === undefined || extra.length > 0)
    throw new Error(
      `trigger: expected one event type, got ${positionals.length === 0 ? "none" : positionals.join(" ")}`,
    );
  if (values.order === undefined || !/^[0-9]+$/.test(values.order))
    throw new Error(`--order: expected a numeric orderid, got ${JSON.stringify(values.order ?? "")}`);
  const form = new URLSearchParams({ type });
  if (values.amount !== undefined) form.set("amount", values.amount);
  if (values.status !== undefined) form.set("status", values.status);
  return runAdminRequest(
    "trigger",
    sandboxBaseOf(values.url),
    `orders/${values.order}/events`,
    adminTokenOf(values["admin-token"]),
    { method: "POST", body: form },
  );
}
