import { callbackControl } from "@card-processing/signing";

/** One callback the check sends: its parameters, signed unless told otherwise, and how. */
export interface ProbeCallback {
  readonly status: string;
  readonly orderid: string;
  readonly client_orderid: string;
  readonly [name: string]: string;
}

/** What the endpoint did with one callback. */
export interface ProbeAnswer {
  readonly httpStatus?: number;
  /** The first 80 characters of the answer's body. */
  readonly body?: string;
  readonly error?: string;
  readonly ms: number;
}

/**
 * The query of a callback as the gateway sends it: `merchant_order` from `client_orderid`, and
 * `control` from signing's `callbackControl`, the one implementation of the callback signature.
 */
export async function signedQuery(params: ProbeCallback, controlKey: string): Promise<URLSearchParams> {
  const query = new URLSearchParams({ merchant_order: params.client_orderid, ...params });
  query.set("control", await callbackControl(params, controlKey));
  return query;
}

/** Sends `query` to `url` by GET, as the gateway sends a callback, and reports the answer within `timeoutMs`. */
export async function sendProbe(url: string, query: URLSearchParams, timeoutMs: number): Promise<ProbeAnswer> {
  const target = new URL(url);
  for (const [name, value] of query) target.searchParams.set(name, value);
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(target, { method: "GET", redirect: "manual", signal });
    const body = (await response.text()).slice(0, 80).replace(/\s+/g, " ");
    return { httpStatus: response.status, body, ms: Math.round(performance.now() - started) };
  } catch (cause) {
    const error = signal.aborted
      ? `no answer within ${timeoutMs} ms`
      : cause instanceof Error
        ? cause.cause instanceof Error
          ? cause.cause.message
          : cause.message
        : String(cause);
    return { error, ms: Math.round(performance.now() - started) };
  }
}

/** The answer in a few words: `HTTP 200 "OK" in 4 ms` or the error. */
export function describeAnswer(answer: ProbeAnswer): string {
  if (answer.httpStatus === undefined) return answer.error ?? "no answer";
  return `HTTP ${answer.httpStatus}${answer.body ? ` ${JSON.stringify(answer.body)}` : ""} in ${answer.ms} ms`;
}
