import { networkInterfaces } from "node:os";

/**
 * The base addresses others on the network reach a sandbox at that listens on every interface
 * (`host` `0.0.0.0`, or `::`): one for each of this machine's non-loopback addresses, on the port
 * and scheme of `url` (the sandbox's own, 127.0.0.1 one). Empty for any other host (its `url`
 * already names it) and on a machine with no network but loopback. IPv6 link-local addresses are
 * left out: they need a zone a browser will not take.
 */
export function teammateAddresses(host: string, url: string): string[] {
  if (host !== "0.0.0.0" && host !== "::") return [];
  const own = new URL(url);
  const addresses: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) {
      if (address.internal) continue;
      if (address.family === "IPv6" && (host === "0.0.0.0" || /^fe[89ab]/i.test(address.address))) continue;
      const name = address.family === "IPv6" ? `[${address.address}]` : address.address;
      addresses.push(`${own.protocol}//${name}${own.port === "" ? "" : `:${own.port}`}${own.pathname}`);
    }
  }
  return addresses;
}
