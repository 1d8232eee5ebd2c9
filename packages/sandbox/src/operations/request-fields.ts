import { SigningError } from "@card-processing/signing";
import type { components } from "@card-processing/types";
import type { NewOrder } from "../engine/gateway-engine.js";
import { minorOf } from "../engine/money.js";
import type { Order, OrderKind, StoredCard } from "../engine/order.js";
import { rememberSerial } from "../engine/order-request.js";
import { differencesOf, fingerprintOf, type RequestFingerprint } from "../engine/request-fingerprint.js";
import type { OperationContext } from "./operation-context.js";
import { errorCodes, ok, Refused, type Reply } from "./replies.js";

type AsyncResponse = components["schemas"]["AsyncResponse"];

import { behaviourOf, cardBrand, passesLuhn } from "../spec/test-cards.js";

/**
 * A field by its snake_case name, also found under its kebab-case spelling: the spec spells the
 * same fields both ways across operations (`client_orderid`, `client-order-id`, `client-orderid`).
 */
export function field(fields: Readonly<Record<string, string>>, name: string): string | undefined {
  if (Object.hasOwn(fields, name)) return fields[name];
  const kebab = name.replaceAll("_", "-");
  if (Object.hasOwn(fields, kebab)) return fields[kebab];
  return undefined;
}

/** The merchant's order id, under the field the spec gives the operation for it. */
export function clientOrderIdOf(context: Pick<OperationContext, "entry" | "fields">): string {
  const name = context.entry.clientOrderIdFields[0] ?? "client_orderid";
  const id = context.fields[name] ?? "";
  if (id === "") throw new Refused(`missing required field '${name}'`);
  return id;
}

/** The request's amount and currency, with the amount in minor units. */
export function moneyOf(fields: Readonly<Record<string, string>>): { amount: string; currency: string; minor: bigint } {
  const amount = field(fields, "amount");
  const currency = field(fields, "currency");
  if (amount === undefined || currency === undefined)
    throw new Refused("missing required field 'amount' or 'currency'");
  return { amount, currency, minor: minorOfField(amount, currency) };
}

/** Minor units of an amount field, refusing what the currency cannot express. */
export function minorOfField(amount: string, currency: string): bigint {
  try {
    return minorOf(amount, currency);
  } catch (error) {
    if (error instanceof SigningError && error.code === "ERR_CURRENCY_UNKNOWN") {
      throw new Refused(`field 'currency': ${currency} is not an ISO 4217 currency the sandbox knows`);
    }
    throw new Refused(`field 'amount' has more decimals than ${currency} allows`);
  }
}

/** A card kept the way the sandbox keeps cards: BIN, last four, brand, name and expiry. */
export function storeCard(fields: Readonly<Record<string, string>>): StoredCard {
  const number = field(fields, "credit_card_number");
  if (number === undefined) throw new Refused("missing required field 'credit_card_number'");
  return cardOf(number, "credit_card_number", {
    printedName: field(fields, "card_printed_name") ?? "",
    expireMonth: field(fields, "expire_month") ?? "",
    expireYear: field(fields, "expire_year") ?? "",
    cvv2: field(fields, "cvv2"),
  });
}

/** A stored card from a card number, refusing one that fails the Luhn check. */
export function cardOf(number: string, numberField: string, details: CardDetails): StoredCard {
  if (!/^[0-9]{12,19}$/.test(number) || !passesLuhn(number)) {
    throw new Refused(`field '${numberField}' is not a valid card number (Luhn check failed)`);
  }
  return storedCard(number, details);
}

/** What a request says about a card besides its number; the CVV2 only picks the test behaviour. */
export interface CardDetails {
  readonly printedName: string;
  readonly expireMonth: string;
  readonly expireYear: string;
  readonly cvv2?: string | undefined;
}

/**
 * How the sandbox keeps a card it has checked: BIN, last four, brand, test behaviour and details.
 * The CVV2 decides the behaviour and is not kept.
 */
