/** The order and customer fields of a payment request, as `sampleOrder` fills them in. */
export interface SampleOrder {
  readonly client_orderid: string;
  readonly order_desc: string;
  /** A decimal string in the currency's units; default `10.42`. */
  readonly amount: string;
  readonly currency: string;
  readonly address1: string;
  readonly city: string;
  /** Required where `country` is US, CA or AU. */
  readonly state: string;
  readonly zip_code: string;
  readonly country: string;
  readonly phone: string;
  readonly ipaddress: string;
  readonly email: string;
  readonly redirect_url: string;
}

/**
 * A sample order of 10.42 USD by a customer in Seattle, US (with the `state` a US address needs),
 * with every field a sale, preauth or payment form asks for besides the card: spread it into a
 * body and add `testCard()` for a card payment. `overrides` replaces any field (an amount, a
 * currency; give `state` again when you change `country`).
 *
 * @example
 * ```ts
 * import { createGateway } from "@card-processing/client";
 * import { sampleOrder, startSandbox, testCard } from "@card-processing/sandbox";
 *
 * const sandbox = await startSandbox();
 * const gateway = createGateway({ baseUrl: sandbox.url, endpointId: sandbox.endpointId, login: sandbox.login, controlKey: sandbox.controlKey });
 * const sale = await gateway.sale({ ...sampleOrder("order-1", { amount: "50.00" }), ...testCard() });
 * console.log(sale.data?.["merchant-order-id"]); // "order-1"
 * await sandbox.close();
 * ```
 */
export function sampleOrder(clientOrderId: string, overrides: Partial<SampleOrder> = {}): SampleOrder {
  return {
    client_orderid: clientOrderId,
    order_desc: `Order ${clientOrderId}`,
    amount: "10.42",
    currency: "USD",
    address1: "100 Main st",
    city: "Seattle",
    state: "WA",
    zip_code: "98102",
    country: "US",
    phone: "+12063582043",
    ipaddress: "65.153.12.232",
    email: "john.smith@example.com",
    redirect_url: "https://shop.example.com/return",
    ...overrides,
  };
}
