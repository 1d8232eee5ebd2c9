import type { GatewayEngine } from "../../engine/gateway-engine.js";
import type { Order } from "../../engine/orders/order.js";
import { expireIfDue, pageEndingOf } from "../../engine/time/page-lifetime.js";
import { testCard } from "../../test-values/test-card.js";
import type { RequestValidator } from "../../validation/request-validator.js";
import { submitAcsForm } from "./acs-page.js";
import { hostedFormFieldNames } from "./card-form.js";
import { customerReturnFields, waitForOutcome } from "./customer-return.js";
import { submitHostedForm } from "./hosted-page.js";

/**
 * What the customer types on the hosted page, for {@link Sandbox.payHostedPage}. Every field has
 * a default that pays, `testCard()`'s: card `4111111111111111`, CVV2 `123`, `JOHN SMITH`, expiring
 * in December three years from now.
 *
 * @example
 * ```ts
 * import type { HostedPagePayment } from "@card-processing/sandbox";
 * const declined: HostedPagePayment = { card: "4111111111111111", cvv2: "116" }; // insufficient funds
 * ```
 */
export interface HostedPagePayment {
  /** Card number (`credit_card_number`; on a payout page the recipient's `destination-card-no`). */
  readonly card?: string;
  /** Security code (`cvv2`); it picks the outcome, see the test values. */
  readonly cvv2?: string;
  /** Name on the card (`card_printed_name`; on a payout page `receiver_name`). */
  readonly cardPrintedName?: string;
  readonly expireMonth?: string;
  readonly expireYear?: string;
  /** On the ACS page of a 3-D Secure card: `"authenticate"` (the default, with password `hint`) or `"fail"`. */
  readonly threeDSecure?: "authenticate" | "fail";
  /** Come back while the payment is still `processing`; default: the sandbox's `returnBeforeOutcome` option. */
  readonly returnBeforeOutcome?: boolean;
}

/**
 * Where the customer's browser goes after the hosted page, and what it posts there: the order's
 * `redirect_url` and the signed fields `status`, `orderid`, `merchant_order`, `client_orderid`,
 * `control`, ready for `parseCustomerReturn` of `@card-processing/client`.
 *
 * @example
 * ```ts
 * import type { CustomerReturn } from "@card-processing/sandbox";
 * const { data } = await gateway.saleForm(body);
 * if (data?.type === "async-form-response") {
 *   const back: CustomerReturn = await sandbox.payHostedPage(data["redirect-url"]);
 *   await fetch(back.url, { method: "POST", body: new URLSearchParams(back.fields) });
 * }
 * ```
 */
export interface CustomerReturn {
  /** The `redirect_url` of the order. */
  readonly url: string;
  readonly method: "POST";
  readonly fields: Readonly<Record<string, string>>;
}

function hostedOrder(engine: GatewayEngine, redirectUrl: string): Order {
  const prefix = `${engine.baseUrl}/hosted/`;
  if (!redirectUrl.startsWith(prefix)) {
    throw new TypeError(
      `payHostedPage: expected the redirect-url of a -form reply (${prefix}…), got ${JSON.stringify(redirectUrl.split("?")[0])}`,
    );
  }
  const order = engine.book.byPageToken(redirectUrl.slice(prefix.length));
  if (order === undefined) throw new Error("payHostedPage: no hosted page at this address (was the sandbox reset?)");
  if (expireIfDue(engine, order) || pageEndingOf(order) === "expired")
    throw new Error(`payHostedPage: the hosted page of order ${order.orderid} expired (pageLifetimeMs)`);
  if (order.phase !== "awaiting-form")
    throw new Error(
      `payHostedPage: the hosted page of order ${order.orderid} was already submitted (status ${order.status})`,
    );
  return order;
}

function formOf(order: Order, payment: HostedPagePayment): URLSearchParams {
  const card = testCard();
  const values: Record<string, string> = {
    credit_card_number: payment.card ?? card.credit_card_number,
    "destination-card-no": payment.card ?? card.credit_card_number,
    card_printed_name: payment.cardPrintedName ?? card.card_printed_name,
    receiver_name: payment.cardPrintedName ?? card.card_printed_name,
    expire_month: payment.expireMonth ?? card.expire_month,
    expire_year: payment.expireYear ?? card.expire_year,
    cvv2: payment.cvv2 ?? card.cvv2,
  };
  const form = new URLSearchParams();
  for (const name of hostedFormFieldNames(order)) form.set(name, values[name] ?? "");
  return form;
}

/**
 * Does what a customer does on the hosted page of `redirectUrl`: fills in and submits the form,
 * passes (or fails) the ACS page of a 3-D Secure card, and comes back. The same code runs as when
 * a browser posts the page. With the real clock it resolves once the payment has its outcome (as
 * the page's return does); with a manual clock, or `returnBeforeOutcome`, at once, with the order
 * still `processing`.
 */
export async function payHostedPage(
  engine: GatewayEngine,
  validator: RequestValidator,
  redirectUrl: string,
  payment: HostedPagePayment = {},
): Promise<CustomerReturn> {
  const order = hostedOrder(engine, redirectUrl);
  const refused = submitHostedForm(engine, validator, order, formOf(order, payment));
  if (refused !== undefined) throw new TypeError(`payHostedPage: the hosted page refused the form: ${refused.message}`);
  if ((order.phase as Order["phase"]) === "authenticating") {
    const authenticate = (payment.threeDSecure ?? "authenticate") === "authenticate";
    submitAcsForm(
      engine,
      order,
      new URLSearchParams({ transStatus: authenticate ? "Y" : "N", password: authenticate ? "hint" : "" }),
    );
  }
  await waitForOutcome(engine, order, payment.returnBeforeOutcome ?? engine.options.returnBeforeOutcome);
  if (order.redirectUrl === undefined)
    throw new Error(`payHostedPage: order ${order.orderid} has no redirect_url to return to`);
  engine.options.log(`order ${order.orderid} customer returns to the merchant (${order.status})`);
  return { url: order.redirectUrl, method: "POST", fields: await customerReturnFields(engine, order) };
}
