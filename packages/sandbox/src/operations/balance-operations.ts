import { endpointBalance, signedDecimalOf } from "../engine/report/endpoint-balance.js";
import type { OperationHandler, OperationHandlerTable } from "./operation-context.js";
import { errorCodes, okList, Refused } from "./replies.js";

/**
 * get-balance: the endpoint's balance, from its orders as they stand (approved sales and captures,
 * less returns, reversals, chargebacks and approved payouts; see `heldByMerchant`), in major units
 * as the page's example writes it (`[{"balance-amount": 29.99}]`), with what orders the sandbox
 * no longer holds (forgotten by `maxOrders` or `maxAgeMs`) left in it. An endpoint without such
 * orders has a balance of 0. `balance-provider` is taken whatever it says: the sandbox keeps one balance
 * per endpoint. An endpoint is a "single currency integration" (the docs), so orders of one
 * endpoint in several currencies have no one balance: the request is refused, naming them, rather
 * than answered with a sum of unlike money or a list the page never shows.
 */
const getBalance: OperationHandler<"getBalance"> = (context) => {
  const { engine, endpointId } = context;
  const { byCurrency } = endpointBalance(engine.book.all(), endpointId, engine.carried.of(endpointId));
  const currencies = [...byCurrency.keys()].sort();
  if (currencies.length > 1)
    throw new Refused(
      `endpoint ${context.endpointId} holds money in ${currencies.join(", ")}: an endpoint is single-currency, so it has no one balance (use one endpoint per currency)`,
      errorCodes.stateRule,
    );
  const [currency] = currencies;
  const minor = currency === undefined ? 0n : (byCurrency.get(currency) ?? 0n);
  return okList([{ "balance-amount": currency === undefined ? 0 : Number(signedDecimalOf(minor, currency)) }]);
};

/** The balance operation. */
export const balanceOperations = { getBalance } satisfies OperationHandlerTable;
