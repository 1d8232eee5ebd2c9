import type { CallbackDelivery, CallbackDispatcher } from "./callback-dispatcher.js";

/**
 * Which callback {@link Sandbox.waitForCallback} waits for: one of order `orderid`, of callback
 * `type` (`sale`, `reversal`, `chargeback`...) and `status` when given.
 *
 * @example
 * ```ts
 * import type { CallbackMatch } from "@card-processing/sandbox";
 * const refund: CallbackMatch = { orderid: "1000001", type: "reversal" };
 * ```
 */
export interface CallbackMatch {
  readonly orderid: string;
  readonly type?: string;
  readonly status?: string;
}

function matches(delivery: CallbackDelivery, match: CallbackMatch): boolean {
  return (
    delivery.orderid === match.orderid &&
    (match.type === undefined || delivery.type === match.type) &&
    (match.status === undefined || delivery.status === match.status)
  );
}

/**
 * Resolves with the first delivery matching `match` that was answered 200: one already delivered,
 * or the next as the dispatcher reports it. Rejects after `timeoutMs` of real time, naming what
 * the order's callbacks did meanwhile.
 */
export function waitForCallback(
  dispatcher: CallbackDispatcher,
  match: CallbackMatch,
  timeoutMs: number,
): Promise<CallbackDelivery> {
  if (typeof match?.orderid !== "string" || match.orderid === "") {
    return Promise.reject(
      new TypeError("waitForCallback: expected { orderid } with the gateway's orderid of the order"),
    );
  }
  const done = dispatcher.deliveries.find((d) => d.state === "delivered" && matches(d, match));
  if (done !== undefined) return Promise.resolve(done);
  return new Promise((resolve, reject) => {
    const stop = dispatcher.onDelivered((delivery) => {
      if (!matches(delivery, match)) return;
      clearTimeout(timer);
      stop();
      resolve(delivery);
    });
    const timer = setTimeout(() => {
      stop();
      const seen = dispatcher.deliveries
        .filter((d) => d.orderid === match.orderid)
        .map(
          (d) =>
            `#${d.id} ${d.type} ${d.status} ${d.state}${d.attempts.length === 0 ? "" : ` (last answer: ${String(d.attempts.at(-1)?.httpStatus ?? d.attempts.at(-1)?.error)})`}`,
        );
      const wanted = [match.type, match.status].filter((v) => v !== undefined).join(" ");
      reject(
        new Error(
          `waitForCallback: no ${wanted === "" ? "" : `${wanted} `}callback of order ${match.orderid} was answered 200 within ${timeoutMs} ms; ` +
            (seen.length === 0
              ? "none was sent (did the request carry server_callback_url? with a manual clock, advance it)"
              : `sent: ${seen.join("; ")}`),
        ),
      );
    }, timeoutMs);
  });
}
