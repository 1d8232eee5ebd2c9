import { parseArgs } from "node:util";
import { ADMIN_TOKEN_VARIABLE, adminTokenOf, runAdminRequest, sandboxBaseOf } from "./admin-request.js";

/** Usage of `card-processing-sandbox orders`. */
export const ordersUsage = `Usage: card-processing-sandbox orders [--limit N] [--cursor C] [--status S] [--q ID]
                                      [--url URL] [--admin-token TOKEN]

Prints one page of a running sandbox's orders as JSON, newest first, with the cursor of the next.

  --limit N             orders on the page, 1 to 500 (default 50)
  --cursor C            the next_cursor of the page before
  --status STATUS       only orders in this status (approved, declined, processing...)
  --q ID                only the order whose orderid or client_orderid is ID
  --url URL             the sandbox's address (default http://127.0.0.1:8080/paynet; /paynet is
                        added to an address without a path)
  --admin-token TOKEN   the admin token the sandbox printed (when it listens beyond 127.0.0.1);
                        default: the environment variable ${ADMIN_TOKEN_VARIABLE}
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
  const query = new URLSearchParams();
  for (const name of ["limit", "cursor", "status", "q"] as const) {
    const value = values[name];
    if (value !== undefined) query.set(name, value);
  }
  return runAdminRequest("orders", sandboxBaseOf(values.url), "orders", adminTokenOf(values["admin-token"]), {
    method: "GET",
    query,
  });
}
