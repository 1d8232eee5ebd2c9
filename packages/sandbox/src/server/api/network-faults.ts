import { operationTable } from "@card-processing/types";

/**
 * The ways a network between a shop and its gateway loses a reply, as the sandbox can play them.
 * `processes` says whether the gateway acts on the request before the fault: after a `reset-after`
 * the order exists and a status query finds it; after a `reset-before` there is no trace of it.
 */
export const faultKinds = {
  "reset-before": { processes: false, says: "connection reset before the request reached the gateway" },
  "reset-after": { processes: true, says: "request processed, then the connection reset before the reply" },
  delay: { processes: true, says: "request processed, reply held back" },
  truncate: { processes: true, says: "request processed, reply cut halfway (no Content-Length, connection closed)" },
  "http-502": { processes: false, says: "an HTTP 502 page from a proxy; the gateway never saw the request" },
  "http-503": { processes: false, says: "an HTTP 503 page from a proxy; the gateway never saw the request" },
  "http-504": { processes: true, says: "request processed, then an HTTP 504 page from a proxy that stopped waiting" },
  "garbage-200": { processes: true, says: "request processed, then an HTTP 200 whose body is not a gateway reply" },
} as const;

/** One of the network faults the sandbox can play: see {@link faultKinds}. */
export type FaultKind = keyof typeof faultKinds;

/** How long a `delay` fault holds the reply when no `delayMs` is given: past a client's usual timeout. */
export const defaultFaultDelayMs = 35_000;

/**
 * A fault to play on the next matching API request(s).
 *
 * @example
 * ```ts
 * import type { FaultRequest } from "@card-processing/sandbox";
 * const lostSaleReply: FaultRequest = { kind: "reset-after", operation: "sale", count: 1 };
 * ```
 */
export interface FaultRequest {
  readonly kind: FaultKind;
  /** The operation it applies to, by its name in the spec (`sale`, `status`...). Default: any. */
  readonly operation?: string;
  /** How many matching requests it breaks. Default 1. */
  readonly count?: number;
  /** How long a `delay` holds the reply, real time. Default 35 000 ms. */
  readonly delayMs?: number;
}

/**
 * Faults played at random on API requests, for soak tests: each request draws once, and the
 * rates (each 0..1, summing to at most 1) say how likely each kind is. The same `seed` and the
 * same sequence of requests give the same faults.
 *
 * @example
 * ```ts
 * import type { FaultRates } from "@card-processing/sandbox";
 * const soak: FaultRates = { rates: { "reset-after": 0.05, delay: 0.02 }, seed: 7, delayMs: 2_000 };
 * const refundsOnly: FaultRates = { rates: { "reset-after": 0.2 }, operations: ["return"] };
 * ```
 */
export interface FaultRates {
  readonly rates: Readonly<Partial<Record<FaultKind, number>>>;
  /**
   * The operations whose requests draw a fault, by their names in the spec (`sale`, `return`...);
   * the others never meet one. Default: every operation.
   */
  readonly operations?: readonly string[];
  readonly seed?: number | string;
  /** How long a `delay` holds the reply, real time. Default 35 000 ms. */
  readonly delayMs?: number;
}

/**
 * A fault waiting in the queue.
 *
 * @example
 * ```ts
 * import type { QueuedFault } from "@card-processing/sandbox";
 * const shown = (fault: QueuedFault) => `${fault.kind} x${fault.remaining} on ${fault.operation ?? "any operation"}`;
 * ```
 */
export interface QueuedFault {
  readonly id: number;
  readonly kind: FaultKind;
  readonly operation: string | undefined;
  readonly remaining: number;
  readonly delayMs: number;
}

/**
 * A fault the sandbox played: on which request, and for which order when the gateway processed
 * it (or the `client_orderid` it carried when it did not).
 *
 * @example
 * ```ts
 * import type { PlayedFault } from "@card-processing/sandbox";
 * const line = (fault: PlayedFault) => `${fault.kind} on ${fault.operation} ${fault.client_orderid ?? ""}`;
 * ```
 */
export interface PlayedFault {
  readonly at: string;
  readonly kind: FaultKind;
  readonly operation: string;
  readonly processed: boolean;
  readonly orderid: string | undefined;
  readonly client_orderid: string | undefined;
}

/** A fault request the sandbox cannot queue, with the field it names. */
export class FaultRefusedError extends Error {
  override name = "FaultRefusedError";
}

const operationNames: ReadonlySet<string> = new Set(Object.values(operationTable).map((entry) => entry.operationId));
const playedKept = 200;

/** `kind` as a fault kind, or a refusal naming the field and the kinds there are. */
export function faultKindOf(kind: string, field = "kind"): FaultKind {
  if (Object.hasOwn(faultKinds, kind)) return kind as FaultKind;
  throw new FaultRefusedError(
    `${field} '${kind.slice(0, 40)}' is not a network fault: use one of ${Object.keys(faultKinds).join(", ")}`,
  );
}

