// This file is generated from spec/ by `pnpm generate`. Do not edit it by hand:
// change the spec and run `pnpm generate` again.

import type { GatewayResult } from "../errors/gateway-result.js";
import type { CallOptions, GatewayBody, GatewayReply } from "../transport/gateway-call.js";

/**
 * One method per operation of the spec, named by its `operationId` and documented from the spec:
 * what it does, how the gateway signs it, whether it moves money, an example and its page in the
 * API reference.
 *
 * @example
 * ```ts
 * import type { GatewayOperations } from "@card-processing/client";
 * type Sale = GatewayOperations["sale"];
 * ```
 */
export interface GatewayOperations {
  /**
   * Account verification (zero-amount authorization).
   *
   * Zero-amount authorization confirming the card account is in good standing without charging.
   * Used before tokenization or recurring use. The body carries no amount (assumed, see
   * `AccountVerificationRequest`). Final outcome comes from the status operation or
   * `server_callback_url`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `email` + merchant control key, sent as `control` (lowercase hex).
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v2/account-verification/{endpointId}` with `client_orderid`, `order_desc`, `address1`, `city`, `zip_code`, `country`, `ipaddress`, `email`, `card_printed_name`, `credit_card_number`, `expire_month`, `expire_year`, `cvv2`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/account-verification/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncResponse`: The verification was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.accountVerification({
   *   client_orderid: "AV-902B4FF6",
   *   order_desc: "Order AV-902B4FF6, 2 items",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   card_printed_name: "JOHN SMITH",
   *   credit_card_number: "4111111111111111",
   *   expire_month: "12",
   *   expire_year: "2030",
   *   cvv2: "123",
   *   redirect_url: "https://shop.example.com/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payments/accountverification | Account verification (zero-amount authorization)} in the API reference
   * @group Payments
   */
  accountVerification(body: GatewayBody<"accountVerification">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"accountVerification">>>;

  /**
   * Capture a preauthorization.
   *
   * Captures funds authorized by preauth. References the original by `orderid`. Partial capture by
   * `amount` and `currency`; omit both to capture the full amount. From the documented gateway:
   * `amount` and `currency` are optional, and when they are absent their `control` terms are empty
   * strings. The documented gateway's official PHP library (payneteasy/php-library-payneteasy-api)
   * signs a full capture differently: it sends neither `amount` nor `currency` but signs the held
   * amount (in minor units) and currency of the order. Integrations built on it work against the
   * gateway, so the gateway accepts that signature too (`x-signature-terms-from-order`: the terms
   * taken from the referenced order when the request leaves them out).
   * `client_orderid` carries the order's own `client_orderid`, the one of the order named by
   * `orderid`, never a new one.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client_orderid` + `orderid` + `amount` (minor units) + `currency` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/capture/{endpointId}` with `client_orderid`, `orderid`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/capture/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncResponse`: The capture was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.capture({
   *   client_orderid: "PA-902B4FFB",
   *   orderid: "1234567",
   *   amount: "5.00",
   *   currency: "USD",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payments/capture | Capture a preauthorization} in the API reference
   * @group Payments
   */
  capture(body: GatewayBody<"capture">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"capture">>>;

  /**
   * Preauthorization (hold funds).
   *
   * Reserves funds without settlement. Funds stay held until capture or void. Final outcome comes
   * from the status operation or `server_callback_url`. Required fields from the documented
   * gateway.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `amount` (minor units) + `email` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/preauth/{endpointId}` with `client_orderid`, `order_desc`, `amount`, `currency`, `address1`, `city`, `zip_code`, `country`, `phone`, `ipaddress`, `email`, `card_printed_name`, `credit_card_number`, `expire_month`, `expire_year`, `cvv2`, `redirect_url`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/preauth/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncResponse`: The preauthorization was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.preauth({
   *   client_orderid: "PA-902B4FFB",
   *   order_desc: "Order PA-902B4FFB, 2 items",
   *   amount: "10.42",
   *   currency: "USD",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   card_printed_name: "JOHN SMITH",
   *   credit_card_number: "4111111111111111",
   *   expire_month: "12",
   *   expire_year: "2030",
   *   cvv2: "123",
   *   redirect_url: "https://shop.example.com/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payments/preauth | Preauthorization (hold funds)} in the API reference
   * @group Payments
   */
  preauth(body: GatewayBody<"preauth">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"preauth">>>;

  /**
   * Return funds (cancel, reversal or refund).
   *
   * Returns funds to the cardholder, referenced by `orderid`. If the original is a
   * preauthorization, the return cancels it (releases the hold). If the original is a sale or a
   * capture, it is a reversal or refund: partial by `amount` with `currency`; omit both for a full
   * return of the original amount. Allowed only when the original is in a final successful status;
   * otherwise the request is refused. From the documented gateway: `comment` is required, and when
   * `amount` and `currency` are absent their `control` terms are empty strings.
   * `client_orderid` carries the order's own `client_orderid`, the one of the order named by
   * `orderid`, never a new one.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client_orderid` + `orderid` + `amount` (minor units) + `currency` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/return/{endpointId}` with `client_orderid`, `orderid`, `comment`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/return/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncResponse`: The return was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.return({
   *   client_orderid: "902B4FF5",
   *   orderid: "1234567",
   *   comment: "Customer returned the goods",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payments/return | Return funds (cancel, reversal or refund)} in the API reference
   * @group Payments
   */
  return(body: GatewayBody<"return">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"return">>>;

  /**
   * Sale (authorization and capture in one step).
   *
   * Sale (authorization and capture combined). Supports non-3DS and 3DS flows. In 3DS the customer
   * goes through `redirect_url` to the issuer's access control server and back. Final outcome comes
   * from the status operation or `server_callback_url`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `amount` (minor units) + `email` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/sale/{endpointId}` with `client_orderid`, `order_desc`, `amount`, `currency`, `address1`, `city`, `zip_code`, `country`, `phone`, `ipaddress`, `email`, `card_printed_name`, `credit_card_number`, `expire_month`, `expire_year`, `cvv2`, `redirect_url`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/sale/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncResponse`: The sale was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.sale({
   *   client_orderid: "902B4FF5",
   *   order_desc: "Order 902B4FF5, 2 items",
   *   amount: "10.42",
   *   currency: "USD",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   card_printed_name: "JOHN SMITH",
   *   credit_card_number: "4111111111111111",
   *   expire_month: "12",
   *   expire_year: "2030",
   *   cvv2: "123",
   *   redirect_url: "https://shop.example.com/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payments/sale | Sale (authorization and capture in one step)} in the API reference
   * @group Payments
   */
  sale(body: GatewayBody<"sale">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"sale">>>;

  /**
   * Void an authorized transaction.
   *
   * Cancels an authorized, unsettled transaction, referenced by `orderid`. No partial amount (API
   * description). Required fields, including a `comment` of at most 50 characters, from the
   * published docs (api_v2_void.html).
   * `client_orderid` carries the order's own `client_orderid`, the one of the order named by
   * `orderid`, never a new one.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client_orderid` + `orderid` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/void/{endpointId}` with `client_orderid`, `orderid`, `comment`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/void/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncResponse`: The void was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.void({
   *   client_orderid: "902B4FF5",
   *   orderid: "1234567",
   *   comment: "Customer cancelled the order",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payments/void | Void an authorized transaction} in the API reference
   * @group Payments
   */
  void(body: GatewayBody<"void">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"void">>>;

  /**
   * Account verification answered at once (sync).
   *
   * Account verification whose reply carries its outcome: a status-response with the card's details
   * and a card reference, instead of an async-response to poll. The vendor's PHP library sends it
   * (source/PaynetEasy/PaynetEasyApi/Query/SyncAccountVerificationQuery.php) to
   * `/api/v2/sync/account-verification/ENDPOINTID`: its gateway client maps a query named `sync-...`
   * to the path `sync/...` (Transport/GatewayClient.php, getUrl). Its fields and its control
   * (endpoint id, `client_orderid`, `email`) are those of the account verification; no page of the
   * published API commands index covers it, so its reply keys come from the PHP library, which
   * requires `type` `status-response` and the card keys it reads (`card-ref-id`, `bin`,
   * `last-four-digits`, ...).
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `email` + merchant control key, sent as `control` (lowercase hex).
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v2/sync/account-verification/{endpointId}` with `client_orderid`, `order_desc`, `address1`, `city`, `zip_code`, `country`, `ipaddress`, `email`, `card_printed_name`, `credit_card_number`, `expire_month`, `expire_year`, `cvv2`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `SyncAccountVerificationResponse`: The verification's outcome, with the card's details and reference.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.syncAccountVerification({
   *   client_orderid: "SAV-902B4FF7",
   *   order_desc: "Order SAV-902B4FF7",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   card_printed_name: "JOHN SMITH",
   *   credit_card_number: "4111111111111111",
   *   expire_month: "12",
   *   expire_year: "2030",
   *   cvv2: "123",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payments/syncaccountverification | Account verification answered at once (sync)} in the API reference
   * @group Payments
   */
  syncAccountVerification(body: GatewayBody<"syncAccountVerification">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"syncAccountVerification">>>;

  /**
   * Authorization for cash (auth-cash).
   *
   * Authorizes an amount on a card for a cash operation, with the fields of preauth. From the
   * published docs (api_v2_auth-cash.html): SHA-1 control beginning with the endpoint id,
   * `client_orderid` and the amount in minor units; the page lists the order and payer fields of
   * preauth (`client_orderid`, `order_desc`, `amount`, `currency`, `address1`, `city`, `zip_code`,
   * `country`, `phone`, `email`, `ipaddress`) and only the endpoint address, no group address. The
   * rest of the control row and the card fields were not visible in the copy available to this
   * project: they are assumed to be preauth's. The outcome comes from the status operation or
   * `server_callback_url`. Its `order_desc` is at most 64 K characters ("order_desc ... Necessity:
   * Required, Type: String, Length: 64k" on api_v2_auth-cash.html), where preauth's page gives 125
   * ("Length: 125", api_v2_preauth.html): so its body is a sale's (`SaleRequest`, whose fields are
   * preauth's with that longer `order_desc`), not preauth's `AuthRequest`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `amount` (minor units) + `email` + merchant control key, sent as `control` (lowercase hex). **Assumed rule:** api_v2_auth-cash.html shows the terms endpoint id, client_orderid and amount in minor units; the fourth, cut off in the copy available to this project, is assumed to be email, as for preauth.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/auth-cash/{endpointId}` with `client_orderid`, `order_desc`, `amount`, `currency`, `address1`, `city`, `zip_code`, `country`, `phone`, `ipaddress`, `email`, `card_printed_name`, `credit_card_number`, `expire_month`, `expire_year`, `cvv2`, `redirect_url`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncResponse`: The authorization was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.authCash({
   *   client_orderid: "AC-902B4FFA",
   *   order_desc: "Order AC-902B4FFA",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   amount: "10.42",
   *   currency: "USD",
   *   redirect_url: "https://shop.example.com/return",
   *   card_printed_name: "JOHN SMITH",
   *   credit_card_number: "4111111111111111",
   *   expire_month: "12",
   *   expire_year: "2030",
   *   cvv2: "123",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payments/authcash | Authorization for cash (auth-cash)} in the API reference
   * @group Payments
   */
  authCash(body: GatewayBody<"authCash">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"authCash">>>;

  /**
   * Account verification on the hosted page.
   *
   * Account verification with card data collected on the hosted page: a zero-amount
   * authorization confirming the card account is in good standing without charging. Card fields
   * are not sent; the customer enters them on the hosted page. The body carries no amount (assumed,
   * see `AccountVerificationFormRequest`).
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `email` + merchant control key, sent as `control` (lowercase hex).
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v2/account-verification-form/{endpointId}` with `client_orderid`, `order_desc`, `address1`, `city`, `zip_code`, `country`, `ipaddress`, `email`, `redirect_url`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/account-verification-form/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncCheckoutFormRedirect`: The verification was registered; send the customer to `redirect-url`.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.accountVerificationForm({
   *   client_orderid: "AVF-902B4FF7",
   *   order_desc: "Order AVF-902B4FF7, 2 items",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   redirect_url: "https://shop.example.com/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/hosted-forms/accountverificationform | Account verification on the hosted page} in the API reference
   * @group Hosted forms
   */
  accountVerificationForm(body: GatewayBody<"accountVerificationForm">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"accountVerificationForm">>>;

  /**
   * Universal hosted payment form.
   *
   * Universal hosted payment form, for cases where neither the sale form nor the preauth form
   * fits. Neither the API description nor the documented gateway states its fields or its signature;
   * both are assumed to be those of the sale form (see `x-signature` and `PaymentFormRequest`).
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `amount` (minor units) + `email` + merchant control key, sent as `control` (lowercase hex). **Assumed rule:** The signature of payment-form is not stated anywhere, so it is assumed to be that of sale-form, the hosted form it generalizes.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/payment-form/{endpointId}` with `client_orderid`, `order_desc`, `amount`, `currency`, `address1`, `city`, `zip_code`, `country`, `phone`, `ipaddress`, `email`, `redirect_url`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncCheckoutFormRedirect`: The payment was registered; send the customer to `redirect-url`.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.paymentForm({
   *   client_orderid: "PF-902B4FF9",
   *   order_desc: "Order PF-902B4FF9, 2 items",
   *   amount: "10.42",
   *   currency: "USD",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   redirect_url: "https://shop.example.com/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/hosted-forms/paymentform | Universal hosted payment form} in the API reference
   * @group Hosted forms
   */
  paymentForm(body: GatewayBody<"paymentForm">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"paymentForm">>>;

  /**
   * Payout with destination data collected on the hosted form.
   *
   * Payout with the recipient's destination data collected on the hosted form. Semantics as for
   * payout. The reply carries the address of the hosted page the customer must be sent to; the
   * final outcome comes from the status operation or `server_callback_url`. The description does
   * not state the signature; OAuth 1.0a HMAC-SHA1 as for v2 payout is assumed.
   *
   * **Signature.** Signed with OAuth 1.0a HMAC-SHA1 in the `Authorization` header, keyed with the merchant control key followed by `&`. **Assumed rule:** The description states no signature for payout-form, and "semantics as for payout" points to v2 payout, which is signed with OAuth 1.0a HMAC-SHA1.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/payout-form/{endpointId}` with `client_orderid`, `amount`, `currency`, `redirect_url`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/payout-form/group/{endpointGroupId}` (the OAuth signature covers that address, group id included).
   *
   * **Replies** with `AsyncCheckoutFormRedirect`: The payout was registered; send the customer to `redirect-url`.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.payoutForm({
   *   client_orderid: "PF-20240117-0042",
   *   amount: "50.00",
   *   currency: "EUR",
   *   order_desc: "Marketplace seller payout, January",
   *   email: "anna.meyer@example.com",
   *   ipaddress: "81.169.145.94",
   *   redirect_url: "https://shop.example.com/payout/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/hosted-forms/payoutform | Payout with destination data collected on the hosted form} in the API reference
   * @group Hosted forms
   */
  payoutForm(body: GatewayBody<"payoutForm">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"payoutForm">>>;

  /**
   * Preauthorization on the hosted page.
   *
   * Preauth on the hosted page. Semantics as for preauth: funds stay held until capture or void.
   * Card fields are not sent; the customer enters them on the hosted page. Required fields from the
   * documented gateway.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `amount` (minor units) + `email` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/preauth-form/{endpointId}` with `client_orderid`, `order_desc`, `amount`, `currency`, `address1`, `city`, `zip_code`, `country`, `phone`, `ipaddress`, `email`, `redirect_url`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/preauth-form/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncCheckoutFormRedirect`: The preauthorization was registered; send the customer to `redirect-url`.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.preauthForm({
   *   client_orderid: "PAF-902B4FFA",
   *   order_desc: "Order PAF-902B4FFA, 2 items",
   *   amount: "10.42",
   *   currency: "USD",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   redirect_url: "https://shop.example.com/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/hosted-forms/preauthform | Preauthorization on the hosted page} in the API reference
   * @group Hosted forms
   */
  preauthForm(body: GatewayBody<"preauthForm">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"preauthForm">>>;

  /**
   * Sale on the hosted page.
   *
   * Sale with card data collected on the hosted page. The synchronous response contains the
   * redirect address the customer must be sent to. Card fields are not sent; the customer enters
   * them on the hosted page. Required fields from the documented gateway.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `amount` (minor units) + `email` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/sale-form/{endpointId}` with `client_orderid`, `order_desc`, `amount`, `currency`, `address1`, `city`, `zip_code`, `country`, `phone`, `ipaddress`, `email`, `redirect_url`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/sale-form/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncCheckoutFormRedirect`: The sale was registered; send the customer to `redirect-url`.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.saleForm({
   *   client_orderid: "SF-902B4FFC",
   *   order_desc: "Order SF-902B4FFC, 2 items",
   *   amount: "10.42",
   *   currency: "USD",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   redirect_url: "https://shop.example.com/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/hosted-forms/saleform | Sale on the hosted page} in the API reference
   * @group Hosted forms
   */
  saleForm(body: GatewayBody<"saleForm">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"saleForm">>>;

  /**
   * Transfer on a hosted page (v2 transfer-form).
   *
   * Starts a transfer whose card details the customer enters on the gateway's hosted page: the reply
   * carries `redirect-url`, where to send the customer. The vendor's PHP library sends it as
   * `transfer-form` (source/PaynetEasy/PaynetEasyApi/Query/TransferFormQuery.php, a
   * PaymentFormQuery: the fields of sale-form and its control, endpoint id or group,
   * `client_orderid`, amount in minor units, `email`). The outcome is a transfer; read it with the
   * status operation or at `server_callback_url`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `endpointId` + `client_orderid` + `amount` (minor units) + `email` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/transfer-form/{endpointId}` with `client_orderid`, `order_desc`, `amount`, `currency`, `address1`, `city`, `zip_code`, `country`, `phone`, `ipaddress`, `email`, `redirect_url`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncCheckoutFormRedirect`: The transfer was registered; send the customer to `redirect-url`.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.transferForm({
   *   client_orderid: "TF-902B4FF8",
   *   order_desc: "Order TF-902B4FF8",
   *   first_name: "John",
   *   last_name: "Smith",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   state: "WA",
   *   zip_code: "98102",
   *   country: "US",
   *   phone: "+12063582043",
   *   email: "john.smith@gmail.com",
   *   ipaddress: "65.153.12.232",
   *   amount: "75.50",
   *   currency: "USD",
   *   redirect_url: "https://shop.example.com/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/hosted-forms/transferform | Transfer on a hosted page (v2 transfer-form)} in the API reference
   * @group Hosted forms
   */
  transferForm(body: GatewayBody<"transferForm">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"transferForm">>>;

  /**
   * Create a card reference.
   *
   * Tokenizes cardholder data into a `card-ref-id` for later rebill or sale-by-reference calls.
   * From the documented gateway: `orderid` names an approved transaction whose card is stored.
   * `client_orderid` carries the order's own `client_orderid`, the one of the order named by
   * `orderid`, never a new one. An approved account verification (the card checked, no money moved) counts as that
   * transaction: it is how a card that is never charged, such as a seller's card to be paid, gets a
   * reference. The published docs (api_v2_create-card-ref.html, api_v4_create-card-ref.html) ask
   * for "the first payment transaction" in final status with sufficient card information and list
   * no types; the sandbox accepts an approved sale, preauth or account verification. The reference
   * pays out through the v4 transfer by reference (`destination-card-ref-id`) and is charged again
   * by the rebills.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client_orderid` + `orderid` + merchant control key, sent as `control` (lowercase hex).
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v2/create-card-ref/{endpointId}` with `client_orderid`, `orderid`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/create-card-ref/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `CardRefAsyncResponse`: The card reference was created.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.createCardRef({
   *   client_orderid: "902B4FF5",
   *   orderid: "1234567",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/stored-cards/createcardref | Create a card reference} in the API reference
   * @group Stored cards
   */
  createCardRef(body: GatewayBody<"createCardRef">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"createCardRef">>>;

  /**
   * Get stored-card information.
   *
   * Returns stored-card information (BIN, brand, masked PAN, expiration) for `cardrefid`. The API
   * description states no signature for this operation; the `control` signature over `login` and
   * `cardrefid` followed by the merchant control key comes from the documented gateway (its official
   * libraries sign it so), as do the body fields.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `cardrefid` + merchant control key, sent as `control` (lowercase hex).
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v2/get-card-info/{endpointId}` with `cardrefid`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/get-card-info/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `CardInfoAsyncResponse`: Information about the stored card.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.getCardInfo({
   *   cardrefid: "4726390",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/stored-cards/getcardinfo | Get stored-card information} in the API reference
   * @group Stored cards
   */
  getCardInfo(body: GatewayBody<"getCardInfo">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"getCardInfo">>>;

  /**
   * Charge a stored card (rebill).
   *
   * Charges a stored card by `cardrefid` when the cardholder is absent (recurring or subsequent
   * charges). Final outcome comes from the status operation or `server_callback_url`. Required
   * fields, including the order description and the customer's IP address, from the documented
   * gateway.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client_orderid` + `cardrefid` + `amount` (minor units) + `currency` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/make-rebill/{endpointId}` with `client_orderid`, `cardrefid`, `amount`, `currency`, `order_desc`, `ipaddress`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncResponse`: The rebill was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.makeRebill({
   *   client_orderid: "RB-902B4FF8",
   *   cardrefid: "4726390",
   *   amount: "10.42",
   *   currency: "USD",
   *   order_desc: "Monthly subscription, March",
   *   ipaddress: "65.153.12.232",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/stored-cards/makerebill | Charge a stored card (rebill)} in the API reference
   * @group Stored cards
   */
  makeRebill(body: GatewayBody<"makeRebill">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"makeRebill">>>;

  /**
   * Charge a stored card (make-rebill-sale).
   *
   * Charges a stored card by `cardrefid` when the cardholder is absent. Documented by the
   * published docs (api_v2_make-rebill-sale.html) beside the legacy `make-rebill` path, with the same required fields
   * (`login`, `client_orderid`, `cardrefid` of at most 20 characters, `amount`, `currency`).
   * The outcome is a sale; read it with the status operation or at `server_callback_url`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client_orderid` + `cardrefid` + `amount` (minor units) + `currency` + merchant control key, sent as `control` (lowercase hex). **Assumed rule:** The control row of api_v2_make-rebill-sale.html was not visible in the copy available to this project; the terms of the legacy make-rebill (API description) are used, as the page's fields are the same.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/make-rebill-sale/{endpointId}` with `client_orderid`, `cardrefid`, `amount`, `currency`, `order_desc`, `ipaddress`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/make-rebill-sale/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncResponse`: The rebill was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.makeRebillSale({
   *   client_orderid: "RB-902B4FF8",
   *   cardrefid: "4726390",
   *   amount: "10.42",
   *   currency: "USD",
   *   order_desc: "Monthly subscription, March",
   *   ipaddress: "65.153.12.232",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/stored-cards/makerebillsale | Charge a stored card (make-rebill-sale)} in the API reference
   * @group Stored cards
   */
  makeRebillSale(body: GatewayBody<"makeRebillSale">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"makeRebillSale">>>;

  /**
   * Hold funds on a stored card (make-rebill-preauth).
   *
   * Places a hold (preauthorization) on a stored card by `cardrefid` when the cardholder is absent. Documented by the
   * published docs (api_v2_make-rebill-preauth.html) beside the legacy `make-rebill` path, with the same required fields
   * (`login`, `client_orderid`, `cardrefid` of at most 20 characters, `amount`, `currency`).
   * The outcome is a held amount, released by void or settled by capture; read it with the status operation or at `server_callback_url`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client_orderid` + `cardrefid` + `amount` (minor units) + `currency` + merchant control key, sent as `control` (lowercase hex). **Assumed rule:** The control row of api_v2_make-rebill-preauth.html was not visible in the copy available to this project; the terms of the legacy make-rebill (API description) are used, as the page's fields are the same.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/make-rebill-preauth/{endpointId}` with `client_orderid`, `cardrefid`, `amount`, `currency`, `order_desc`, `ipaddress`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/make-rebill-preauth/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `AsyncResponse`: The rebill was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.makeRebillPreauth({
   *   client_orderid: "RB-902B4FF8",
   *   cardrefid: "4726390",
   *   amount: "10.42",
   *   currency: "USD",
   *   order_desc: "Monthly subscription, March",
   *   ipaddress: "65.153.12.232",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/stored-cards/makerebillpreauth | Hold funds on a stored card (make-rebill-preauth)} in the API reference
   * @group Stored cards
   */
  makeRebillPreauth(body: GatewayBody<"makeRebillPreauth">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"makeRebillPreauth">>>;

  /**
   * Payout to a card, bank account, e-wallet or phone.
   *
   * Outgoing transfer from the merchant account to a card, bank account, e-wallet or other supported
   * destination, including a fast payments system by phone. Signed with OAuth 1.0a HMAC-SHA1 (the
   * `oauth_*` parameters travel in the `Authorization` header only). From the documented gateway:
   * `client_orderid`, `amount`, `currency` and the destination fields are required. The reply only
   * acknowledges the request; the final outcome comes from the status operation or
   * `server_callback_url`.
   *
   * Which field takes which id: `destination-card-no` a card number;
   * `destination_card_recurring_payment_id` a `recurring-payment-id` (from create-recurring-payment
   * v4), never a `card-ref-id`; `account_number` with `bank_name` a bank account. A `card-ref-id`
   * (from create-card-ref, after an approved payment or account verification) is paid by the v4
   * transfer by reference, in `destination-card-ref-id`. The sandbox's payout test values (card
   * numbers and bank accounts that decline or stay `unknown`) are listed on those fields.
   *
   * **Signature.** Signed with OAuth 1.0a HMAC-SHA1 in the `Authorization` header, keyed with the merchant control key followed by `&`.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/payout/{endpointId}` with `client_orderid`, `amount`, `currency`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncResponse`: The payout was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.payout({
   *   client_orderid: "PO-7781",
   *   amount: "25.00",
   *   currency: "USD",
   *   order_desc: "Refund of overpayment, order 7781",
   *   ipaddress: "65.153.12.232",
   *   "destination-card-no": "4111111111111111",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payouts/payout | Payout to a card, bank account, e-wallet or phone} in the API reference
   * @group Payouts
   */
  payout(body: GatewayBody<"payout">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"payout">>>;

  /**
   * Check the eligibility of a stored card for sending funds.
   *
   * Checks whether the card behind `sending-card-ref-id` is eligible to send funds. This operation
   * appears only in the description's signing examples (OAuth 1.0a HMAC-SHA1, body `client-order-id`
   * and `sending-card-ref-id`); its purpose is inferred from its path and field names, and its reply
   * is assumed to be the usual asynchronous acknowledgement. It moves no funds.
   *
   * **Signature.** Signed with OAuth 1.0a HMAC-SHA1 in the `Authorization` header, keyed with the merchant control key followed by `&`.
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v2/pan-eligibility/send/{endpointId}` with `client-order-id`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncResponse`: The check was accepted. Assumed reply: the description does not show this operation's
   * response, so the asynchronous acknowledgement is used; read the outcome with the status
   * operation.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.panEligibilitySend({
   *   "client-order-id": "PE-55120",
   *   "sending-card-ref-id": "7704211",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payouts/paneligibilitysend | Check the eligibility of a stored card for sending funds} in the API reference
   * @group Payouts
   */
  panEligibilitySend(body: GatewayBody<"panEligibilitySend">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"panEligibilitySend">>>;

  /**
   * Transfer between stored cards (v2 transfer-by-ref).
   *
   * Transfers an amount to a stored card (`destination-card-ref-id`), from a stored card
   * (`source-card-ref-id`) or from the merchant account. From the vendor's PHP library
   * (source/PaynetEasy/PaynetEasyApi/Query/TransferByRefQuery.php): required `client_orderid`,
   * `amount`, `currency`, `ipaddress`, `destination-card-ref-id` and `login`; optional `order_desc`,
   * `source-card-ref-id`, `cvv2`, `redirect_url`, `server_callback_url`; control over `login`,
   * `client_orderid`, `source-card-ref-id`, `destination-card-ref-id`, the amount in minor units and
   * `currency`; the reply an async-response. The published docs describe the v4 command
   * (`/api/v4/transfer-by-ref`, OAuth RSA-SHA256) instead.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client_orderid` + `source-card-ref-id` + `destination-card-ref-id` + `amount` (minor units) + `currency` + merchant control key, sent as `control` (lowercase hex).
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v2/transfer-by-ref/{endpointId}` with `client_orderid`, `amount`, `currency`, `ipaddress`, `destination-card-ref-id`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncResponse`: The transfer was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.transferByRefV2({
   *   client_orderid: "TR2-902B4FF9",
   *   amount: "75.50",
   *   currency: "USD",
   *   ipaddress: "65.153.12.232",
   *   "source-card-ref-id": "2000001",
   *   "destination-card-ref-id": "2000002",
   *   order_desc: "Transfer between stored cards",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payouts/transferbyrefv2 | Transfer between stored cards (v2 transfer-by-ref)} in the API reference
   * @group Payouts
   */
  transferByRefV2(body: GatewayBody<"transferByRefV2">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"transferByRefV2">>>;

  /**
   * Payout to a stored card (v4 payout-by-ref).
   *
   * Pays out to a card stored as a card reference (`destination-card-ref-id`, the `card-ref-id` that
   * create-card-ref answers). Signed with OAuth 1.0a RSA-SHA256. From the published docs
   * (api_v4_payout-by-ref.html): required `client_orderid`, `amount`, `currency`,
   * `destination-card-ref-id`; optional `order_desc` (at most 64), `ipaddress`, `purpose`,
   * `server_callback_url`. The reply keys are assumed to be the v4 payout's (`TransferResponse`).
   * The outcome comes from the status operation or `server_callback_url`.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/payout-by-ref/{endpointId}` with `client_orderid`, `amount`, `currency`, `destination-card-ref-id`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v4/payout-by-ref/group/{endpointGroupId}` (the OAuth signature covers that address, group id included).
   *
   * **Replies** with `TransferResponse`: The payout was accepted; `paynet-order-id` identifies it.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.payoutByRef({
   *   client_orderid: "PR-902B4FFC",
   *   amount: "50.00",
   *   currency: "USD",
   *   "destination-card-ref-id": "2000002",
   *   order_desc: "Payout to a stored card",
   *   ipaddress: "65.153.12.232",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/payouts/payoutbyref | Payout to a stored card (v4 payout-by-ref)} in the API reference
   * @group Payouts
   */
  payoutByRef(body: GatewayBody<"payoutByRef">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"payoutByRef">>>;

  /**
   * Upload the 3-D Secure 2.x CRes.
   *
   * Uploads the CRes returned by the issuer's access control server after a 3DS 2.x challenge. It
   * continues a sale that is in a 3-D Secure flow; the sale's final outcome comes from the status
   * operation or `server_callback_url`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client-order-id` + `orderid` + merchant control key, sent as `control` (lowercase hex).
   *
   * Moves no money.
   *
   * **Sends** `POST /api/3ds/v1/upload-cres-result/{endpointId}` with `client-order-id`, `orderid`, `cRes`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncResponse`: The CRes was accepted; the sale continues and its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.uploadCresResult({
   *   "client-order-id": "902B4FF5",
   *   orderid: "1234567",
   *   cRes: "eyJ0aHJlZURTU2VydmVyVHJhbnNJRCI6IjhhODgwZGMwLWQyZDItNDA2Ny1iY2IxLWIwOGQxNjkwYjI2ZSIsImFjc1RyYW5zSUQiOiJkN2MxZWU5OS05NDc4LTQ0YTYtYjFmMi0zOTFlMjljNmIzNDAiLCJtZXNzYWdlVHlwZSI6IkNSZXMiLCJtZXNzYWdlVmVyc2lvbiI6IjIuMi4wIiwidHJhbnNTdGF0dXMiOiJZIn0",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/3-d-secure/uploadcresresult | Upload the 3-D Secure 2.x CRes} in the API reference
   * @group 3-D Secure
   */
  uploadCresResult(body: GatewayBody<"uploadCresResult">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"uploadCresResult">>>;

  /**
   * Upload the 3-D Secure 2.x method step result.
   *
   * Uploads the 3DS 2.x method step result: browser fingerprint fields and `threeDSCompInd`. It
   * continues a sale that is in a 3-D Secure flow. `threeDSCompInd` is `Y` when the method step
   * completed, `N` when it did not complete within 10 seconds, and `U` when no method URL was
   * provided. The description does not name the browser fingerprint fields; the published docs
   * (upload-method-url-result.html) name `threeDSServerTransID`, `browserIP` and the browser fields
   * with their lengths. The screen, time-zone and user-agent names were not visible in the copy of
   * that page available here and stay marked `x-assumed`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client-order-id` + `orderid` + merchant control key, sent as `control` (lowercase hex).
   *
   * Moves no money.
   *
   * **Sends** `POST /api/3ds/v1/upload-method-url-result/{endpointId}` with `client-order-id`, `orderid`, `threeDSCompInd`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncResponse`: The method step result was accepted; the sale continues and its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.uploadMethodUrlResult({
   *   "client-order-id": "902B4FF5",
   *   orderid: "1234567",
   *   threeDSCompInd: "Y",
   *   browserAcceptHeader: "text/html,application/xhtml+xml,application/xml;q=0.9,*\/*;q=0.8",
   *   browserJavaEnabled: false,
   *   browserJavascriptEnabled: true,
   *   browserLanguage: "en-US",
   *   browserColorDepth: "24",
   *   browserScreenHeight: "1080",
   *   browserScreenWidth: "1920",
   *   browserTZ: "480",
   *   browserUserAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/3-d-secure/uploadmethodurlresult | Upload the 3-D Secure 2.x method step result} in the API reference
   * @group 3-D Secure
   */
  uploadMethodUrlResult(body: GatewayBody<"uploadMethodUrlResult">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"uploadMethodUrlResult">>>;

  /**
   * Upload the 3-D Secure 1.0.2 PaRes.
   *
   * Uploads the PaRes of a 3DS 1.0.2 flow. It continues a sale that is in a 3-D Secure flow; the
   * sale's final outcome comes from the status operation or `server_callback_url`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client-order-id` + `orderid` + merchant control key, sent as `control` (lowercase hex).
   *
   * Moves no money.
   *
   * **Sends** `POST /api/3ds/v1/upload-pares-result/{endpointId}` with `client-order-id`, `orderid`, `paRes`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncResponse`: The PaRes was accepted; the sale continues and its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.uploadParesResult({
   *   "client-order-id": "902B4FF5",
   *   orderid: "1234567",
   *   md: "BB4A517A42736975764E3453",
   *   paRes: "eJzVWFmTo8iyfu9fUVH3kZhmEwI6qutMsS8CBGIRvLGJTSwSIEC//iJVdbnHM+eEfV5uBBEQ7O/CXZmVmJt9+zf/4K/ggo4Rk0l4k4H/d8VvR1P/j",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/3-d-secure/uploadparesresult | Upload the 3-D Secure 1.0.2 PaRes} in the API reference
   * @group 3-D Secure
   */
  uploadParesResult(body: GatewayBody<"uploadParesResult">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"uploadParesResult">>>;

  /**
   * Create a card reference (v4).
   *
   * Tokenization with semantics of the v2 operation: the card of an approved transaction becomes a
   * `card-ref-id` for later rebill or reference-based calls. Signed with OAuth 1.0a RSA-SHA256 (the
   * merchant login is the `oauth_consumer_key`, and is sent in the body as `login` as well). The
   * body fields and the reply keys are not in the description; they are those of the published
   * docs (api_v4_create-card-ref.html). An approved account verification (the card checked, no money moved) counts as that
   * transaction: it is how a card that is never charged, such as a seller's card to be paid, gets a
   * reference. The published docs (api_v2_create-card-ref.html, api_v4_create-card-ref.html) ask
   * for "the first payment transaction" in final status with sufficient card information and list
   * no types; the sandbox accepts an approved sale, preauth or account verification. The reference
   * pays out through the v4 transfer by reference (`destination-card-ref-id`) and is charged again
   * by the rebills.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v4/create-card-ref/{endpointId}` with `client_orderid`, `orderid`, `login`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v4/create-card-ref/group/{endpointGroupId}` (the OAuth signature covers that address, group id included).
   *
   * **Replies** with `CardRefV4AsyncResponse`: The card reference was created.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.createCardRefV4({
   *   client_orderid: "902B4FF5",
   *   orderid: "1234567",
   *   login: "sandbox-merchant",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/createcardrefv4 | Create a card reference (v4)} in the API reference
   * @group v4
   */
  createCardRefV4(body: GatewayBody<"createCardRefV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"createCardRefV4">>>;

  /**
   * Create a recurring payment subscription (v4).
   *
   * Creates a recurring payment subscription: schedule (`period`, `interval`), amount, customer
   * details. Returns a `recurring-payment-id` for later process and update calls. Signed with OAuth
   * 1.0a RSA-SHA256. From the published docs (api_v4_create-recurring-payment.html): the fields are
   * hyphenated (`client-orderid`, `credit-card-number`, `card-printed-name`, `customer-ip`, ...)
   * beside `order_desc` and `rp_card_type`, and the reply, with the `recurring-payment-id`, is
   * synchronous. The values of `period` are assumed.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/create-recurring-payment/{endpointId}` with `rp_card_type`, `client-orderid`, `order_desc`, `amount`, `currency`, `period`, `interval`, `credit-card-number`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `CreateRecurringPaymentResponse`: The recurring payment was created; its identifier is in `recurring-payment-id`.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.createRecurringPaymentV4({
   *   rp_card_type: "SRC",
   *   "client-orderid": "SUB-30017",
   *   order_desc: "Premium plan, monthly",
   *   amount: "9.99",
   *   currency: "USD",
   *   period: "month",
   *   interval: 1,
   *   "start-date": "2025-03-01",
   *   "card-printed-name": "JOHN SMITH",
   *   "credit-card-number": "4111111111111111",
   *   "expire-month": "12",
   *   "expire-year": "2030",
   *   cvv2: "123",
   *   "first-name": "John",
   *   "last-name": "Smith",
   *   email: "john.smith@gmail.com",
   *   "customer-ip": "65.153.12.232",
   *   address1: "100 Main st",
   *   city: "Seattle",
   *   "zip-code": "98102",
   *   country: "US",
   *   phone: "+12063582043",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/createrecurringpaymentv4 | Create a recurring payment subscription (v4)} in the API reference
   * @group v4
   */
  createRecurringPaymentV4(body: GatewayBody<"createRecurringPaymentV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"createRecurringPaymentV4">>>;

  /**
   * Check and register a payout (two-step payout, step 1).
   *
   * First step of two-step payout: validates the recipient and registers the request without
   * releasing funds. payout-pay then executes it, referring to the `paynet-order-id` of this reply.
   * Signed with OAuth 1.0a RSA-SHA256. The body fields are not in the description; those of the v4
   * payout are assumed.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v4/payout-check/{endpointId}` with `client-order-id`, `amount`, `currency`, `order_desc`, `account_number`, `bank_name`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `AsyncResponse`: The payout was registered for checking; no funds were released.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.payoutCheck({
   *   "client-order-id": "PO-9001",
   *   amount: "1500.00",
   *   currency: "EUR",
   *   order_desc: "Seller settlement, week 3",
   *   account_number: "DE89370400440532013000",
   *   bank_name: "Commerzbank",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/payoutcheck | Check and register a payout (two-step payout, step 1)} in the API reference
   * @group v4
   */
  payoutCheck(body: GatewayBody<"payoutCheck">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"payoutCheck">>>;

  /**
   * Execute a checked payout (two-step payout, step 2).
   *
   * Second step of two-step payout: confirms and executes a payout registered by payout-check.
   * Signed with OAuth 1.0a RSA-SHA256, by the description's rule that v4 operations use RSA-SHA256.
   * The description shows neither its name, body nor reply: the body (the payout's `client_orderid`
   * and the `orderid` from payout-check) and the asynchronous acknowledgement as reply are assumed.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/payout-pay/{endpointId}` with `client_orderid`, `orderid`, `login`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v4/payout-pay/group/{endpointGroupId}` (the OAuth signature covers that address, group id included).
   *
   * **Replies** with `AsyncResponse`: The payout was accepted for execution; its outcome comes later. The asynchronous
   * acknowledgement (`type` `async-response`), per the published docs (api_v4_payout-pay.html).
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.payoutPay({
   *   client_orderid: "PO-9001",
   *   orderid: "1234610",
   *   login: "sandbox-merchant",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/payoutpay | Execute a checked payout (two-step payout, step 2)} in the API reference
   * @group v4
   */
  payoutPay(body: GatewayBody<"payoutPay">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"payoutPay">>>;

  /**
   * Card-to-card transfer (v4).
   *
   * Transfers funds from a source card (card data or `card_recurring_payment_id`) to a destination
   * card (`destination-card-no` or `destination_card_recurring_payment_id`). This operation appears
   * only in the description's signing examples (OAuth 1.0a RSA-SHA256); its body names are those of
   * the example, and its purpose is inferred from them. The reply only acknowledges the request;
   * the final outcome comes from the status operation or `server_callback_url`.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/transfer/{endpointId}` with `client_orderid`, `amount`, `currency`, `order_desc`, `ipaddress`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v4/transfer/group/{endpointGroupId}` (the OAuth signature covers that address, group id included).
   *
   * **Replies** with `AsyncResponse`: The transfer was accepted for processing; its outcome comes later.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.transfer({
   *   client_orderid: "TR-40011",
   *   amount: "100.00",
   *   currency: "USD",
   *   order_desc: "Transfer to a friend",
   *   credit_card_number: "4111111111111111",
   *   card_printed_name: "JOHN SMITH",
   *   expire_month: "12",
   *   expire_year: "2030",
   *   cvv2: "123",
   *   ipaddress: "65.153.12.232",
   *   redirect_url: "https://shop.example.com/return",
   *   deposit2card: true,
   *   "destination-card-no": "5555555555554444",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/transfer | Card-to-card transfer (v4)} in the API reference
   * @group v4
   */
  transfer(body: GatewayBody<"transfer">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"transfer">>>;

  /**
   * Transfer to a card or a card reference (v4).
   *
   * Transfers funds from the merchant account to a card: by number (`destination-card-no`) or by a
   * stored card reference (`destination-card-ref-id`, the `card-ref-id` that create-card-ref
   * answers, also after an approved account verification): the way to pay out to a stored card.
   * This operation appears only in the description's signing examples (OAuth 1.0a RSA-SHA256, body
   * `client-order-id`, `amount`, `currency`, `order_desc`, `destination-card-no`); the published
   * docs (api_v4_deposit_transfer.html) add `destination-card-ref-id`. The description says it
   * returns an object with a transaction identifier. The body takes no `server_callback_url`:
   * neither the description's signing example nor the parts of api_v4_deposit_transfer.html
   * available to this project name one, so the outcome comes from polling the status operation only.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/transfer-by-ref/{endpointId}` with `client-order-id`, `amount`, `currency`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v4/transfer-by-ref/group/{endpointGroupId}` (the OAuth signature covers that address, group id included).
   *
   * **Replies** with `TransferResponse`: The transfer was accepted; `paynet-order-id` identifies it.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.transferByRef({
   *   "client-order-id": "TR-40020",
   *   amount: "75.50",
   *   currency: "USD",
   *   order_desc: "Prize payout, contest 12",
   *   "destination-card-no": "5555555555554444",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/transferbyref | Transfer to a card or a card reference (v4)} in the API reference
   * @group v4
   */
  transferByRef(body: GatewayBody<"transferByRef">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"transferByRef">>>;

  /**
   * Payout to a bank account or a card (v4).
   *
   * Single-call v4 payout from the merchant account to a bank account (`account_number`,
   * `bank_name`) or to a card given by number (`credit_card_number`, `card_printed_name`,
   * `expire_month`, `expire_year`). This operation appears only in the description's signing
   * examples (OAuth 1.0a RSA-SHA256, body `client-order-id`, `amount`, `currency`, `order_desc`,
   * `account_number`, `bank_name`); the description says it returns an object with a payout
   * identifier. The outcome comes from the status operation, or from a callback to
   * `server_callback_url`: the description's signing example sends none, but the published docs
   * (api_v4_payout.html) list it as optional. To pay a stored card, use the v4 transfer by reference
   * (`destination-card-ref-id`).
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/payout/{endpointId}` with `client-order-id`, `amount`, `currency`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v4/payout/group/{endpointGroupId}` (the OAuth signature covers that address, group id included).
   *
   * **Replies** with `TransferResponse`: The payout was accepted; `paynet-order-id` identifies it.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.payoutV4({
   *   "client-order-id": "PO-9002",
   *   amount: "1500.00",
   *   currency: "EUR",
   *   order_desc: "Seller settlement, week 4",
   *   account_number: "DE89370400440532013000",
   *   bank_name: "Commerzbank",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/payoutv4 | Payout to a bank account or a card (v4)} in the API reference
   * @group v4
   */
  payoutV4(body: GatewayBody<"payoutV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"payoutV4">>>;

  /**
   * Transfer on a hosted page (v4 transfer-form).
   *
   * Starts a transfer whose sender (or receiver) enters card details on the gateway's hosted page;
   * the reply carries `redirect-url`. Signed with OAuth 1.0a RSA-SHA256 (published docs,
   * api_v4_transfer-form.html: form to card, form to recurring payment, card or deposit to form,
   * form to form). The page lists `destination-card-no` (alias `destination`), `deposit2card`,
   * `ipaddress` and `amount` first; the rest of its fields were not visible in the copy available to
   * this project and are assumed to be the v4 transfer's.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/transfer-form/{endpointId}` with `client_orderid`, `amount`, `currency`, `ipaddress`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v4/transfer-form/group/{endpointGroupId}` (the OAuth signature covers that address, group id included).
   *
   * **Replies** with `AsyncCheckoutFormRedirect`: The transfer was registered; send the customer to `redirect-url`.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.transferFormV4({
   *   client_orderid: "TF4-902B4FFB",
   *   amount: "75.50",
   *   currency: "USD",
   *   ipaddress: "65.153.12.232",
   *   "destination-card-no": "5555555555554444",
   *   order_desc: "Transfer on the hosted page",
   *   redirect_url: "https://shop.example.com/return",
   *   server_callback_url: "https://shop.example.com/callback",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/transferformv4 | Transfer on a hosted page (v4 transfer-form)} in the API reference
   * @group v4
   */
  transferFormV4(body: GatewayBody<"transferFormV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"transferFormV4">>>;

  /**
   * Charge a recurring payment now (v4).
   *
   * Charges a recurring payment (the `recurring-payment-id` that create-recurring-payment answered)
   * now, for `amount`, outside its schedule. Signed with OAuth 1.0a RSA-SHA256. From the published
   * docs (api_v4_process-recurring-payment.html): `client-orderid`, `recurring-payment-id`, `amount`
   * (in the recurring payment's currency); the login and endpoint are those of the signature and the
   * path. Reply `process-recurring-payment-response` with `status` and `serial-number`.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/process-recurring-payment/{endpointId}` with `client-orderid`, `recurring-payment-id`, `amount`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `ProcessRecurringPaymentResponse`: The charge was accepted.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.processRecurringPaymentV4({
   *   "client-orderid": "RP-902B4FFD",
   *   "recurring-payment-id": "3000001",
   *   amount: "9.99",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/processrecurringpaymentv4 | Charge a recurring payment now (v4)} in the API reference
   * @group v4
   */
  processRecurringPaymentV4(body: GatewayBody<"processRecurringPaymentV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"processRecurringPaymentV4">>>;

  /**
   * Change a recurring payment (v4).
   *
   * Changes a recurring payment's profile, found by `recurring-payment-id`: its card, its amount
   * (fixed, a random range, or a sequence) and the rest of its schedule; later charges follow the
   * updated profile. Synchronous; signed with OAuth 1.0a RSA-SHA256 (published docs,
   * api_v4_update-recurring-payment.html). The card fields go together: `card-printed-name`,
   * `expire-month` and `expire-year` only with `credit-card-number`. The reply keys were not visible
   * in the copy available to this project and are assumed.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v4/update-recurring-payment/{endpointId}` with `client-orderid`, `recurring-payment-id`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `UpdateRecurringPaymentResponse`: The recurring payment was changed.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.updateRecurringPaymentV4({
   *   "client-orderid": "RP-902B4FFE",
   *   "recurring-payment-id": "3000001",
   *   amount: "12.99",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/updaterecurringpaymentv4 | Change a recurring payment (v4)} in the API reference
   * @group v4
   */
  updateRecurringPaymentV4(body: GatewayBody<"updateRecurringPaymentV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"updateRecurringPaymentV4">>>;

  /**
   * Create many recurring payments (v4, CSV).
   *
   * Creates one recurring payment profile for each CSV row of `payload`, each with a new
   * `recurring-payment-id`, as create-recurring-payment does for one (published docs,
   * api_v4_create-recurring-payments.html: "Create recurring payments Multiple"). Signed with OAuth
   * 1.0a RSA-SHA256. Its parameters go in `payload`, one CSV row per recurring payment with the
   * columns the page lists, instead of form fields. The reply keys were not visible in the copy
   * available to this project and are assumed.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/create-recurring-payments/{endpointId}` with `payload`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `RecurringPaymentsCsvResponse`: The rows were accepted.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.createRecurringPaymentsV4({
   *   payload: "client-orderid,recurring-payment-id,amount\nRP-1,3000001,9.99\nRP-2,3000002,19.99",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/createrecurringpaymentsv4 | Create many recurring payments (v4, CSV)} in the API reference
   * @group v4
   */
  createRecurringPaymentsV4(body: GatewayBody<"createRecurringPaymentsV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"createRecurringPaymentsV4">>>;

  /**
   * Charge many recurring payments now (v4, CSV).
   *
   * Charges each recurring payment of the CSV rows of `payload` now, as process-recurring-payment
   * does for one (published docs, api_v4_process-recurring-payments.html: "Process recurring payment
   * Multiple"). Signed with OAuth 1.0a RSA-SHA256. Its parameters go in `payload`, one CSV row per
   * recurring payment with the columns the page lists, instead of form fields. The page names the
   * reply `process-recurring-payment-response` with `status` and `serial-number`.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * **Moves money**, so it is never retried: after an error whose `outcome` is `"unknown"` (a timeout, a network failure, a server error), pass it to `gateway.recover(error)`, which asks the gateway whether it took effect, and send it again only on `applied: false`.
   *
   * **Sends** `POST /api/v4/process-recurring-payments/{endpointId}` with `payload`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `RecurringPaymentsCsvResponse`: The rows were accepted.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.processRecurringPaymentsV4({
   *   payload: "client-orderid,recurring-payment-id,amount\nRP-1,3000001,9.99\nRP-2,3000002,19.99",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/processrecurringpaymentsv4 | Charge many recurring payments now (v4, CSV)} in the API reference
   * @group v4
   */
  processRecurringPaymentsV4(body: GatewayBody<"processRecurringPaymentsV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"processRecurringPaymentsV4">>>;

  /**
   * Change many recurring payments (v4, CSV).
   *
   * Changes each recurring payment of the CSV rows of `payload`, as update-recurring-payment does
   * for one (published docs, api_v4_update-recurring-payments.html: "Update recurring payment
   * Multiple"). Signed with OAuth 1.0a RSA-SHA256. Its parameters go in `payload`, one CSV row per
   * recurring payment with the columns the page lists, instead of form fields. The reply keys were
   * not visible in the copy available to this project and are assumed.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v4/update-recurring-payments/{endpointId}` with `payload`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `RecurringPaymentsCsvResponse`: The rows were accepted.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.updateRecurringPaymentsV4({
   *   payload: "client-orderid,recurring-payment-id,amount\nRP-1,3000001,9.99\nRP-2,3000002,19.99",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/v4/updaterecurringpaymentsv4 | Change many recurring payments (v4, CSV)} in the API reference
   * @group v4
   */
  updateRecurringPaymentsV4(body: GatewayBody<"updateRecurringPaymentsV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"updateRecurringPaymentsV4">>>;

  /**
   * Transaction status.
   *
   * Current status of a transaction. Used for polling and for fetching the final outcome after a
   * callback. Identify by `orderid`, or by `client_orderid` when `orderid` is unavailable: `orderid`
   * is then omitted and its `control` term is the empty string. From the documented gateway:
   * `by-request-sn` optionally asks for the status of the request with that serial number. When the
   * reply carries `html`, show it to the customer (a 3-D Secure page); when it carries
   * `redirect-url`, redirect the customer there; otherwise poll again until the status is final.
   * With `orderid`, `client_orderid` carries the order's own `client_orderid`, the one of the order
   * named by `orderid`.
   *
   * **Signature.** Signed with the control digest: SHA-1 of `login` + `client_orderid` + `orderid` + merchant control key, sent as `control` (lowercase hex).
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v2/status/{endpointId}` with `client_orderid`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v2/status/group/{endpointGroupId}` (its `control` term `endpointId` is then the group id).
   *
   * **Replies** with `StatusResponse`: Current status of the transaction.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.status({
   *   client_orderid: "902B4FF5",
   *   orderid: "1234567",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/status/status | Transaction status} in the API reference
   * @group Status
   */
  status(body: GatewayBody<"status">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"status">>>;

  /**
   * Transaction status (v4).
   *
   * The order status query signed with OAuth 1.0a RSA-SHA256 instead of a control: the same request
   * fields (`login`, `client_orderid`, `orderid` when known, `by-request-sn`) and the same
   * status-response (published docs, api_v4_status.html, beside api_v2_status.html). Identify the
   * order by `orderid`, or by `client_orderid` alone when it is unique and no `orderid` was
   * received.
   *
   * **Signature.** Signed with OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key.
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v4/status/{endpointId}` with `login`, `client_orderid`.
   *
   * Through an endpoint group (`endpointGroupId`): `POST /api/v4/status/group/{endpointGroupId}` (the OAuth signature covers that address, group id included).
   *
   * **Replies** with `StatusResponse`: The transaction's current status.
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.statusV4({
   *   login: "sandbox-merchant",
   *   client_orderid: "902B4FF5",
   *   orderid: "1234567",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/status/statusv4 | Transaction status (v4)} in the API reference
   * @group Status
   */
  statusV4(body: GatewayBody<"statusV4">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"statusV4">>>;

  /**
   * Balance of an endpoint.
   *
   * The current balance of the endpoint the request is addressed to (published docs,
   * api_v2_get_balance.html: "Get Balance is initiated through HTTPS POST request ... Use OAuth
   * HMAC-SHA1 for authentication ... Please contact support managers to enable this feature").
   * Signed with OAuth 1.0a HMAC-SHA1, no `control`. The page lists the endpoint address only, no
   * endpoint group address. It moves no money: a request whose reply was lost may be sent again.
   *
   * The page gives the reply two ways. Its note says "Response has Content-Type:
   * text/html;charset=utf-8 header. All fields are x-www-form-urlencoded, with (0xA) character at
   * the end of each parameter's value"; its success example is a JSON list,
   * `[ { "balance-amount":29.99, } ]`, whose trailing comma JSON does not allow. This spec takes
   * each for one of the gateway's two reply forms, as it does for every operation: asked with
   * `Accept: application/vnd.pay+json`, the reply is a JSON list of objects as the example shows
   * (the list is the example's shape; a reader accepts its trailing comma, nothing looser, and the
   * sandbox never writes one); in the classic form (without that `Accept`) it is the note's
   * `balance-amount=29.99` line, one item's keys after another's, an item starting where a key
   * comes again. `balance-amount` is a number in major units, as the example writes it. A refusal
   * is one object, as every operation's.
   *
   * The get-balance commands for a manager's login (`/get-balance/manager/MANAGERLOGIN`) and a
   * merchant's login (`/get-balance/merchant/MERCHANTLOGIN`) are left out: see the API commands
   * index in the reference's Sources section.
   *
   * **Signature.** Signed with OAuth 1.0a HMAC-SHA1 in the `Authorization` header, keyed with the merchant control key followed by `&`.
   *
   * Moves no money.
   *
   * **Sends** `POST /api/v2/get-balance/{endpointId}` with `balance-provider`.
   *
   * Through an endpoint group (`endpointGroupId`): refused before sending, as its page lists no group address.
   *
   * **Replies** with `BalanceList`: The endpoint's balance: a list of one object per balance, as the page's success example
   * gives it (api_v2_get_balance.html).
   *
   * @example
   * ```ts
   * const { data, error } = await gateway.getBalance({
   *   "balance-provider": "Test",
   * });
   * ```
   *
   * @see {@link https://card-processing.github.io/sdk/api/index.html#/reports/getbalance | Balance of an endpoint} in the API reference
   * @group Reports
   */
  getBalance(body: GatewayBody<"getBalance">, options?: CallOptions): Promise<GatewayResult<GatewayReply<"getBalance">>>;
}
