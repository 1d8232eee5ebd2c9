import { parseArgs } from "node:util";

/** Usage of `card-processing-sandbox orders`. */
export const ordersUsage = `Usage: card-processing-sandbox orders [options]

Prints one page of a running sandbox's orders as JSON, newest first, with the cursor of the next.

  --limit N             orders on the page, 1 to 500 (default 50)
  --cursor C            the next_cursor of the page before
  --status STATUS       only orders in this status (approved, declined, processing...)
  --q ID                only the order whose orderid or client_orderid is ID
  --url URL             the sandbox's base address (default http://127.0.0.1:8080/paynet)
  --admin-token TOKEN   the admin token the sandbox printed (when it listens beyond 127.0.0.1)
`;

/** Runs `orders` with `args` (after the subcommand); resolves to the process exit code. */
export async function runOrders(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      limit: { type: "string" },
      cursor: { type: "string" },
      status: { type: "string" },
      q: { type: "string" },
      url: { type: "string" },
      "admin-token": { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help === true) {
    process.stdout.write(ordersUsage);
    return 0;
  }
  const base = new URL(values.url ?? "http://127.0.0.1:8080/paynet");
  const target = new URL(`${base.pathname.replace(/\/$/, "")}/_admin/orders`, base);
  for (const name of ["limit", "cursor", "status", "q"] as const) {
    const value = values[name];
    if (value !== undefined) target.searchParams.set(name, value);
  }
  const token = values["admin-token"];
  const response = await fetch(target, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) {
    process.stderr.write(
      `card-processing-sandbox orders: ${String(body["error-message"] ?? `HTTP ${response.status}`)}\n`,
    );
    return 1;
  }
  process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
  return 0;
}