/** `operation` as the name of an operation of the API, or a refusal naming the field and how to name one. */
export function operationNameOf(operation: string, field = "operation"): string {
  if (operationNames.has(operation)) return operation;
  throw new FaultRefusedError(
    `${field} '${operation.slice(0, 40)}' is not an operation of the API: use its name in the spec, such as sale or status`,
  );
}

function wholeNumber(value: number | undefined, field: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new FaultRefusedError(`${field} must be a whole number from 1 to ${max}, got ${String(value).slice(0, 40)}`);
  }
  return value;
}

/**
 * Checks rates the way the sandbox's option and the CLI's `--faults` need them: known kinds, 0..1,
 * sum ≤ 1, and operations (when given) that the API has, at least one.
 */
export function checkFaultRates(faults: FaultRates): void {
  let sum = 0;
  for (const [kind, rate] of Object.entries(faults.rates)) {
    faultKindOf(kind, "faults.rates key");
    if (typeof rate !== "number" || !(rate >= 0 && rate <= 1)) {
      throw new FaultRefusedError(
        `faults.rates.${kind} must be a number from 0 to 1, got ${String(rate).slice(0, 40)}`,
      );
    }
    sum += rate;
  }
  if (sum > 1 + 1e-9) throw new FaultRefusedError(`faults.rates add up to ${sum.toFixed(3)}: at most 1 in all`);
  if (faults.operations !== undefined) {
    if (!Array.isArray(faults.operations) || faults.operations.length === 0) {
      throw new FaultRefusedError("faults.operations must name at least one operation, such as sale or status");
    }
    for (const operation of faults.operations) operationNameOf(String(operation), "faults.operations entry");
  }
  wholeNumber(faults.delayMs, "faults.delayMs", defaultFaultDelayMs, 600_000);
}

/** A small seeded generator (mulberry32) so that a soak run with the same seed meets the same faults. */
function seededRandom(seed: number | string | undefined): () => number {
  let state = 0x9e3779b9;
  for (const char of String(seed ?? Date.now())) state = Math.imul(state ^ char.charCodeAt(0), 0x85ebca6b) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The fault chosen for one request. */
export interface ChosenFault {
  readonly kind: FaultKind;
  readonly delayMs: number;
}

/**
 * The sandbox's network faults: a queue of one-off faults (played first, oldest first, on the
 * operation they name) and optional rates, and the list of faults played.
 */
export class NetworkFaults {
  #queue: { id: number; kind: FaultKind; operation: string | undefined; remaining: number; delayMs: number }[] = [];
  #nextId = 1;
  #rates: FaultRates | undefined;
  #random: () => number;
  played: PlayedFault[] = [];

  constructor(rates: FaultRates | undefined) {
    if (rates !== undefined) checkFaultRates(rates);
    this.#rates = rates;
    this.#random = seededRandom(rates?.seed);
  }

  /** Queues a fault for the next matching request(s); refuses an unknown kind or operation, or a bad count. */
  next(request: FaultRequest): QueuedFault {
    const kind = faultKindOf(String(request.kind));
    if (request.operation !== undefined) operationNameOf(String(request.operation));
    const queued = {
      id: this.#nextId++,
      kind,
      operation: request.operation,
      remaining: wholeNumber(request.count, "count", 1, 10_000),
      delayMs: wholeNumber(request.delayMs, "delayMs", this.#rates?.delayMs ?? defaultFaultDelayMs, 600_000),
    };
    this.#queue.push(queued);
    return { ...queued };
  }

  /** The faults still queued, and the rates. */
  list(): {
    readonly queued: readonly QueuedFault[];
    readonly rates: FaultRates["rates"];
    readonly played: readonly PlayedFault[];
  } {
    return { queued: this.#queue.map((q) => ({ ...q })), rates: this.#rates?.rates ?? {}, played: this.played };
  }

  /** Empties the queue and the list of faults played; the rates stay. */
  clear(): void {
    this.#queue = [];
    this.played = [];
  }

  /**
   * The fault to play on a request for `operation`, if any: a queued one first, else one drawn by
   * rate when the rates cover that operation.
   */
  choose(operation: string): ChosenFault | undefined {
    const index = this.#queue.findIndex((q) => q.operation === undefined || q.operation === operation);
    const queued = this.#queue[index];
    if (queued !== undefined) {
      queued.remaining -= 1;
      if (queued.remaining === 0) this.#queue.splice(index, 1);
      return { kind: queued.kind, delayMs: queued.delayMs };
    }
    if (this.#rates === undefined) return undefined;
    if (this.#rates.operations !== undefined && !this.#rates.operations.includes(operation)) return undefined;
    const draw = this.#random();
    let upTo = 0;
    for (const [kind, rate] of Object.entries(this.#rates.rates)) {
      upTo += rate ?? 0;
      if (draw < upTo) return { kind: kind as FaultKind, delayMs: this.#rates.delayMs ?? defaultFaultDelayMs };
    }
    return undefined;
  }

  /** Keeps a played fault (the newest 200). */
  record(played: PlayedFault): void {
    this.played.push(played);
    if (this.played.length > playedKept) this.played.shift();
  }
}
