import { networkInterfaces } from "node:os";
import { isLoopback } from "../server/admin/admin-access.js";

/** `name` as a Host header writes it: an IPv6 address in brackets, lower case. */
function asHostName(name: string): string {
  return (name.includes(":") && !name.startsWith("[") ? `[${name}]` : name).toLowerCase();
}

/**
 * Whether a request's `Host` names the proxy, for its own routes (the findings page and JSON):
 * loopback, the interface it listens on, or, listening on every interface, one of this machine's
 * addresses. Any other name is a page elsewhere reaching the proxy through DNS rebinding, which
 * the proxy refuses with 403 as the sandbox refuses it on its admin routes.
 */
export function namesProxy(host: string | undefined, listenHost: string): boolean {
  const name = asHostName((host ?? "").replace(/:[0-9]+$/, ""));
  if (isLoopback(name)) return true;
  if (listenHost !== "0.0.0.0" && listenHost !== "::") return name === asHostName(listenHost);
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .some((address) => asHostName(address.address) === name);
}
