import { maskCardNumbersInText, SigningError } from "@card-processing/signing";
import type { OrderKind, StoredCard } from "../engine/orders/order.js";
import { minorOf } from "../engine/values/money.js";
import { behaviourOf, cardBrand, passesLuhn } from "../test-values/test-cards.js";
import type { OperationContext } from "./operation-context.js";
import { Refused } from "./replies.js";

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

/** The request's money; an account verification moves none. */
export function moneyOrZero(
  context: OperationContext,
  kind: OrderKind,
): { amount: string; currency: string; minor: bigint } {
  if (kind === "account-verification")
    return { amount: "0", currency: field(context.fields, "currency") ?? "USD", minor: 0n };
  return moneyOf(context.fields);
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

/**
 * A card as it is kept for later use without a CVV2 (a card reference, a recurring payment): what
 * it does then is what its number does without a CVV2 (`testCardsWithoutCvv2`), whatever the CVV2
 * of the payment that stored it decided.
 */
export function storedForLater(card: StoredCard): StoredCard {
  return { ...card, behaviour: card.behaviourWithoutCvv2 ?? card.behaviour };
}

/** What a request says about a card besides its number; the CVV2 only picks the test behaviour. */
export interface CardDetails {
  readonly printedName: string;
  readonly expireMonth: string;
  readonly expireYear: string;
  readonly cvv2?: string | undefined;
}

/**
 * How the sandbox keeps a card it has checked: BIN, last four, brand, test behaviour and details,
 * the printed name with any card number in it masked (a number typed as the name would otherwise
 * reach status replies and callbacks whole). The CVV2 decides the behaviour and is not kept.
 */
export function storedCard(number: string, details: CardDetails): StoredCard {
  const { cvv2, printedName, expireMonth, expireYear } = details;
  return {
    bin: number.slice(0, 6),
    lastFour: number.slice(-4),
    brand: cardBrand(number),
    behaviour: behaviourOf(number, cvv2),
    behaviourWithoutCvv2: behaviourOf(number),
    printedName: maskCardNumbersInText(printedName),
    expireMonth,
    expireYear,
  };
}
