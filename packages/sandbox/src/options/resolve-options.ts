import { CONTROL_AMOUNTS, type ControlAmounts } from "@card-processing/signing";
import { exampleMerchant } from "@card-processing/types";
import { defaultCallbackTimeoutMs } from "../delivery/callback-timeout.js";
import { backoffSchedule, documentedSchedule, type RetrySchedule } from "../delivery/retry-schedule.js";
import type { ResolvedOptions } from "../engine/resolved-options.js";
import type { ClockMode } from "../engine/time/sandbox-clock.js";
import { IdSource } from "../engine/values/id-source.js";
import { exampleMerchantRsaKeys, usesExampleMerchant } from "./example-merchant-keys.js";
import { rsaKeysOf } from "./rsa-key-pair.js";
import { safeLogger } from "./safe-logger.js";
import type { CallbackRetryOptions, DuplicateClientOrderId, SandboxOptions } from "./sandbox-options.js";

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

function duplicateRuleOf(rule: SandboxOptions["duplicateClientOrderId"]): DuplicateClientOrderId {
  if (rule === undefined || rule === "new-order" || rule === "replay") return rule ?? "new-order";
  throw new TypeError(`duplicateClientOrderId: expected "new-order" or "replay", got ${JSON.stringify(rule)}`);
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

/** The `controlAmounts` option, or the error naming its two values. */
function controlAmountsOf(value: unknown): ControlAmounts {
  if (value === undefined) return "iso-4217";
  if (CONTROL_AMOUNTS.includes(value as ControlAmounts)) return value as ControlAmounts;
  throw new TypeError(`controlAmounts: expected ${CONTROL_AMOUNTS.join(" or ")}, got ${JSON.stringify(value)}`);
}

/**
 * Applies the defaults of `SandboxOptions`: on loopback with no key given, the example merchant's
 * credentials; otherwise it generates the credentials that were not given.
 */
export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const example = usesExampleMerchant(options);
  const keys = example ? exampleMerchantRsaKeys : rsaKeysOf(options.publicKey);
  const endpointIds = (options.endpointIds ?? [1111]).map(String);
  for (const id of endpointIds) {
    if (!/^[0-9]+$/.test(id)) throw new TypeError(`endpointIds: expected integers, got ${JSON.stringify(id)}`);
  }
  const endpointGroupIds = (options.endpointGroupIds ?? []).map(String);
  for (const id of endpointGroupIds) {
    if (!/^[0-9]+$/.test(id)) throw new TypeError(`endpointGroupIds: expected integers, got ${JSON.stringify(id)}`);
    // A group's orders are kept under its id, as an endpoint's are: one id cannot name both.
    if (endpointIds.includes(id)) throw new TypeError(`endpointGroupIds: ${id} is also one of endpointIds`);
  }
  const retry = options.callbackRetry ?? {};
  return {
    port: nonNegative("port", options.port, 0),
    host: options.host ?? "127.0.0.1",
    login: options.login ?? exampleMerchant.login,
    controlKey:
      options.controlKey ?? (example ? exampleMerchant.controlKey : new IdSource(options.seed).hex(16).toUpperCase()),
    // Getters: the key pair is generated when first read (a v4 request, or the Sandbox's properties).
    get publicKey() {
      return keys.publicKey();
    },
    get privateKeyPem() {
      return keys.privateKeyPem();
    },
    endpointIds: new Set(endpointIds),
    endpointGroupIds: new Set(endpointGroupIds),
    latencyMs: nonNegative("latencyMs", options.latencyMs, 100),
    settleDelayMs: nonNegative("settleDelayMs", options.settleDelayMs, 60_000),
    callbackSchedule: retryScheduleOf(retry),
    callbackTimeoutMs: nonNegative("callbackRetry.timeoutMs", retry.timeoutMs, defaultCallbackTimeoutMs),
    oauthWindowSeconds: nonNegative("oauthWindowSeconds", options.oauthWindowSeconds, 300),
    classicReplies: options.classicReplies === true,
    controlAmounts: controlAmountsOf(options.controlAmounts),
    returnBeforeOutcome: options.returnBeforeOutcome === true,
    pageLifetimeMs: pageLifetimeOf(options.pageLifetimeMs),
    clock: clockModeOf(options.clock),
    timeScale: positive("timeScale", options.timeScale, 1),
    callbackChaosWindowMs: chaosWindowOf(options.callbackChaos),
    seed: options.seed,
    duplicateClientOrderId: duplicateRuleOf(options.duplicateClientOrderId),
    log: options.logger === undefined ? () => {} : safeLogger(options.logger),
    retention: {
      maxOrders: positiveWhole("maxOrders", options.maxOrders),
      maxAgeMs: positiveWhole("maxAgeMs", options.maxAgeMs),
    },
  };
}

/** How long a payment link takes a payment when `pageLifetimeMs` is not given: 30 minutes of sandbox time. */
const defaultPageLifetimeMs = 30 * 60_000;

function pageLifetimeOf(value: number | undefined): number {
  if (value === Number.POSITIVE_INFINITY) return value;
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 1))
    throw new TypeError(`pageLifetimeMs: expected a whole number of milliseconds from 1, or Infinity, got ${value}`);
  return value ?? defaultPageLifetimeMs;
}

function positiveWhole(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 1)
    throw new TypeError(`${name}: expected a whole number from 1, got ${value}`);
  return value;
}
