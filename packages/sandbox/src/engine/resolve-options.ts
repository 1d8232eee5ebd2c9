import { generateKeyPairSync } from "node:crypto";
import { backoffSchedule, documentedSchedule, type RetrySchedule } from "../delivery/retry-schedule.js";
import { IdSource } from "./id-source.js";
import { safeLogger } from "./safe-logger.js";
import type { ClockMode } from "./sandbox-clock.js";
import type { CallbackRetryOptions, ResolvedOptions, SandboxOptions } from "./sandbox-options.js";

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
    throw new TypeError(`${name}: expected a number of at least 0, got ${String(value)}`);
  }
  return value;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const result = nonNegative(name, value, fallback);
  if (result === 0 || !Number.isFinite(result))
    throw new TypeError(`${name}: expected a finite number above 0, got ${String(value)}`);
  return result;
}

function clockModeOf(mode: SandboxOptions["clock"]): ClockMode {
  if (mode === undefined || mode === "real" || mode === "manual") return mode ?? "real";
  throw new TypeError(`clock: expected "real" or "manual", got ${JSON.stringify(mode)}`);
}

function retryScheduleOf(retry: CallbackRetryOptions): RetrySchedule {
  const attempts =
    retry.attempts === undefined
      ? undefined
      : Math.max(1, Math.floor(nonNegative("callbackRetry.attempts", retry.attempts, 1)));
  if (retry.initialDelayMs === undefined && retry.factor === undefined && retry.maxDelayMs === undefined)
    return documentedSchedule(attempts);
  return backoffSchedule(
    attempts ?? 6,
    nonNegative("callbackRetry.initialDelayMs", retry.initialDelayMs, 250),
    nonNegative("callbackRetry.factor", retry.factor, 2),
    nonNegative("callbackRetry.maxDelayMs", retry.maxDelayMs, 5_000),
  );
}

function chaosWindowOf(chaos: SandboxOptions["callbackChaos"]): number | undefined {
  if (chaos === undefined || chaos === false) return undefined;
  return nonNegative("callbackChaos.windowMs", chaos === true ? undefined : chaos.windowMs, 2_000);
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
    controlKey: options.controlKey ?? new IdSource(options.seed).hex(16).toUpperCase(),
    publicKey,
    privateKeyPem,
    endpointIds: new Set(endpointIds),
    latencyMs: nonNegative("latencyMs", options.latencyMs, 100),
    settleDelayMs: nonNegative("settleDelayMs", options.settleDelayMs, 60_000),
    callbackSchedule: retryScheduleOf(retry),
    callbackTimeoutMs: nonNegative("callbackRetry.timeoutMs", retry.timeoutMs, 5_000),
    oauthWindowSeconds: nonNegative("oauthWindowSeconds", options.oauthWindowSeconds, 300),
    classicReplies: options.classicReplies === true,
    returnBeforeOutcome: options.returnBeforeOutcome === true,
    clock: clockModeOf(options.clock),
    timeScale: positive("timeScale", options.timeScale, 1),
    callbackChaosWindowMs: chaosWindowOf(options.callbackChaos),
    seed: options.seed,
    log: options.logger === undefined ? () => {} : safeLogger(options.logger),
  };
}
