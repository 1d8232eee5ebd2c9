/** The environment variable the CLI reads the admin token from when `--admin-token` is not given. */
export const ADMIN_TOKEN_VARIABLE = "CARD_PROCESSING_SANDBOX_ADMIN_TOKEN";

/** The admin token of `--admin-token`, else of the environment variable, else `undefined`. */
export function adminTokenOf(flag: string | undefined): string | undefined {
  const token = flag ?? process.env[ADMIN_TOKEN_VARIABLE];
  return token === undefined || token === "" ? undefined : token;
}

/**
 * The sandbox's base address of `--url`: `/paynet` is added to an address without a path (what
 * the banner's host and port look like), and another path is refused, since the admin routes
 * live only under `/paynet`.
 */
export function sandboxBaseOf(text: string | undefined): URL {
  const url = URL.parse(text ?? "http://127.0.0.1:8080/paynet");
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new Error(`--url: expected the sandbox's address, such as http://127.0.0.1:8080/paynet, got ${text}`);
  const path = url.pathname.replace(/\/+$/, "");
  if (path === "") url.pathname = "/paynet";
  else if (path.endsWith("/paynet")) url.pathname = path;
  else
    throw new Error(
      `--url: expected the sandbox's address ending in /paynet (or none, and /paynet is added), got the path ${url.pathname}`,
    );
  return url;
}

/** Why a request did not reach the sandbox, with what to do for the usual causes. */
function unreachable(target: URL, error: unknown): Error {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const hint = /certificate/i.test(reason)
    ? " (a sandbox with a certificate of its own: NODE_EXTRA_CA_CERTS=FILE names it to Node)"
    : "";
  return new Error(`cannot reach the sandbox at ${target.origin}: ${reason}${hint}`, { cause: error });
}

/**
 * Sends one admin request of `command` (`orders`, `trigger`) to `path` under the sandbox's base
 * address and writes its JSON answer to stdout; resolves to the exit code (0, or 1 when the
 * sandbox refused, its reason on stderr).
 */
export async function runAdminRequest(
  command: string,
  base: URL,
  path: string,
  token: string | undefined,
  init: { readonly method: "GET" | "POST"; readonly body?: URLSearchParams; readonly query?: URLSearchParams },
): Promise<number> {
  const target = new URL(`${base.pathname}/_admin/${path}`, base);
  if (init.query !== undefined) target.search = init.query.toString();
  const response = await fetch(target, {
    method: init.method,
    ...(init.body === undefined ? {} : { body: init.body }),
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  }).catch((error: unknown) => {
    throw unreachable(target, error);
  });
  const text = await response.text();
  const body = parsedObject(text);
  const fail = (message: string) => {
    process.stderr.write(`card-processing-sandbox ${command}: ${message}\n`);
    return 1;
  };
  if (response.status === 401)
    return fail(
      token === undefined
        ? `the sandbox at ${base.origin} requires its admin token: pass --admin-token TOKEN or set ${ADMIN_TOKEN_VARIABLE}`
        : `the sandbox at ${base.origin} refused the admin token of ${process.env[ADMIN_TOKEN_VARIABLE] === token ? ADMIN_TOKEN_VARIABLE : "--admin-token"}: it is not the one it requires`,
    );
  if (body === undefined)
    return fail(`${target.href} answered HTTP ${response.status} with no JSON: is --url the sandbox's address?`);
  if (response.status !== 200) return fail(String(body["error-message"] ?? `HTTP ${response.status}`));
  process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
  return 0;
}

/** `text` as a JSON object, or `undefined` when it is not one (a proxy's page, another server's 404). */
function parsedObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
