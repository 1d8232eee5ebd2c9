import { type ProbeCallback, signedQuery } from "./callback-probe.js";

/**
 * One callback of a case, ready to send: its query string. The gateway sends every callback as a
 * GET with its fields in the query (the spec's `serverCallback` webhook), and so does the check.
 */
export interface CaseStep {
  readonly query: URLSearchParams;
}

/** A case of the check: what it sends, what a correct endpoint answers, and what to fix when it does not. */
export interface CallbackCase {
  readonly name: string;
  /** `accepted`: every callback answered 200; `refused`: every callback answered 4xx. */
  readonly expects: "accepted" | "refused";
  /**
   * For a case whose callbacks differ from the order in what `control` does not cover: an order
   * the shop holds was given, so an endpoint that compares callbacks with its stored order may
   * also answer 409 (a conflict with the order), as the client's handler with `storedOrder` does.
   */
  readonly conflictWithStoredOrder?: true;
  readonly fix: string;
  steps(order: CallbackCheckOrder, controlKey: string): Promise<CaseStep[]>;
}

/**
 * The order a case's callbacks are about: one the check makes up for each case, so the cases do
 * not see each other's callbacks, or one the shop holds, given to the check as `order`.
 *
 * @example
 * ```ts
 * import type { CallbackCheckOrder } from "@card-processing/sandbox";
 * const order: CallbackCheckOrder = { client_orderid: "shop-1001", orderid: "8412345", amount: "10.42", currency: "USD" };
 * ```
 */
export interface CallbackCheckOrder {
  readonly client_orderid: string;
  readonly orderid: string;
  /** The order's amount as the shop stored it (`10.42`). */
  readonly amount: string;
  readonly currency: string;
}

const get = (query: URLSearchParams): CaseStep => ({ query });

function callback(order: CallbackCheckOrder, status: string, extra: Record<string, string> = {}): ProbeCallback {
  return {
    status,
    orderid: order.orderid,
    client_orderid: order.client_orderid,
    type: "sale",
    amount: order.amount,
    currency: order.currency,
    ...extra,
  };
}

const answer200 =
  "answer 200 once the callback is handled: anything else makes the gateway deliver it again, 30 times over 14 days";
const refuse =
  "verify control (SHA-1 of status + orderid + client_orderid + control key) and refuse (403) a callback whose control does not match";

/** The cases of `check-callbacks`, in the order they run. */
export const callbackCases: readonly CallbackCase[] = [
  {
    name: "genuine callback",
    expects: "accepted",
    fix: answer200,
    steps: async (order, key) => [get(await signedQuery(callback(order, "approved"), key))],
  },
  {
    name: "the same callback again",
    expects: "accepted",
    fix: "answer 200 to a duplicate without acting again: de-duplicate by status, type, orderid and client_orderid",
    steps: async (order, key) => {
      const query = await signedQuery(callback(order, "approved"), key);
      return [get(query), get(query)];
    },
  },
  {
    name: "forged control",
    expects: "refused",
    fix: refuse,
    steps: async (order) => [get(await signedQuery(callback(order, "approved"), "not-the-merchant-control-key"))],
  },
  {
    name: "missing control",
    expects: "refused",
    fix: "refuse (400) a callback without control: it cannot have come from the gateway",
    steps: async (order, key) => {
      const query = await signedQuery(callback(order, "approved"), key);
      query.delete("control");
      return [get(query)];
    },
  },
  {
    name: "tampered signed fields",
    expects: "refused",
    fix: `${refuse}; status, orderid and client_orderid are signed`,
    steps: async (order, key) => {
      const steps: CaseStep[] = [];
      for (const [field, value] of [
        ["status", "declined"],
        ["orderid", `${order.orderid}9`],
        ["client_orderid", `${order.client_orderid}-x`],
      ] as const) {
        const query = await signedQuery(callback(order, "approved"), key);
        query.set(field, value);
        if (field === "client_orderid") query.set("merchant_order", value);
        steps.push(get(query));
      }
      return steps;
    },
  },
  {
    name: "unsigned field changed",
    expects: "accepted",
    conflictWithStoredOrder: true,
    fix: "accept a callback whose unsigned fields (amount, currency, type, card details) differ: control does not cover them; read the amount from the status operation, or compare it with your stored order and answer 409",
    steps: async (order, key) => [
      get(await signedQuery(callback(order, "approved", { amount: "99999.99", currency: "EUR" }), key)),
    ],
  },
  {
    name: "out-of-order statuses",
    expects: "accepted",
    fix: "answer 200 to a callback older than the status you have (a processing after approved): ignore it, never refuse it or let it overwrite a final status",
    steps: async (order, key) => [
      get(await signedQuery(callback(order, "approved"), key)),
      get(await signedQuery(callback(order, "processing"), key)),
    ],
  },
  {
    name: "late duplicate after a final status",
    expects: "accepted",
    fix: "answer 200 to a late duplicate of a final status: de-duplicate by status, type, orderid and client_orderid",
    steps: async (order, key) => {
      const approved = await signedQuery(callback(order, "approved"), key);
      return [
        get(approved),
        get(await signedQuery(callback(order, "declined", { type: "reversal" }), key)),
        get(approved),
      ];
    },
  },
  {
    name: "very long values",
    expects: "accepted",
    fix: "accept long unsigned values (2,000 characters of error_message and descriptor): do not limit the query to a short length",
    steps: async (order, key) => [
      get(
        await signedQuery(
          callback(order, "declined", { error_message: "x".repeat(2_000), descriptor: "D".repeat(2_000) }),
          key,
        ),
      ),
    ],
  },
];
