import { parseArgs } from "node:util";

/** Usage of `card-processing-sandbox trigger`. */
export const triggerUsage = `Usage: card-processing-sandbox trigger TYPE --order ORDERID [options]

Brings an event to an order of a running sandbox and prints the event as JSON.
TYPE is chargeback, reversal, fraud, retrieval or status-change.

  --order ID            the order's orderid (paynet-order-id)
  --amount 5.00         partial amount (chargeback, reversal, fraud, retrieval); default: all that is left
  --status STATUS       the new final status (status-change only)
  --url URL             the sandbox's base address (default http://127.0.0.1:8080/paynet)
  --admin-token TOKEN   the admin token the sandbox printed (when it listens beyond 127.0.0.1)
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
  const base = new URL(values.url ?? "http://127.0.0.1:8080/paynet");
  const form = new URLSearchParams({ type });
  if (values.amount !== undefined) form.set("amount", values.amount);
  if (values.status !== undefined) form.set("status", values.status);
  const target = new URL(`${base.pathname.replace(/\/$/, "")}/_admin/orders/${values.order}/events`, base);
  const token = values["admin-token"];
  const response = await fetch(target, {
    method: "POST",
    body: form,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) {
    process.stderr.write(
      `card-processing-sandbox trigger: ${String(body["error-message"] ?? `HTTP ${response.status}`)}\n`,
    );
    return 1;
  }
  process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
  return 0;
}
