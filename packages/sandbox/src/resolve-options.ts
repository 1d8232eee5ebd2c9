import { generateKeyPairSync, randomBytes } from "node:crypto";
import { safeLogger } from "./safe-logger.js";
import type { ResolvedOptions, SandboxOptions } from "./sandbox-options.js";

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw new TypeError(`${name}: expected a number of at least 0, got ${String(value)}`);
  }
  return value;
}

/** Applies the defaults of `SandboxOptions`, generating the credentials that were not given. */
export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  let publicKey = options.publicKey;
  let privateKeyPem: string | undefined;
  if (publicKey === undefined) {
    const pair = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    publicKey = pair.publicKey;
    privateKeyPem = pair.privateKey;
  }
  const endpointIds = (options.endpointIds ?? [1111]).map(String);
  for (const id of endpointIds) {
    if (!/^[0-9]+$/.test(id)) throw new TypeError(`endpointIds: expected integers, got ${JSON.stringify(id)}`);
  }
  const retry = options.callbackRetry ?? {};
  return {
    port: nonNegative("port", options.port, 0),
    host: options.host ?? "127.0.0.1",
    login: options.login ?? "sandbox-merchant",
    controlKey: options.controlKey ?? randomBytes(16).toString("hex").toUpperCase(),
    publicKey,
    privateKeyPem,
    endpointIds: new Set(endpointIds),
    latencyMs: nonNegative("latencyMs", options.latencyMs, 100),
    settleDelayMs: nonNegative("settleDelayMs", options.settleDelayMs, 60_000),
    callbackRetry: {
      attempts: Math.max(1, Math.floor(nonNegative("callbackRetry.attempts", retry.attempts, 6))),
      initialDelayMs: nonNegative("callbackRetry.initialDelayMs", retry.initialDelayMs, 250),
      factor: nonNegative("callbackRetry.factor", retry.factor, 2),
      maxDelayMs: nonNegative("callbackRetry.maxDelayMs", retry.maxDelayMs, 5_000),
      timeoutMs: nonNegative("callbackRetry.timeoutMs", retry.timeoutMs, 5_000),
    },
    oauthWindowSeconds: nonNegative("oauthWindowSeconds", options.oauthWindowSeconds, 300),
    log: options.logger === undefined ? () => {} : safeLogger(options.logger),
  };
}