export function storedCard(number: string, details: CardDetails): StoredCard {
  const { cvv2, printedName, expireMonth, expireYear } = details;
  return {
    bin: number.slice(0, 6),
    lastFour: number.slice(-4),
    brand: cardBrand(number),
    behaviour: behaviourOf(number, cvv2),
    printedName,
    expireMonth,
    expireYear,
  };
}

/**
 * The duplicate `client_orderid` rule (see `RequestFingerprint`): the same request again gets the
 * existing order (no second order); a different request reusing the id is refused, naming what
 * differs.
 */
export function existingOrder(
  context: OperationContext,
  clientOrderId: string,
  fingerprint: RequestFingerprint,
): Order | undefined {
  const existing = context.engine.book.byClientOrderId(context.endpointId, clientOrderId);
  if (existing === undefined) return undefined;
  const differences = differencesOf(existing.fingerprint, fingerprint);
  if (differences.length > 0) {
    throw new Refused(
      `client_orderid '${clientOrderId}' is already used by order ${existing.orderid} (${existing.operationId}), ` +
        `created by a different request (differs in: ${differences.join(", ")}); ` +
        "resend the same request to get that order, or use a new client_orderid",
      errorCodes.stateRule,
    );
  }
  context.engine.options.log(
    `order ${existing.orderid} duplicate ${context.entry.operationId} replayed (no new order)`,
  );
  return existing;
}

/** What a request adds to its new order besides its id, kind, operation, money and callback URL. */
export type OrderDetails = Partial<Pick<NewOrder, "card" | "destination" | "email" | "redirectUrl">>;

/**
 * The order a request opens, or, under the duplicate `client_orderid` rule, the one it replays
 * (`fresh` false). `details` is read only when a new order is made, so a replay does not check
 * its card again.
 */
export function openOrder(
  context: OperationContext,
  kind: OrderKind,
  phase: Order["phase"],
  details: () => OrderDetails = () => ({}),
  money: { amount: string; currency: string; minor: bigint } = moneyOf(context.fields),
): { order: Order; fresh: boolean } {
  const clientOrderId = clientOrderIdOf(context);
  const fingerprint = fingerprintOf(context.entry.operationId, context.fields);
  const existing = existingOrder(context, clientOrderId, fingerprint);
  if (existing !== undefined) return { order: existing, fresh: false };
  const order = context.engine.create(
    {
      clientOrderId,
      endpointId: context.endpointId,
      kind,
      operationId: context.entry.operationId,
      amount: money.amount,
      currency: money.currency,
      amountMinor: money.minor,
      fingerprint,
      callbackUrl: context.fields["server_callback_url"],
      notifyUrl: context.fields["notify_url"],
      ...details(),
    },
    phase,
  );
  return { order, fresh: true };
}

/** The order named by `orderid`, on this endpoint, belonging to the request's client order id. */
export function referencedOrder(context: OperationContext): Order {
  const orderid = context.fields["orderid"] ?? "";
  const order = context.engine.book.byOrderId(orderid);
  if (order === undefined || order.endpointId !== context.endpointId) {
    throw new Refused(`no order ${orderid} on endpoint ${context.endpointId}`, errorCodes.unknownReference);
  }
  const clientOrderId = clientOrderIdOf(context);
  if (clientOrderId !== order.clientOrderId) {
    throw new Refused(
      `client_orderid '${clientOrderId}' does not belong to order ${orderid}`,
      errorCodes.unknownReference,
    );
  }
  return order;
}

/** The `async-response` acknowledgement of an order. */
export function asyncReply(order: Order): Reply<AsyncResponse> {
  const reply = ok({
    type: "async-response",
    status: order.status,
    "merchant-order-id": order.clientOrderId,
    "paynet-order-id": order.orderid,
    "end-point-id": Number(order.endpointId),
  });
  rememberSerial(order, reply.body["serial-number"]);
  return reply;
}
