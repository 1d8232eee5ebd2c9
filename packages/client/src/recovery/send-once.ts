import type { GatewayError } from "../errors/gateway-error.js";
import type { GatewayFailure, GatewayResult } from "../errors/gateway-result.js";
import { NetworkError } from "../errors/network-error.js";
import { OutcomeUnknownError, type TransactionsBefore } from "../errors/outcome-unknown-error.js";
import { UsageError } from "../errors/usage-error.js";
import { systemClock } from "../polling/polling-schedule.js";
import { requestFacts } from "../replies/money-advice.js";
import type { CallOptions } from "../transport/gateway-call.js";
import type { RecoverOptions, RecoveryResult } from "./recovery.js";
import { checkCall } from "./send-once-checks.js";
import type { SendOnceOptions, SendOnceResult } from "./send-once-result.js";

/** What the loop needs of its gateway: a named operation, `recover`, and a follow-up's order as it stands. */
export interface OnceSender {
  send(operationId: string, body: object, call: CallOptions): Promise<GatewayResult<unknown>>;
  recover(error: GatewayError, options: RecoverOptions): Promise<RecoveryResult>;
  /** The transactions of the follow-up's types that `orderid` holds now, and where that read began. */
  transactionsBefore(
    operationId: string,
    orderid: string,
    options: RecoverOptions,
  ): Promise<GatewayResult<TransactionsBefore>>;
}

/**
 * Sends a request that moves money so that it takes effect exactly once: on a failure whose
 * outcome is unknown it asks `recover`, sends again only when that says the request did not take
 * effect, waits `retryAfterMs` and asks again while the gateway cannot tell, and stops within its
 * budget. Nothing is sent twice unless a recovery said the send before did not take effect.
 * Before a capture, return or void it reads the order's transactions of that type (one report
 * read), so that a recovery never takes one that existed before the send for its effect; when
 * they cannot be read, nothing is sent (a `NetworkError`, outcome `"not-applied"`).
 */
export async function sendOnce(
  gateway: OnceSender,
  operationId: unknown,
  body: unknown,
  options: SendOnceOptions = {},
): Promise<SendOnceResult<never>> {
  const entry = checkCall(operationId, body, options);
  const { signal, clock = systemClock } = options;
  const maxSends = options.sends ?? 3;
  const asksPerSend = options.recoveriesPerSend ?? 3;
  let sends = 0;
  let recoveries = 0;
  const facts = requestFacts(entry, body as Record<string, unknown>);
  let transactionsBefore: TransactionsBefore | undefined;
  if (entry.reportTypes.length > 0) {
    // What the order holds before the send: a recovery never takes one of those for its effect.
    const read = await gateway.transactionsBefore(entry.operationId, facts.orderid as string, {
      clock,
      signal,
      clockSkewMs: options.clockSkewMs,
    });
    if (read.error) return notReadBefore(read.error, facts);
    transactionsBefore = read.data;
  }
  const recoverOptions: RecoverOptions = { clock, signal, clockSkewMs: options.clockSkewMs, transactionsBefore };
  /** The outcome is unknown and stays so: what `recover` needs, from the request that may have left. */
  const unknown = (why: string, cause: unknown, last?: GatewayError): SendOnceResult<never> => {
    const error = new OutcomeUnknownError(
      `${entry.operationId} ${facts.clientOrderId}: outcome unknown after ${sends} send${sends === 1 ? "" : "s"} and ${recoveries} recover${recoveries === 1 ? "y" : "ies"} (${why}); send nothing again: pass this error to gateway.recover(error) later`,
      {
        ...facts,
        cause,
        request: last?.request,
        response: last?.response,
        sends,
        recoveries,
        failedAt: last?.failedAt ?? new Date(),
        transactionsBefore,
      },
    );
    return { error, response: last?.response };
  };
  for (;;) {
    sends += 1;
    let sent: GatewayResult<unknown>;
    try {
      sent = await gateway.send(entry.operationId, body as object, { signal });
    } catch (thrown) {
      // Misuse throws before anything leaves; a stop by the signal may come after the request left.
      if (signal?.aborted && !(thrown instanceof UsageError)) return unknown("stopped by the signal", thrown);
      throw thrown;
    }
    if (!sent.error) {
      const reply = sent.data as Record<string, unknown>;
      const serial = reply["serial-number"];
      return {
        data: {
          how: sends === 1 ? "sent" : "resent",
          reply: sent.data as never,
          orderid: String(reply["paynet-order-id"]),
          serialNumber: typeof serial === "string" ? serial : undefined,
          sends,
          recoveries,
        },
        response: sent.response,
      };
    }
    const lost = sent.error;
    // Refused, or known never to have left: nothing happened at the gateway.
    if (lost.outcome !== "unknown") return sent;
    // Ask until the gateway says whether it took effect; go round to send again only on `applied: false`.
    for (let ask = 1; ; ask++) {
      if (signal?.aborted) return unknown("stopped by the signal", signal.reason, lost);
      let recovered: RecoveryResult;
      try {
        recovered = await gateway.recover(lost, recoverOptions);
      } catch (thrown) {
        if (signal?.aborted) return unknown("stopped by the signal", thrown, lost);
        throw thrown;
      }
      recoveries += 1;
      // An aborted recovery may answer with its abort as `error`: that is the signal, not a refusal.
      if (signal?.aborted && recovered.data?.applied !== true)
        return unknown("stopped by the signal", signal.reason, lost);
      if (recovered.error)
        return unknown(`the gateway refused to be asked: ${recovered.error.message}`, recovered.error, lost);
      const found = recovered.data;
      if (found.applied === true) {
        return {
          data: {
            how: "recovered",
            recovery: found,
            orderid: found.orderid,
            serialNumber: found.serialNumber,
            sends,
            recoveries,
          },
          response: recovered.response,
        };
      }
      if (found.applied === false) break;
      if (ask >= asksPerSend) return unknown(`the gateway could not tell: ${found.reason}`, lost, lost);
      // A stop by the signal ends the wait; the next turn reports it.
      await clock.sleep(found.retryAfterMs, signal).catch((thrown: unknown) => {
        if (!signal?.aborted) throw thrown;
      });
    }
    if (sends >= maxSends) return notSent(lost, sends, recoveries);
  }
}

/** Every send was found not to have taken effect and none is left: safe to send the same request later. */
function notSent(last: GatewayFailure, sends: number, recoveries: number): SendOnceResult<never> {
  const { operationId, clientOrderId, orderid, amount, request, response } = last;
  const message = `${operationId} ${clientOrderId}: not sent after ${sends} tries, ${recoveries} recoveries found that none took effect (the last: ${last.message}); sending the same request later is safe`;
  const error = new NetworkError(message, {
    operationId,
    clientOrderId,
    orderid,
    amount,
    request,
    response,
    outcome: "not-applied",
    cause: last,
  });
  return { error, response };
}

/** A follow-up's order could not be read before sending: nothing was sent, and sending later is safe. */
function notReadBefore(failure: GatewayFailure, facts: ReturnType<typeof requestFacts>): SendOnceResult<never> {
  const message = `${facts.operationId} ${facts.clientOrderId}: not sent: the order's transactions could not be read first (${failure.message}), and without them a lost reply could not be told from an earlier ${facts.operationId} of the same amount; sending the same request later is safe`;
  const error = new NetworkError(message, { ...facts, outcome: "not-applied", cause: failure });
  return { error, response: failure.response };
}
