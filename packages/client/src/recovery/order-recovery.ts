import type { FinalStatus } from "@card-processing/types";
import type { GatewayResult } from "../errors/gateway-result.js";
import { OrderNotFoundError } from "../errors/order-not-found-error.js";
import { sleepUnlessAborted } from "../polling/aborted-call.js";
import { type PollClock, type PollingSchedule, systemClock } from "../polling/polling-schedule.js";
import type { GatewayReply } from "../transport/gateway-call.js";

/**
 * What {@link Gateway.recoverOrder} learned of an order whose outcome was unknown: the gateway
 * never received it (`found: false`: sending it again with the same `client_orderid` is safe),
 * or it did, and this is its final status.
 *
 * @example
 * ```ts
 * import type { OrderRecovery } from "@card-processing/client";
 * const next = (r: OrderRecovery) => (r.found ? `order ${r.orderid} is ${r.status}` : "send it again");
 * ```
 */
export type OrderRecovery =
  | { readonly found: false; readonly clientOrderId: string }
  | {
      readonly found: true;
      readonly clientOrderId: string;
      readonly orderid: string;
      readonly status: FinalStatus;
      /** The final status reply. */
      readonly reply: GatewayReply<"status"> & { readonly status: FinalStatus };
    };

/** The gateway's answer to waiting for an order's final status. */
type FinalStatusResult = GatewayResult<GatewayReply<"status"> & { readonly status: FinalStatus }>;

/**
 * Finds out what became of an order after an unknown outcome, by status queries that ride out
 * transient failures. "Not found" counts once it has been answered twice, the schedule's first
 * delay apart: a request still on its way through a slow network may reach the gateway just after
 * a first look. A `signal` that ends it gives a `TimeoutError` (`ERR_ABORTED`, outcome
 * `"unknown"`), as `error`: the order stays to be recovered later.
 */
export async function recoverOrder(
  waitForFinal: () => Promise<FinalStatusResult>,
  clientOrderId: string,
  options: {
    readonly schedule: PollingSchedule;
    readonly clock?: PollClock | undefined;
    readonly signal?: AbortSignal | undefined;
  },
): Promise<GatewayResult<OrderRecovery>> {
  const { schedule } = options;
  const clock = options.clock ?? systemClock;
  for (let notFound = 0; ; ) {
    const result = await waitForFinal();
    if (result.error instanceof OrderNotFoundError && result.response !== undefined) {
      notFound += 1;
      if (notFound >= 2) return { data: { found: false, clientOrderId }, response: result.response };
      const aborted = await sleepUnlessAborted(clock, schedule.firstDelayMs[0], options.signal, "recoverOrder");
      if (aborted) return { error: aborted, response: result.response };
      continue;
    }
    if (result.error) return result;
    const reply = result.data;
    return {
      data: { found: true, clientOrderId, orderid: String(reply["paynet-order-id"]), status: reply.status, reply },
      response: result.response,
    };
  }
}
