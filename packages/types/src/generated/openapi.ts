// This file is generated from spec/ by `pnpm generate`. Do not edit it by hand:
// change the spec and run `pnpm generate` again.

export interface paths {
    "/api/3ds/v1/upload-cres-result/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the 3-D Secure 2.x CRes
         * @description Uploads the CRes returned by the issuer's access control server after a 3DS 2.x challenge. It
         *     continues a sale that is in a 3-D Secure flow; the sale's final outcome comes from the status
         *     operation or `server_callback_url`.
         *
         */
        post: operations["uploadCresResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/3ds/v1/upload-method-url-result/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the 3-D Secure 2.x method step result
         * @description Uploads the 3DS 2.x method step result: browser fingerprint fields and `threeDSCompInd`. It
         *     continues a sale that is in a 3-D Secure flow. `threeDSCompInd` is `Y` when the method step
         *     completed, `N` when it did not complete within 10 seconds, and `U` when no method URL was
         *     provided. The description does not name the browser fingerprint fields; the published docs
         *     (upload-method-url-result.html) name `threeDSServerTransID`, `browserIP` and the browser fields
         *     with their lengths. The screen, time-zone and user-agent names were not visible in the copy of
         *     that page available here and stay marked `x-assumed`.
         *
         */
        post: operations["uploadMethodUrlResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/3ds/v1/upload-pares-result/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the 3-D Secure 1.0.2 PaRes
         * @description Uploads the PaRes of a 3DS 1.0.2 flow. It continues a sale that is in a 3-D Secure flow; the
         *     sale's final outcome comes from the status operation or `server_callback_url`.
         *
         */
        post: operations["uploadParesResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/account-verification-form/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Account verification on the hosted page
         * @description Account verification with card data collected on the hosted page: a zero-amount
         *     authorization confirming the card account is in good standing without charging. Card fields
         *     are not sent; the customer enters them on the hosted page. The body carries no amount (assumed,
         *     see `AccountVerificationFormRequest`).
         *
         */
        post: operations["accountVerificationForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/account-verification/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Account verification (zero-amount authorization)
         * @description Zero-amount authorization confirming the card account is in good standing without charging.
         *     Used before tokenization or recurring use. The body carries no amount (assumed, see
         *     `AccountVerificationRequest`). Final outcome comes from the status operation or
         *     `server_callback_url`.
         *
         */
        post: operations["accountVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/capture/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture a preauthorization
         * @description Captures funds authorized by preauth. References the original by `orderid`. Partial capture by
         *     `amount` and `currency`; omit both to capture the full amount. From the documented gateway:
         *     `amount` and `currency` are optional, and when they are absent their `control` terms are empty
         *     strings. The documented gateway's official PHP library (payneteasy/php-library-payneteasy-api)
         *     signs a full capture differently: it sends neither `amount` nor `currency` but signs the held
         *     amount (in minor units) and currency of the order. Integrations built on it work against the
         *     gateway, so the gateway accepts that signature too (`x-signature-terms-from-order`: the terms
         *     taken from the referenced order when the request leaves them out).
         *     `client_orderid` carries the order's own `client_orderid`, the one of the order named by
         *     `orderid`, never a new one.
         *
         */
        post: operations["capture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/create-card-ref/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a card reference
         * @description Tokenizes cardholder data into a `card-ref-id` for later rebill or sale-by-reference calls.
         *     From the documented gateway: `orderid` names an approved transaction whose card is stored.
         *     `client_orderid` carries the order's own `client_orderid`, the one of the order named by
         *     `orderid`, never a new one. An approved account verification (the card checked, no money moved) counts as that
         *     transaction: it is how a card that is never charged, such as a seller's card to be paid, gets a
         *     reference. The published docs (api_v2_create-card-ref.html, api_v4_create-card-ref.html) ask
         *     for "the first payment transaction" in final status with sufficient card information and list
         *     no types; the sandbox accepts an approved sale, preauth or account verification. The reference
         *     pays out through the v4 transfer by reference (`destination-card-ref-id`) and is charged again
         *     by the rebills.
         *
         */
        post: operations["createCardRef"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/get-balance/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Balance of an endpoint
         * @description The current balance of the endpoint the request is addressed to (published docs,
         *     api_v2_get_balance.html: "Get Balance is initiated through HTTPS POST request ... Use OAuth
         *     HMAC-SHA1 for authentication ... Please contact support managers to enable this feature").
         *     Signed with OAuth 1.0a HMAC-SHA1, no `control`. The page lists the endpoint address only, no
         *     endpoint group address. It moves no money: a request whose reply was lost may be sent again.
         *
         *     The page gives the reply two ways. Its note says "Response has Content-Type:
         *     text/html;charset=utf-8 header. All fields are x-www-form-urlencoded, with (0xA) character at
         *     the end of each parameter's value"; its success example is a JSON list,
         *     `[ { "balance-amount":29.99, } ]`, whose trailing comma JSON does not allow. This spec takes
         *     each for one of the gateway's two reply forms, as it does for every operation: asked with
         *     `Accept: application/vnd.pay+json`, the reply is a JSON list of objects as the example shows
         *     (the list is the example's shape; a reader accepts its trailing comma, nothing looser, and the
         *     sandbox never writes one); in the classic form (without that `Accept`) it is the note's
         *     `balance-amount=29.99` line, one item's keys after another's, an item starting where a key
         *     comes again. `balance-amount` is a number in major units, as the example writes it. A refusal
         *     is one object, as every operation's.
         *
         *     The get-balance commands for a manager's login (`/get-balance/manager/MANAGERLOGIN`) and a
         *     merchant's login (`/get-balance/merchant/MERCHANTLOGIN`) are left out: see the API commands
         *     index in the reference's Sources section.
         *
         */
        post: operations["getBalance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/get-card-info/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get stored-card information
         * @description Returns stored-card information (BIN, brand, masked PAN, expiration) for `cardrefid`. The API
         *     description states no signature for this operation; the `control` signature over `login` and
         *     `cardrefid` followed by the merchant control key comes from the documented gateway (its official
         *     libraries sign it so), as do the body fields.
         *
         */
        post: operations["getCardInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/make-rebill/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Charge a stored card (rebill)
         * @description Charges a stored card by `cardrefid` when the cardholder is absent (recurring or subsequent
         *     charges). Final outcome comes from the status operation or `server_callback_url`. Required
         *     fields, including the order description and the customer's IP address, from the documented
         *     gateway.
         *
         */
        post: operations["makeRebill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/make-rebill-sale/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Charge a stored card (make-rebill-sale)
         * @description Charges a stored card by `cardrefid` when the cardholder is absent. Documented by the
         *     published docs (api_v2_make-rebill-sale.html) beside the legacy `make-rebill` path, with the same required fields
         *     (`login`, `client_orderid`, `cardrefid` of at most 20 characters, `amount`, `currency`).
         *     The outcome is a sale; read it with the status operation or at `server_callback_url`.
         *
         */
        post: operations["makeRebillSale"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/make-rebill-preauth/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hold funds on a stored card (make-rebill-preauth)
         * @description Places a hold (preauthorization) on a stored card by `cardrefid` when the cardholder is absent. Documented by the
         *     published docs (api_v2_make-rebill-preauth.html) beside the legacy `make-rebill` path, with the same required fields
         *     (`login`, `client_orderid`, `cardrefid` of at most 20 characters, `amount`, `currency`).
         *     The outcome is a held amount, released by void or settled by capture; read it with the status operation or at `server_callback_url`.
         *
         */
        post: operations["makeRebillPreauth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payment-form/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Universal hosted payment form
         * @description Universal hosted payment form, for cases where neither the sale form nor the preauth form
         *     fits. Neither the API description nor the documented gateway states its fields or its signature;
         *     both are assumed to be those of the sale form (see `x-signature` and `PaymentFormRequest`).
         *
         */
        post: operations["paymentForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payout-form/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Payout with destination data collected on the hosted form
         * @description Payout with the recipient's destination data collected on the hosted form. Semantics as for
         *     payout. The reply carries the address of the hosted page the customer must be sent to; the
         *     final outcome comes from the status operation or `server_callback_url`. The description does
         *     not state the signature; OAuth 1.0a HMAC-SHA1 as for v2 payout is assumed.
         *
         */
        post: operations["payoutForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/payout/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Payout to a card, bank account, e-wallet or phone
         * @description Outgoing transfer from the merchant account to a card, bank account, e-wallet or other supported
         *     destination, including a fast payments system by phone. Signed with OAuth 1.0a HMAC-SHA1 (the
         *     `oauth_*` parameters travel in the `Authorization` header only). From the documented gateway:
         *     `client_orderid`, `amount`, `currency` and the destination fields are required. The reply only
         *     acknowledges the request; the final outcome comes from the status operation or
         *     `server_callback_url`.
         *
         *     Which field takes which id: `destination-card-no` a card number;
         *     `destination_card_recurring_payment_id` a `recurring-payment-id` (from create-recurring-payment
         *     v4), never a `card-ref-id`; `account_number` with `bank_name` a bank account. A `card-ref-id`
         *     (from create-card-ref, after an approved payment or account verification) is paid by the v4
         *     transfer by reference, in `destination-card-ref-id`. The sandbox's payout test values (card
         *     numbers and bank accounts that decline or stay `unknown`) are listed on those fields.
         *
         */
        post: operations["payout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/preauth-form/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preauthorization on the hosted page
         * @description Preauth on the hosted page. Semantics as for preauth: funds stay held until capture or void.
         *     Card fields are not sent; the customer enters them on the hosted page. Required fields from the
         *     documented gateway.
         *
         */
        post: operations["preauthForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/preauth/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preauthorization (hold funds)
         * @description Reserves funds without settlement. Funds stay held until capture or void. Final outcome comes
         *     from the status operation or `server_callback_url`. Required fields from the documented
         *     gateway.
         *
         */
        post: operations["preauth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/return/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return funds (cancel, reversal or refund)
         * @description Returns funds to the cardholder, referenced by `orderid`. If the original is a
         *     preauthorization, the return cancels it (releases the hold). If the original is a sale or a
         *     capture, it is a reversal or refund: partial by `amount` with `currency`; omit both for a full
         *     return of the original amount. Allowed only when the original is in a final successful status;
         *     otherwise the request is refused. From the documented gateway: `comment` is required, and when
         *     `amount` and `currency` are absent their `control` terms are empty strings.
         *     `client_orderid` carries the order's own `client_orderid`, the one of the order named by
         *     `orderid`, never a new one.
         *
         */
        post: operations["return"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sale-form/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sale on the hosted page
         * @description Sale with card data collected on the hosted page. The synchronous response contains the
         *     redirect address the customer must be sent to. Card fields are not sent; the customer enters
         *     them on the hosted page. Required fields from the documented gateway.
         *
         */
        post: operations["saleForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sale/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sale (authorization and capture in one step)
         * @description Sale (authorization and capture combined). Supports non-3DS and 3DS flows. In 3DS the customer
         *     goes through `redirect_url` to the issuer's access control server and back. Final outcome comes
         *     from the status operation or `server_callback_url`.
         *
         */
        post: operations["sale"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/status/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transaction status
         * @description Current status of a transaction. Used for polling and for fetching the final outcome after a
         *     callback. Identify by `orderid`, or by `client_orderid` when `orderid` is unavailable: `orderid`
         *     is then omitted and its `control` term is the empty string. From the documented gateway:
         *     `by-request-sn` optionally asks for the status of the request with that serial number. When the
         *     reply carries `html`, show it to the customer (a 3-D Secure page); when it carries
         *     `redirect-url`, redirect the customer there; otherwise poll again until the status is final.
         *     With `orderid`, `client_orderid` carries the order's own `client_orderid`, the one of the order
         *     named by `orderid`.
         *
         */
        post: operations["status"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/void/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void an authorized transaction
         * @description Cancels an authorized, unsettled transaction, referenced by `orderid`. No partial amount (API
         *     description). Required fields, including a `comment` of at most 50 characters, from the
         *     published docs (api_v2_void.html).
         *     `client_orderid` carries the order's own `client_orderid`, the one of the order named by
         *     `orderid`, never a new one.
         *
         */
        post: operations["void"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/pan-eligibility/send/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the eligibility of a stored card for sending funds
         * @description Checks whether the card behind `sending-card-ref-id` is eligible to send funds. This operation
         *     appears only in the description's signing examples (OAuth 1.0a HMAC-SHA1, body `client-order-id`
         *     and `sending-card-ref-id`); its purpose is inferred from its path and field names, and its reply
         *     is assumed to be the usual asynchronous acknowledgement. It moves no funds.
         *
         */
        post: operations["panEligibilitySend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/create-card-ref/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a card reference (v4)
         * @description Tokenization with semantics of the v2 operation: the card of an approved transaction becomes a
         *     `card-ref-id` for later rebill or reference-based calls. Signed with OAuth 1.0a RSA-SHA256 (the
         *     merchant login is the `oauth_consumer_key`, and is sent in the body as `login` as well). The
         *     body fields and the reply keys are not in the description; they are those of the published
         *     docs (api_v4_create-card-ref.html). An approved account verification (the card checked, no money moved) counts as that
         *     transaction: it is how a card that is never charged, such as a seller's card to be paid, gets a
         *     reference. The published docs (api_v2_create-card-ref.html, api_v4_create-card-ref.html) ask
         *     for "the first payment transaction" in final status with sufficient card information and list
         *     no types; the sandbox accepts an approved sale, preauth or account verification. The reference
         *     pays out through the v4 transfer by reference (`destination-card-ref-id`) and is charged again
         *     by the rebills.
         *
         */
        post: operations["createCardRefV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/create-recurring-payment/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a recurring payment subscription (v4)
         * @description Creates a recurring payment subscription: schedule (`period`, `interval`), amount, customer
         *     details. Returns a `recurring-payment-id` for later process and update calls. Signed with OAuth
         *     1.0a RSA-SHA256. From the published docs (api_v4_create-recurring-payment.html): the fields are
         *     hyphenated (`client-orderid`, `credit-card-number`, `card-printed-name`, `customer-ip`, ...)
         *     beside `order_desc` and `rp_card_type`, and the reply, with the `recurring-payment-id`, is
         *     synchronous. The values of `period` are assumed.
         *
         */
        post: operations["createRecurringPaymentV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/payout-check/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check and register a payout (two-step payout, step 1)
         * @description First step of two-step payout: validates the recipient and registers the request without
         *     releasing funds. payout-pay then executes it, referring to the `paynet-order-id` of this reply.
         *     Signed with OAuth 1.0a RSA-SHA256. The body fields are not in the description; those of the v4
         *     payout are assumed.
         *
         */
        post: operations["payoutCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/payout-pay/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute a checked payout (two-step payout, step 2)
         * @description Second step of two-step payout: confirms and executes a payout registered by payout-check.
         *     Signed with OAuth 1.0a RSA-SHA256, by the description's rule that v4 operations use RSA-SHA256.
         *     The description shows neither its name, body nor reply: the body (the payout's `client_orderid`
         *     and the `orderid` from payout-check) and the asynchronous acknowledgement as reply are assumed.
         *
         */
        post: operations["payoutPay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/transfer/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Card-to-card transfer (v4)
         * @description Transfers funds from a source card (card data or `card_recurring_payment_id`) to a destination
         *     card (`destination-card-no` or `destination_card_recurring_payment_id`). This operation appears
         *     only in the description's signing examples (OAuth 1.0a RSA-SHA256); its body names are those of
         *     the example, and its purpose is inferred from them. The reply only acknowledges the request;
         *     the final outcome comes from the status operation or `server_callback_url`.
         *
         */
        post: operations["transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/transfer-by-ref/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer to a card or a card reference (v4)
         * @description Transfers funds from the merchant account to a card: by number (`destination-card-no`) or by a
         *     stored card reference (`destination-card-ref-id`, the `card-ref-id` that create-card-ref
         *     answers, also after an approved account verification): the way to pay out to a stored card.
         *     This operation appears only in the description's signing examples (OAuth 1.0a RSA-SHA256, body
         *     `client-order-id`, `amount`, `currency`, `order_desc`, `destination-card-no`); the published
         *     docs (api_v4_deposit_transfer.html) add `destination-card-ref-id`. The description says it
         *     returns an object with a transaction identifier. The body takes no `server_callback_url`:
         *     neither the description's signing example nor the parts of api_v4_deposit_transfer.html
         *     available to this project name one, so the outcome comes from polling the status operation only.
         *
         */
        post: operations["transferByRef"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/payout/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Payout to a bank account or a card (v4)
         * @description Single-call v4 payout from the merchant account to a bank account (`account_number`,
         *     `bank_name`) or to a card given by number (`credit_card_number`, `card_printed_name`,
         *     `expire_month`, `expire_year`). This operation appears only in the description's signing
         *     examples (OAuth 1.0a RSA-SHA256, body `client-order-id`, `amount`, `currency`, `order_desc`,
         *     `account_number`, `bank_name`); the description says it returns an object with a payout
         *     identifier. The outcome comes from the status operation, or from a callback to
         *     `server_callback_url`: the description's signing example sends none, but the published docs
         *     (api_v4_payout.html) list it as optional. To pay a stored card, use the v4 transfer by reference
         *     (`destination-card-ref-id`).
         *
         */
        post: operations["payoutV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sync/account-verification/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Account verification answered at once (sync)
         * @description Account verification whose reply carries its outcome: a status-response with the card's details
         *     and a card reference, instead of an async-response to poll. The vendor's PHP library sends it
         *     (source/PaynetEasy/PaynetEasyApi/Query/SyncAccountVerificationQuery.php) to
         *     `/api/v2/sync/account-verification/ENDPOINTID`: its gateway client maps a query named `sync-...`
         *     to the path `sync/...` (Transport/GatewayClient.php, getUrl). Its fields and its control
         *     (endpoint id, `client_orderid`, `email`) are those of the account verification; no page of the
         *     published API commands index covers it, so its reply keys come from the PHP library, which
         *     requires `type` `status-response` and the card keys it reads (`card-ref-id`, `bin`,
         *     `last-four-digits`, ...).
         *
         */
        post: operations["syncAccountVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/auth-cash/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorization for cash (auth-cash)
         * @description Authorizes an amount on a card for a cash operation, with the fields of preauth. From the
         *     published docs (api_v2_auth-cash.html): SHA-1 control beginning with the endpoint id,
         *     `client_orderid` and the amount in minor units; the page lists the order and payer fields of
         *     preauth (`client_orderid`, `order_desc`, `amount`, `currency`, `address1`, `city`, `zip_code`,
         *     `country`, `phone`, `email`, `ipaddress`) and only the endpoint address, no group address. The
         *     rest of the control row and the card fields were not visible in the copy available to this
         *     project: they are assumed to be preauth's. The outcome comes from the status operation or
         *     `server_callback_url`. Its `order_desc` is at most 64 K characters ("order_desc ... Necessity:
         *     Required, Type: String, Length: 64k" on api_v2_auth-cash.html), where preauth's page gives 125
         *     ("Length: 125", api_v2_preauth.html): so its body is a sale's (`SaleRequest`, whose fields are
         *     preauth's with that longer `order_desc`), not preauth's `AuthRequest`.
         *
         */
        post: operations["authCash"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/transfer-form/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer on a hosted page (v2 transfer-form)
         * @description Starts a transfer whose card details the customer enters on the gateway's hosted page: the reply
         *     carries `redirect-url`, where to send the customer. The vendor's PHP library sends it as
         *     `transfer-form` (source/PaynetEasy/PaynetEasyApi/Query/TransferFormQuery.php, a
         *     PaymentFormQuery: the fields of sale-form and its control, endpoint id or group,
         *     `client_orderid`, amount in minor units, `email`). The outcome is a transfer; read it with the
         *     status operation or at `server_callback_url`.
         *
         */
        post: operations["transferForm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/transfer-by-ref/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer between stored cards (v2 transfer-by-ref)
         * @description Transfers an amount to a stored card (`destination-card-ref-id`), from a stored card
         *     (`source-card-ref-id`) or from the merchant account. From the vendor's PHP library
         *     (source/PaynetEasy/PaynetEasyApi/Query/TransferByRefQuery.php): required `client_orderid`,
         *     `amount`, `currency`, `ipaddress`, `destination-card-ref-id` and `login`; optional `order_desc`,
         *     `source-card-ref-id`, `cvv2`, `redirect_url`, `server_callback_url`; control over `login`,
         *     `client_orderid`, `source-card-ref-id`, `destination-card-ref-id`, the amount in minor units and
         *     `currency`; the reply an async-response. The published docs describe the v4 command
         *     (`/api/v4/transfer-by-ref`, OAuth RSA-SHA256) instead.
         *
         */
        post: operations["transferByRefV2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/status/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transaction status (v4)
         * @description The order status query signed with OAuth 1.0a RSA-SHA256 instead of a control: the same request
         *     fields (`login`, `client_orderid`, `orderid` when known, `by-request-sn`) and the same
         *     status-response (published docs, api_v4_status.html, beside api_v2_status.html). Identify the
         *     order by `orderid`, or by `client_orderid` alone when it is unique and no `orderid` was
         *     received.
         *
         */
        post: operations["statusV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/transfer-form/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transfer on a hosted page (v4 transfer-form)
         * @description Starts a transfer whose sender (or receiver) enters card details on the gateway's hosted page;
         *     the reply carries `redirect-url`. Signed with OAuth 1.0a RSA-SHA256 (published docs,
         *     api_v4_transfer-form.html: form to card, form to recurring payment, card or deposit to form,
         *     form to form). The page lists `destination-card-no` (alias `destination`), `deposit2card`,
         *     `ipaddress` and `amount` first; the rest of its fields were not visible in the copy available to
         *     this project and are assumed to be the v4 transfer's.
         *
         */
        post: operations["transferFormV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/payout-by-ref/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Payout to a stored card (v4 payout-by-ref)
         * @description Pays out to a card stored as a card reference (`destination-card-ref-id`, the `card-ref-id` that
         *     create-card-ref answers). Signed with OAuth 1.0a RSA-SHA256. From the published docs
         *     (api_v4_payout-by-ref.html): required `client_orderid`, `amount`, `currency`,
         *     `destination-card-ref-id`; optional `order_desc` (at most 64), `ipaddress`, `purpose`,
         *     `server_callback_url`. The reply keys are assumed to be the v4 payout's (`TransferResponse`).
         *     The outcome comes from the status operation or `server_callback_url`.
         *
         */
        post: operations["payoutByRef"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/process-recurring-payment/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Charge a recurring payment now (v4)
         * @description Charges a recurring payment (the `recurring-payment-id` that create-recurring-payment answered)
         *     now, for `amount`, outside its schedule. Signed with OAuth 1.0a RSA-SHA256. From the published
         *     docs (api_v4_process-recurring-payment.html): `client-orderid`, `recurring-payment-id`, `amount`
         *     (in the recurring payment's currency); the login and endpoint are those of the signature and the
         *     path. Reply `process-recurring-payment-response` with `status` and `serial-number`.
         *
         */
        post: operations["processRecurringPaymentV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/update-recurring-payment/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a recurring payment (v4)
         * @description Changes a recurring payment's profile, found by `recurring-payment-id`: its card, its amount
         *     (fixed, a random range, or a sequence) and the rest of its schedule; later charges follow the
         *     updated profile. Synchronous; signed with OAuth 1.0a RSA-SHA256 (published docs,
         *     api_v4_update-recurring-payment.html). The card fields go together: `card-printed-name`,
         *     `expire-month` and `expire-year` only with `credit-card-number`. The reply keys were not visible
         *     in the copy available to this project and are assumed.
         *
         */
        post: operations["updateRecurringPaymentV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/create-recurring-payments/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create many recurring payments (v4, CSV)
         * @description Creates one recurring payment profile for each CSV row of `payload`, each with a new
         *     `recurring-payment-id`, as create-recurring-payment does for one (published docs,
         *     api_v4_create-recurring-payments.html: "Create recurring payments Multiple"). Signed with OAuth
         *     1.0a RSA-SHA256. Its parameters go in `payload`, one CSV row per recurring payment with the
         *     columns the page lists, instead of form fields. The reply keys were not visible in the copy
         *     available to this project and are assumed.
         *
         */
        post: operations["createRecurringPaymentsV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/process-recurring-payments/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Charge many recurring payments now (v4, CSV)
         * @description Charges each recurring payment of the CSV rows of `payload` now, as process-recurring-payment
         *     does for one (published docs, api_v4_process-recurring-payments.html: "Process recurring payment
         *     Multiple"). Signed with OAuth 1.0a RSA-SHA256. Its parameters go in `payload`, one CSV row per
         *     recurring payment with the columns the page lists, instead of form fields. The page names the
         *     reply `process-recurring-payment-response` with `status` and `serial-number`.
         *
         */
        post: operations["processRecurringPaymentsV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/update-recurring-payments/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change many recurring payments (v4, CSV)
         * @description Changes each recurring payment of the CSV rows of `payload`, as update-recurring-payment does
         *     for one (published docs, api_v4_update-recurring-payments.html: "Update recurring payment
         *     Multiple"). Signed with OAuth 1.0a RSA-SHA256. Its parameters go in `payload`, one CSV row per
         *     recurring payment with the columns the page lists, instead of form fields. The reply keys were
         *     not visible in the copy available to this project and are assumed.
         *
         */
        post: operations["updateRecurringPaymentsV4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/services/transaction-report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Remote transactions report
         * @description Every transaction of the merchant created in a period, with its type and status: the one
         *     documented place to see whether a return, capture or cancel was registered when its reply was
         *     lost, and the daily reconciliation's source. From the documented gateway (integration pages
         *     `services_transaction-report` and "Remote transactions report"): an HTTPS `GET` to
         *     `/paynet-ui/services/transaction-report`, outside the `/paynet` prefix of the other
         *     operations (the documentation warns that this path may change), signed with OAuth 1.0a
         *     HMAC-SHA1 over its query parameters; `createdFromDate` and `createdToDate` are required, at
         *     most 31 days apart; `endpoints` limits the report to endpoints of the merchant (an endpoint
         *     that is not the merchant's is an error). Without `transactionTypes` or
         *     `transactionStatuses`, every type and every status is listed.
         *
         *     The reply's form is not stated on the pages available to this project: the spec assumes a
         *     CSV document with a header row whose column names are the properties of
         *     `TransactionReportRow`, one row per transaction, oldest first (`x-assumed`).
         *
         */
        get: operations["transactionReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    serverCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server callback
         * @description The gateway's call to the merchant's `server_callback_url` when an order reaches a final status
         *     (approved, declined, error or unknown), and to `notify_url` for each later transaction of the
         *     order, such as a reversal or a chargeback. From the documented gateway (merchants_callbacks.html:
         *     "Payneteasy sends an HTTP GET message to the callback URL"): it is an HTTP `GET` whose query
         *     string carries the fields of `CallbackParams`, each a query parameter of its own, appended to the
         *     address the merchant gave. It never arrives as a POST: the sandbox sends it the same way, and
         *     `card-processing-sandbox check-callbacks` checks a shop's endpoint with GETs only.
         *
         *     The callback is at-least-once: de-duplicate by `status`, `type`, `orderid` and
         *     `client_orderid`, and answer 200 to a duplicate without acting again. Only `status`, `orderid`
         *     and `client_orderid` are signed: check the rest against the stored order, or confirm with the
         *     status operation, before acting on it.
         *
         */
        get: operations["serverCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    customerReturn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Customer return
         * @description The customer's browser coming back to the request's `redirect_url` after the hosted payment page
         *     or 3-D Secure: an HTTP `POST` of an HTML form (`application/x-www-form-urlencoded`) carrying the
         *     fields of `CustomerReturnParams`, from the documented gateway. It travels through the payer's
         *     own browser, so it is not proof of payment: verify `control`, check its ids against the order
         *     the payer's session started, and confirm the outcome with the status operation before showing
         *     it. The sandbox's pages send the same form.
         *
         */
        post: operations["customerReturn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * Amount
         * @description Amount in major units of the currency, as a decimal with at most three fraction digits
         *     (`10.42`). Accepted as a string or a number; send a string to keep the exact value. In the
         *     `control` signature it becomes minor units with the currency's ISO 4217 exponent (`10.42` USD is
         *     `1042`), computed from the decimal string, never with floating point. At most 10 characters
         *     (published docs, api_v2_sale.html: "Type: Numeric, Length: 10").
         *
         *     Open question, not settled by any source available to this project: for currencies whose ISO 4217
         *     exponent is not 2 (`JPY` 0, `KWD` 3), the API description says only "cents (minor units)". This
         *     spec follows ISO 4217 (`1000` JPY signs as `1000`, `1.500` KWD as `1500`); the official PHP
         *     library computes the control amount as the amount times 100 for every currency (`100000` and
         *     `150`). Until the gateway's operator confirms which it verifies, the choice is the SDK's and the
         *     sandbox's `controlAmounts` option (`x-control-amounts` below); settle it against the real
         *     sandbox with the validation proxy before going live (recorded as `x-open-question`).
         *
         * @example 10.42
         */
        Amount: string | number;
        /**
         * TransactionReportRow
         * @description One transaction of the transactions report: one CSV row, its columns named by these properties.
         *     The report's documented content is "complete information about transactions with their
         *     statuses"; the column names and their order are `x-assumed` (the pages available to this project
         *     do not show a reply), chosen to match the keys of the status reply.
         *
         */
        TransactionReportRow: {
            /** @description The gateway's identifier of the transaction. */
            id: string;
            created: components["schemas"]["ReportDateTime"];
            /** @description The transaction's type on the gateway's side, as `TransactionType` lists them (`sale`,
             *     `reversal`, `chargeback`...). Kept as text: a report row is read as it comes, and a type the
             *     spec does not list is still a transaction of the report.
             *      */
            type: string;
            status: components["schemas"]["TransactionStatus"];
            /** @description The order (the service's `orderid`) the transaction belongs to. */
            "paynet-order-id": string;
            /** @description The order's `client_orderid`. */
            "merchant-order-id": string;
            /** @description The endpoint the transaction was made on. */
            "end-point-id": string;
            /** @description The transaction's amount, a decimal in major units. */
            amount: string;
            currency: components["schemas"]["Currency"];
            /** @description The `serial-number` of the request that made the transaction (usable as `by-request-sn`). */
            "serial-number"?: string;
        };
        /**
         * Currency
         * @description ISO 4217 alphabetic currency code, three capital letters.
         * @example USD
         */
        Currency: string;
        /**
         * ClientOrderId
         * @description Merchant-side order identifier, chosen by the merchant and unique per transaction. A request that reuses it is compared with the one that created the order by its values as the gateway reads them, leading and trailing whitespace ignored.
         * @example 902B4FF5
         */
        ClientOrderId: string;
        /**
         * OrderId
         * @description Identifier assigned by the service to a transaction (`paynet-order-id` in replies).
         * @example 1234567
         */
        OrderId: string;
        /**
         * PaynetOrderId
         * @description The service's `orderid` as it appears in replies. From the documented gateway: it arrives as a
         *     number in some replies and a string in others; clients should accept both and hand the caller a
         *     string.
         *
         * @example 1234567
         */
        PaynetOrderId: string | number;
        /**
         * Login
         * @description Merchant login, issued with the endpoint, at most 20 characters (published docs, api_v2_void.html and api_v2_get-card-info.html). The `login` term of the `control` signature.
         * @example sandbox-merchant
         */
        Login: string;
        /**
         * Control
         * @description The `control` signature: SHA-1 over the operation's terms (see its `x-signature`) followed by the
         *     merchant control key. From the documented gateway: written as 40 lowercase hexadecimal
         *     characters.
         *
         * @example c6bdd88a78834ef4b863b088827a459f039e8257
         */
        Control: string;
        /**
         * Email
         * Format: email
         * @description Customer e-mail address, at most 50 characters (published docs, api_v2_sale.html).
         * @example john.smith@gmail.com
         */
        Email: string;
        /**
         * HttpUrl
         * Format: uri
         * @description An absolute `http` or `https` URL with a non-empty host that a WHATWG URL parser accepts (a port of at most 65535, IPv4 parts of at most 255, no forbidden host character), without user info (`https://user:pass@host/` is refused: a callback or redirect cannot carry it).
         * @example https://shop.example.com/return
         */
        HttpUrl: string;
        /**
         * CardNumber
         * @description Primary account number, 12 to 19 digits. Never logged; masked to first six and last four.
         * @example 4111111111111111
         */
        CardNumber: string;
        /**
         * Cvv2
         * @description Card security code, 3 or 4 digits. Never stored or logged. On the sandbox it decides the outcome,
         *     as on the documented gateway's sandbox (its test scenarios): `123` or `1234` approved; `321` the
         *     3-D Secure form (password `hint`); `111` approved without 3-D Secure; `217` stays `unknown`;
         *     `101` declined, expired card; `116` declined, insufficient funds; `119` declined, not permitted
         *     to cardholder; `209` declined, pick-up card; any other declined. The expiry date decides nothing
         *     there: CVV2 `101` is how an expired card is rehearsed.
         *
         * @example 123
         */
        Cvv2: string;
        /**
         * ExpireMonth
         * @description Card expiry month, two digits from `01` to `12`. On the sandbox the expiry date decides no
         *     outcome (the documented gateway's test scenarios decide by CVV2; `101` is the expired card).
         *
         * @example 12
         */
        ExpireMonth: string;
        /**
         * ExpireYear
         * @description Card expiry year: four digits, or two (`30` for 2030). The API description does not say; the
         *     documented gateway's official PHP library (payneteasy/php-library-payneteasy-api) sends two
         *     digits, and integrations built on it work against the gateway, so the gateway accepts both. On
         *     the sandbox the expiry date decides no outcome (the documented gateway's test scenarios decide
         *     by CVV2; `101` is the expired card).
         *
         * @example 2030
         */
        ExpireYear: string;
        /**
         * CountryCode
         * @description ISO 3166-1 alpha-2 country code.
         * @example US
         */
        CountryCode: string;
        /**
         * IpAddress
         * @description The customer's IP address, IPv4 or IPv6.
         * @example 65.153.12.232
         */
        IpAddress: string;
        /**
         * TransactionStatus
         * @description Status of a transaction, from the documented gateway (the API description does not list them).
         *     Final: `approved`, `declined`, `error`, `filtered`. Not final: `processing`, `unknown`. A final
         *     status can still change after reconciliation, rarely. Poll every 3–5 s for the first 5 minutes,
         *     then every 5–10 minutes, and stop after an hour with no change.
         *
         * @example approved
         * @enum {string}
         */
        TransactionStatus: "processing" | "approved" | "declined" | "error" | "filtered" | "unknown";
        /**
         * TransactionType
         * @description The kind of a transaction, as the gateway names it in a server callback's `type` and in the
         *     transactions report: `sale`, `preauth`, `capture`, `cancel` (a void, or a return of a
         *     preauthorization), `reversal` (a return of a sale or capture), `refund`, `chargeback`, `fraud`,
         *     `retrieval`, `dispute`, and for payouts `payout`, `transfer`, `account-verification`. The merchant
         *     callbacks page (common_utilities/merchants_callbacks.html) names `sale`, `reversal` and
         *     `chargeback` and says a callback may be set for any transaction type; the transactions report
         *     page lists `sale`, `reversal`, `preauth`, `capture`, `cancel`, `fraud`, `chargeback`,
         *     `retrieval`, `dispute`, `refund`; the official PHP library handles callbacks of type `sale`,
         *     `reversal` and `chargeback`. A callback's `type` is not covered by its `control`: a callback
         *     whose `type` is not one of these did not come from the gateway as it was sent.
         *
         * @example sale
         * @enum {string}
         */
        TransactionType: "sale" | "preauth" | "capture" | "cancel" | "reversal" | "refund" | "chargeback" | "fraud" | "retrieval" | "dispute" | "payout" | "transfer" | "account-verification";
        /**
         * ThreeDSecureAuthenticationResult
         * @description Outcome of 3-D Secure authentication, from the documented gateway.
         * @example AUTHENTICATED
         * @enum {string}
         */
        ThreeDSecureAuthenticationResult: "AUTHENTICATED" | "NOT_AUTHENTICATED" | "UNSUPPORTED" | "UNKNOWN";
        /**
         * ResponseType
         * @description The `type` of a reply, from the documented gateway. A reply with HTTP 200 whose `type` is
         *     `validation-error` or `error` is a refusal, not a success.
         *
         * @example async-response
         * @enum {string}
         */
        ResponseType: "async-response" | "async-form-response" | "status-response" | "create-card-ref-response" | "get-card-info-response" | "validation-error" | "error";
        /**
         * AsyncResponse
         * @description Acknowledgement of an asynchronous operation. The outcome comes later, through the status
         *     operation or the callback to `server_callback_url`. Keys from the documented gateway.
         *
         */
        AsyncResponse: {
            /** @constant */
            type: "async-response";
            status?: components["schemas"]["TransactionStatus"];
            /** @description Identifier of this reply; quote it to support. */
            "serial-number": string;
            /** @description Echo of `client_orderid`. */
            "merchant-order-id": string;
            "paynet-order-id": components["schemas"]["PaynetOrderId"];
            /** @description The endpoint that took the request. */
            "end-point-id"?: string | number;
            "error-message"?: string;
            "error-code"?: number;
        };
        /**
         * AsyncCheckoutFormRedirect
         * @description Reply of a hosted-page operation: send the customer to `redirect-url`. The documented gateway
         *     names its type `async-form-response`.
         *
         */
        AsyncCheckoutFormRedirect: {
            /** @constant */
            type: "async-form-response";
            status?: components["schemas"]["TransactionStatus"];
            /** @description Identifier of this reply; quote it to support. */
            "serial-number": string;
            /** @description Echo of `client_orderid`. */
            "merchant-order-id": string;
            "paynet-order-id": components["schemas"]["PaynetOrderId"];
            "end-point-id"?: string | number;
            /** @description The hosted page the customer must be sent to. */
            "redirect-url": components["schemas"]["HttpUrl"];
        };
        /**
         * StatusResponse
         * @description Current status of a transaction. Keys from the documented gateway. When `html` is present, show
         *     it to the customer (a 3-D Secure page); when `redirect-url` is present, redirect the customer
         *     there; otherwise poll again until the status is final.
         *
         */
        StatusResponse: {
            /** @constant */
            type: "status-response";
            status: components["schemas"]["TransactionStatus"];
            amount?: components["schemas"]["Amount"];
            currency?: components["schemas"]["Currency"];
            "paynet-order-id": components["schemas"]["PaynetOrderId"];
            /** @description Echo of `client_orderid`. */
            "merchant-order-id": string;
            "serial-number": string;
            /** @description Card reference, when the transaction created one. */
            "card-ref-id"?: string;
            "last-four-digits"?: string;
            bin?: string;
            "cardholder-name"?: string;
            "card-exp-month"?: string | number;
            "card-exp-year"?: string | number;
            "card-hash-id"?: string;
            /** @example VISA */
            "card-type"?: string;
            /** @description A 3-D Secure page to show the customer, as HTML. */
            html?: string;
            /** @description Address to redirect the customer to (3-D Secure or hosted page). */
            "redirect-url"?: components["schemas"]["HttpUrl"];
            /** @description Serial number of the request this status answers, when asked for by it. */
            "by-request-sn"?: string;
            "three-ds-result"?: components["schemas"]["ThreeDSecureAuthenticationResult"];
            "error-message"?: string;
            "error-code"?: number;
            /** @description Sandbox only (the documented gateway's status reply has no such key): how much of the order
             *     was captured, in the order's currency (a sale's whole amount once approved; the sum of a
             *     preauthorization's captures). Present once something was captured.
             *      */
            "sandbox-captured-amount"?: components["schemas"]["Amount"];
            /** @description Sandbox only (the documented gateway's status reply has no such key): how much of the
             *     captured amount was given back by returns and bank reversals, in the order's currency;
             *     `0.00` when nothing was. Present beside `sandbox-captured-amount`. To follow one return, ask
             *     for its own status with `by-request-sn`.
             *      */
            "sandbox-returned-amount"?: components["schemas"]["Amount"];
            /** @description Sandbox only (the documented gateway's status reply has no such key): how much of the
             *     captured amount was charged back, in the order's currency; `0.00` when nothing was. Present
             *     beside `sandbox-captured-amount`. A chargeback is a new transaction of the order, approved
             *     by the gateway: `status` stays `approved`, and the sale or capture it takes back stays
             *     approved too.
             *      */
            "sandbox-charged-back-amount"?: components["schemas"]["Amount"];
        };
        /**
         * CardRefAsyncResponse
         * @description Reply of card reference creation (v2), with the new `card-ref-id`. Keys from the documented gateway.
         */
        CardRefAsyncResponse: {
            /** @constant */
            type: "create-card-ref-response";
            status?: components["schemas"]["TransactionStatus"];
            /** @description The card reference, for rebill and card information. */
            "card-ref-id": string;
            "serial-number": string;
        };
        /**
         * CardInfoAsyncResponse
         * @description Stored-card information for a `cardrefid`: printed name, expiry, BIN and last four digits,
         *     never the full card number. Keys from the documented gateway; `result-3d` from the published
         *     docs (api_v2_get-card-info.html).
         *
         */
        CardInfoAsyncResponse: {
            /** @constant */
            type: "get-card-info-response";
            "card-printed-name"?: string;
            "expire-month"?: string | number;
            "expire-year"?: string | number;
            bin: string;
            "last-four-digits": string;
            "card-type"?: string;
            /** @description 3-D Secure completion result of the card's registration (published docs, api_v2_get-card-info.html). */
            "result-3d"?: string;
            "serial-number": string;
        };
        /**
         * ValidationErrorResponse
         * @description The request was refused before processing. Fields from the documented gateway; `error-message`
         *     names the field or the rule that failed. The documented gateway may also answer HTTP 200 with
         *     this body; treat it as a refusal either way.
         *
         */
        ValidationErrorResponse: {
            /** @constant */
            type: "validation-error";
            "error-message": string;
            /** @description What kind of refusal it is, as a number. `x-error-codes` names the codes this API's clients
             *     branch on: `unknown-reference` answers a request naming an order, card reference or
             *     recurring payment the gateway does not have (a status query by `client_orderid` for an order
             *     it never received: sending that order is then safe), `unknown-endpoint` a request to an
             *     endpoint id the merchant does not have. The documented gateway publishes no
             *     code list, so the values are assumed.
             *      */
            "error-code"?: number;
            "serial-number"?: string;
            "merchant-order-id"?: string;
            "paynet-order-id"?: components["schemas"]["PaynetOrderId"];
        };
        /**
         * ServerErrorResponse
         * @description The service failed while processing. Fields from the documented gateway. The request may or may
         *     not have taken effect: query the status by `client_orderid` before repeating it.
         *
         */
        ServerErrorResponse: {
            /** @constant */
            type: "error";
            "error-message": string;
            "error-code"?: number;
            "serial-number"?: string;
            "merchant-order-id"?: string;
            "paynet-order-id"?: components["schemas"]["PaynetOrderId"];
        };
        /**
         * CallbackParams
         * @description Query parameters of the server callback, from the documented gateway. When an order reaches a
         *     final status the service sends an HTTP GET to the request's `server_callback_url`. The merchant
         *     must answer 200; otherwise the documented gateway retries (30 times over 14 days). Verify
         *     `control` = SHA-1 of `status + orderid + client_orderid + merchant control key` before trusting
         *     it, then fetch the outcome with the status operation if needed. Error fields are snake_case here
         *     (kebab-case in API replies).
         *
         *     Only `status`, `orderid` and `client_orderid` are signed: `type`, `amount`, `currency` and every
         *     other field are claims that anyone holding one genuine callback can change. The digest joins its
         *     terms without separators, so a callback signed for orderid `1000001` and client_orderid `5001`
         *     verifies as well for `100000` and `15001`: check a callback against the stored order (orderid,
         *     client_orderid, amount, currency, as the official PHP library does) or confirm it with the status
         *     operation before acting on it.
         *
         */
        CallbackParams: {
            status: components["schemas"]["TransactionStatus"];
            /** @description Same value as `client_orderid`. */
            merchant_order?: string;
            client_orderid: components["schemas"]["ClientOrderId"];
            orderid: components["schemas"]["OrderId"];
            type?: components["schemas"]["TransactionType"];
            /** @description The amount of the transaction the callback reports, a decimal in major units, as text: a
             *     callback is a query string, so every field is a string. Not covered by `control`.
             *      */
            amount?: string & components["schemas"]["Amount"];
            currency?: components["schemas"]["Currency"];
            descriptor?: string;
            error_code?: string;
            error_message?: string;
            control: components["schemas"]["Control"];
            /** @description Cardholder name. */
            name?: string;
            email?: string;
            "approval-code"?: string;
            "last-four-digits"?: string;
            bin?: string;
            "card-type"?: string;
        };
        /**
         * CustomerReturnParams
         * @description Parameters of the customer's return to `redirect_url`, from the documented gateway: the
         *     browser comes back with a POST (form-encoded) carrying these fields. `control` uses the callback
         *     formula (SHA-1 of `status + orderid + client_orderid + merchant control key`, with
         *     `merchant_order` as `client_orderid`). A return is not proof of payment: confirm with the status
         *     operation. It travels through the payer's own browser, and the digest joins its terms without
         *     separators: a return signed for orderid `1000001` and merchant_order `5001` verifies as well for
         *     `100000` and `15001`, so check its ids against the order the payer's session started.
         *
         */
        CustomerReturnParams: {
            status: components["schemas"]["TransactionStatus"];
            orderid: components["schemas"]["OrderId"];
            /** @description The merchant's `client_orderid`. */
            merchant_order: string;
            client_orderid?: components["schemas"]["ClientOrderId"];
            control: components["schemas"]["Control"];
        };
        /**
         * TdsCResResultRequest
         * @description Body of the upload of a 3-D Secure 2.x CRes. Continues a sale that is in a 3-D Secure flow. The
         *     signature terms (`login`, `client-order-id`, `orderid`) and the hyphenated `client-order-id` are
         *     from the API description; the CRes field (`cRes`, at most 4096 characters) is from the published
         *     docs (upload-cres-result.html).
         *
         */
        TdsCResResultRequest: {
            login: components["schemas"]["Login"];
            /** @description Merchant-side order identifier of the sale (written hyphenated in the 3-D Secure uploads). */
            "client-order-id": components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of the sale in the 3-D Secure flow. */
            orderid: components["schemas"]["OrderId"];
            /** @description The CRes returned by the issuer's access control server to `notificationURL` after the
             *     challenge, as received (base64url-encoded). Name and length from the published docs
             *     (upload-cres-result.html).
             *      */
            cRes: string;
            control: components["schemas"]["Control"];
        };
        /**
         * TdsMethodUrlResultRequest
         * @description Body of the upload of the 3-D Secure 2.x method step result: `threeDSCompInd` and the browser
         *     fingerprint fields. Continues a sale that is in a 3-D Secure flow. The signature terms (`login`,
         *     `client-order-id`, `orderid`), the hyphenated `client-order-id` and `threeDSCompInd` are from the
         *     API description. It names the browser fingerprint fields only as a group; the published docs
         *     (upload-method-url-result.html) name `threeDSServerTransID`, `browserIP`, `browserAcceptHeader`,
         *     `browserJavaEnabled`, `browserJavascriptEnabled`, `browserLanguage` and `browserColorDepth` with
         *     their lengths. The screen, time-zone and user-agent fields past those were not visible in the copy
         *     of that page available here; they keep the EMV 3-D Secure 2.x names and stay marked `x-assumed`.
         *
         */
        TdsMethodUrlResultRequest: {
            login: components["schemas"]["Login"];
            /** @description Merchant-side order identifier of the sale (written hyphenated in the 3-D Secure uploads). */
            "client-order-id": components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of the sale in the 3-D Secure flow. */
            orderid: components["schemas"]["OrderId"];
            /**
             * @description Completion of the 3-D Secure method step. `Y`: the method step completed. `N`: it did not
             *     complete within the 10-second window. `U`: no method URL was provided.
             *
             * @enum {string}
             */
            threeDSCompInd: "Y" | "N" | "U";
            /** @description 3-D Secure Server transaction identifier (a UUID) that identifies this authentication. Name
             *     and length from the published docs (upload-method-url-result.html).
             *      */
            threeDSServerTransID?: string;
            /** @description IP address of the customer's browser (IPv4 or IPv6). Name and length from the published docs
             *     (upload-method-url-result.html).
             *      */
            browserIP?: string;
            /** @description Exact contents of the browser's HTTP `Accept` header. Name and length from the published docs (upload-method-url-result.html). */
            browserAcceptHeader?: string;
            /** @description Whether the browser can run Java. Name and length from the published docs (upload-method-url-result.html). */
            browserJavaEnabled?: boolean;
            /** @description Whether the browser can run JavaScript. Name and length from the published docs (upload-method-url-result.html). */
            browserJavascriptEnabled?: boolean;
            /** @description Browser language as an IETF BCP 47 tag (`navigator.language`). Name and length from the published docs (upload-method-url-result.html). */
            browserLanguage?: string;
            /**
             * @description Screen colour depth in bits per pixel (`screen.colorDepth`). Name and length from the published docs (upload-method-url-result.html).
             * @enum {string}
             */
            browserColorDepth?: "1" | "4" | "8" | "15" | "16" | "24" | "32" | "48";
            /** @description Screen height in pixels. Name assumed from EMV 3-D Secure 2.x browser data; the description does not name the fingerprint fields. */
            browserScreenHeight?: string;
            /** @description Screen width in pixels. Name assumed from EMV 3-D Secure 2.x browser data; the description does not name the fingerprint fields. */
            browserScreenWidth?: string;
            /** @description Difference between UTC and the browser's local time in minutes (`Date.getTimezoneOffset()`). Name assumed from EMV 3-D Secure 2.x browser data; the description does not name the fingerprint fields. */
            browserTZ?: string;
            /** @description Exact contents of the browser's `User-Agent` header. Name assumed from EMV 3-D Secure 2.x browser data; the description does not name the fingerprint fields. */
            browserUserAgent?: string;
            control: components["schemas"]["Control"];
        };
        /**
         * TdsPaResResultRequest
         * @description Body of the upload of a 3-D Secure 1.0.2 PaRes. Continues a sale that is in a 3-D Secure flow.
         *     The signature terms (`login`, `client-order-id`, `orderid`) and the hyphenated `client-order-id`
         *     are from the API description; the PaRes field (`paRes`, at most 10240 characters) and the `md`
         *     beside it are from the published docs (upload-pares-result.html: its parameter table and its
         *     request example).
         *
         */
        TdsPaResResultRequest: {
            login: components["schemas"]["Login"];
            /** @description Merchant-side order identifier of the sale (written hyphenated in the 3-D Secure uploads). */
            "client-order-id": components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of the sale in the 3-D Secure flow. */
            orderid: components["schemas"]["OrderId"];
            /** @description The PaRes returned by the issuer's access control server to `TermUrl`, as received (base64).
             *     Name and length from the published docs (upload-pares-result.html).
             *      */
            paRes: string;
            /** @description The `MD` (merchant data) the access control server posted back beside the PaRes, as received.
             *     Sent in the published docs' request example (upload-pares-result.html); optional.
             *      */
            md?: string;
            control: components["schemas"]["Control"];
        };
        /**
         * AccountVerificationFormRequest
         * @description Body of an account verification (zero-amount authorization) on the hosted page. Fields, required
         *     flags and lengths from the published docs (api_v2_account-verification-form.html): the sale-form
         *     field set without `amount` and `currency`; `phone` is optional, and `state` is required for the
         *     United States, Canada and Australia. An acquirer may make optional fields required.
         *
         */
        AccountVerificationFormRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description Description of the order, shown to the customer. At most 64 K characters (published docs, api_v2_account-verification-form.html). */
            order_desc: string;
            first_name?: string;
            last_name?: string;
            /** @description Last four digits of the customer's social security number. */
            ssn?: string;
            /** @description Customer's date of birth as `YYYYMMDD`. */
            birthday?: string;
            address1: string;
            city: string;
            /** @description State or province code, for countries that have them. */
            state?: string;
            zip_code: string;
            country: components["schemas"]["CountryCode"];
            phone?: string;
            cell_phone?: string;
            email: components["schemas"]["Email"];
            ipaddress: components["schemas"]["IpAddress"];
            site_url?: components["schemas"]["HttpUrl"];
            /** @description Destination of the payment, where the merchant's category needs it. */
            purpose?: string;
            /** @description Address the customer returns to. In 3-D Secure sales the customer is redirected through it to
             *     the issuer's access control server and back.
             *      */
            redirect_url: components["schemas"]["HttpUrl"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Address notified of intermediate events, from the documented gateway. */
            notify_url?: components["schemas"]["HttpUrl"];
            control: components["schemas"]["Control"];
        } & components["schemas"]["StateWhereRequired"];
        /**
         * AccountVerificationRequest
         * @description Body of an account verification (zero-amount authorization) with card data sent server to
         *     server. Fields, required flags and lengths from the published docs (api_v2_account-verification.html):
         *     the sale field set without `amount` and `currency`; `phone` and `redirect_url` are optional (the
         *     official PHP library's AccountVerificationQuery never sends `redirect_url`), and `state` is
         *     required for the United States, Canada and Australia. An acquirer may make optional fields
         *     required.
         *
         */
        AccountVerificationRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description Description of the order, shown to the customer. At most 64 K characters (published docs, api_v2_account-verification.html). */
            order_desc: string;
            first_name?: string;
            last_name?: string;
            /** @description Last four digits of the customer's social security number. */
            ssn?: string;
            /** @description Customer's date of birth as `YYYYMMDD`. */
            birthday?: string;
            address1: string;
            city: string;
            /** @description State or province code, for countries that have them. */
            state?: string;
            zip_code: string;
            country: components["schemas"]["CountryCode"];
            phone?: string;
            cell_phone?: string;
            email: components["schemas"]["Email"];
            ipaddress: components["schemas"]["IpAddress"];
            site_url?: components["schemas"]["HttpUrl"];
            /** @description Destination of the payment, where the merchant's category needs it. */
            purpose?: string;
            card_printed_name: string;
            credit_card_number: components["schemas"]["CardNumber"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["ExpireYear"];
            cvv2: components["schemas"]["Cvv2"];
            /** @description Address the customer returns to. In 3-D Secure sales the customer is redirected through it to
             *     the issuer's access control server and back.
             *      */
            redirect_url?: components["schemas"]["HttpUrl"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Address notified of intermediate events, from the documented gateway. */
            notify_url?: components["schemas"]["HttpUrl"];
            control: components["schemas"]["Control"];
        } & components["schemas"]["StateWhereRequired"];
        /**
         * CaptureRequest
         * @description Body of a capture of funds held by a preauthorization, referenced by `orderid`. Send `amount`
         *     with `currency` for a partial capture; omit both to capture the full held amount. Required
         *     fields from the documented gateway (the API description does not list them). In the `control`
         *     signature an absent `amount` and `currency` are empty strings (documented gateway).
         *
         */
        CaptureRequest: {
            login: components["schemas"]["Login"];
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of the preauthorization to capture. */
            orderid: components["schemas"]["OrderId"];
            /** @description Amount to capture, for a partial capture; sent together with `currency`. */
            amount?: components["schemas"]["Amount"];
            /** @description Currency of `amount`; sent together with it. */
            currency?: components["schemas"]["Currency"];
            control: components["schemas"]["Control"];
        };
        /**
         * CreateCardRefRequest
         * @description Body of card reference creation (v2): tokenizes the card data of an approved transaction,
         *     referenced by `orderid`, into a `card-ref-id`. Required fields from the documented gateway (the
         *     API description does not list them).
         *
         */
        CreateCardRefRequest: {
            login: components["schemas"]["Login"];
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of an approved transaction whose card is stored: a sale, a preauth
             *     or an account verification (see the operation).
             *      */
            orderid: components["schemas"]["OrderId"];
            control: components["schemas"]["Control"];
        };
        /**
         * GetCardInfoRequest
         * @description Body of a stored-card information request for `cardrefid`. Fields from the documented gateway
         *     (the API description names only `cardrefid`).
         *
         */
        GetCardInfoRequest: {
            login: components["schemas"]["Login"];
            /** @description Stored card reference (the `card-ref-id` returned by card reference creation), at most 20 characters (published docs, api_v2_get-card-info.html). */
            cardrefid: string;
            control: components["schemas"]["Control"];
        };
        /**
         * RebillRequest
         * @description Body of a rebill: charges (or, for make-rebill-preauth, holds) a stored card by `cardrefid` while
         *     the cardholder is absent. Shared by make-rebill, make-rebill-sale and make-rebill-preauth, whose
         *     published pages (api_v2_make-rebill-sale.html, api_v2_make-rebill-preauth.html) list the same
         *     fields. Required fields (including the order description and the customer's IP address) from the
         *     documented gateway (the API description does not list them).
         *
         */
        RebillRequest: {
            login: components["schemas"]["Login"];
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description Stored card reference (the `card-ref-id` returned by card reference creation), at most 20 characters (published docs, api_v2_make-rebill-sale.html). */
            cardrefid: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Description of the order. */
            order_desc: string;
            ipaddress: components["schemas"]["IpAddress"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). Optional; the official PHP
             *     library's MakeRebillQuery sends it.
             *      */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Free-text comment, at most 50 characters (the official PHP library's MakeRebillQuery sends it). */
            comment?: string;
            /** @description Amounts to try in turn, separated by `,`, until one is approved (published docs, api_v2_make-rebill-sale.html). */
            enumerate_amounts?: string;
            /**
             * @description Type of the rebill, for acquirers that need it (published docs, api_v2_make-rebill-sale.html).
             * @enum {string}
             */
            recurrent_scenario?: "REGULAR" | "IRREGULAR";
            control: components["schemas"]["Control"];
        };
        /**
         * PaymentFormRequest
         * @description Body of the universal hosted payment form. Neither the API description nor the documented
         *     gateway lists its fields, so this assumes the sale-form field set (the sale fields minus the
         *     card fields), the least surprising choice for a hosted page that starts a payment.
         *
         */
        PaymentFormRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description Description of the order, shown to the customer. At most 64 K characters (published docs, api_v2_sale-form.html). */
            order_desc: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            first_name?: string;
            last_name?: string;
            /** @description Last four digits of the customer's social security number. */
            ssn?: string;
            /** @description Customer's date of birth as `YYYYMMDD`. */
            birthday?: string;
            address1: string;
            city: string;
            /** @description State or province code, for countries that have them. */
            state?: string;
            zip_code: string;
            country: components["schemas"]["CountryCode"];
            phone: string;
            cell_phone?: string;
            email: components["schemas"]["Email"];
            ipaddress: components["schemas"]["IpAddress"];
            site_url?: components["schemas"]["HttpUrl"];
            /** @description Destination of the payment, where the merchant's category needs it. */
            purpose?: string;
            /** @description Address the customer returns to. In 3-D Secure sales the customer is redirected through it to
             *     the issuer's access control server and back.
             *      */
            redirect_url: components["schemas"]["HttpUrl"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Address notified of intermediate events, from the documented gateway. */
            notify_url?: components["schemas"]["HttpUrl"];
            control: components["schemas"]["Control"];
        };
        /**
         * PayoutFormRequest
         * @description Body of a payout whose recipient destination data (card, bank account, e-wallet, phone) is
         *     collected on the hosted form. Semantics as for payout: from the documented gateway,
         *     `client_orderid`, `amount` and `currency` are required; the destination fields are entered by
         *     the customer on the hosted page. The signature is assumed to be OAuth 1.0a HMAC-SHA1 as for v2
         *     payout, so there is no `control` field.
         *
         */
        PayoutFormRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Description of the payout, shown to the customer on the hosted page. */
            order_desc?: string;
            /** @description Recipient's e-mail. */
            email?: components["schemas"]["Email"];
            ipaddress?: components["schemas"]["IpAddress"];
            /** @description Address the customer returns to from the hosted page. Assumed required: a hosted page must
             *     know where to send the customer back, and the documented gateway requires it for the sale form.
             *      */
            redirect_url: components["schemas"]["HttpUrl"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). */
            server_callback_url?: components["schemas"]["HttpUrl"];
        };
        /**
         * PayoutRequest
         * @description Body of a v2 payout: an outgoing transfer from the merchant account to a card, bank account,
         *     e-wallet or other supported destination, including a fast payments system by phone. From the
         *     documented gateway: `client_orderid`, `amount`, `currency` and the destination fields are
         *     required; the request is signed with OAuth 1.0a HMAC-SHA1, so there is no `control` field. Send
         *     the fields of exactly one destination: a card (`destination-card-no` or
         *     `destination_card_recurring_payment_id`), a bank account (`account_number` with `bank_name` and
         *     `bic`), an e-wallet (`wallet_id`) or a phone through the fast payments system (`phone` with
         *     `bic` of the recipient's bank). `destination-card-no`, `destination_card_recurring_payment_id`,
         *     `account_number` and `bank_name` are written as in the description's signing examples; the other
         *     destination names are assumed (marked `x-assumed`).
         *
         */
        PayoutRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Description of the payout. */
            order_desc?: string;
            ipaddress?: components["schemas"]["IpAddress"];
            /** @description Address the customer returns to, where the destination needs the customer. */
            redirect_url?: components["schemas"]["HttpUrl"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Card number of the recipient (card destination), named as in the signing examples. */
            "destination-card-no"?: components["schemas"]["CardNumber"];
            /** @description The `recurring-payment-id` of the recipient's card (card destination), named as in the
             *     signing examples: the id `create-recurring-payment` (v4) answers, never a `card-ref-id`. To
             *     pay a card stored as a `card-ref-id` (from `create-card-ref` after an approved payment or
             *     account verification), use the v4 transfer by reference with `destination-card-ref-id`.
             *      */
            destination_card_recurring_payment_id?: string;
            /** @description Recipient's bank account number (bank destination), named as in the v4 payout signing example. */
            account_number?: string;
            /** @description Recipient's bank (bank destination), named as in the v4 payout signing example. */
            bank_name?: string;
            /** @description Identifier of the recipient's bank (BIC, or the bank's identifier in the fast payments
             *     system). Assumed name: the description names no bank identifier field; `bic` is the usual one.
             *      */
            bic?: string;
            /** @description Recipient's phone number for a payout through the fast payments system. Assumed name: the
             *     description mentions payouts by phone without naming the field; `phone` matches the customer
             *     phone field of the sale.
             *      */
            phone?: string;
            /** @description Recipient's e-wallet identifier (e-wallet destination). Assumed name: the description
             *     mentions e-wallet destinations without naming the field.
             *      */
            wallet_id?: string;
            /** @description Recipient's first name, where the destination needs it. Assumed name, in the style of the sale's `first_name`; the description names no recipient fields. */
            receiver_first_name?: string;
            /** @description Recipient's last name, where the destination needs it. Assumed name, in the style of the sale's `last_name`; the description names no recipient fields. */
            receiver_last_name?: string;
        };
        /**
         * AuthFormRequest
         * @description Body of a preauthorization on the hosted page: the preauth fields minus the card fields
         *     (`credit_card_number`, `card_printed_name`, `expire_month`, `expire_year`, `cvv2`), which the
         *     customer enters on the hosted page. Required fields from the documented gateway (the API
         *     description does not list them).
         *
         */
        AuthFormRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description Description of the order, shown to the customer. At most 64 K characters (published docs, api_v2_preauth-form.html). */
            order_desc: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            first_name?: string;
            last_name?: string;
            /** @description Last four digits of the customer's social security number. */
            ssn?: string;
            /** @description Customer's date of birth as `YYYYMMDD`. */
            birthday?: string;
            address1: string;
            city: string;
            /** @description State or province code, for countries that have them. */
            state?: string;
            zip_code: string;
            country: components["schemas"]["CountryCode"];
            phone: string;
            cell_phone?: string;
            email: components["schemas"]["Email"];
            ipaddress: components["schemas"]["IpAddress"];
            site_url?: components["schemas"]["HttpUrl"];
            /** @description Destination of the payment, where the merchant's category needs it. */
            purpose?: string;
            /** @description Address the customer returns to. In 3-D Secure sales the customer is redirected through it to
             *     the issuer's access control server and back.
             *      */
            redirect_url: components["schemas"]["HttpUrl"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Address notified of intermediate events, from the documented gateway. */
            notify_url?: components["schemas"]["HttpUrl"];
            control: components["schemas"]["Control"];
        };
        /**
         * AuthRequest
         * @description Body of a preauthorization with card data sent server to server. Same fields as a sale; funds
         *     stay on hold until capture or void. Required fields from the documented gateway (the API
         *     description does not list them).
         *
         */
        AuthRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description Description of the order, shown to the customer. */
            order_desc: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            first_name?: string;
            last_name?: string;
            /** @description Last four digits of the customer's social security number. */
            ssn?: string;
            /** @description Customer's date of birth as `YYYYMMDD`. */
            birthday?: string;
            address1: string;
            city: string;
            /** @description State or province code, for countries that have them. */
            state?: string;
            zip_code: string;
            country: components["schemas"]["CountryCode"];
            phone: string;
            cell_phone?: string;
            email: components["schemas"]["Email"];
            ipaddress: components["schemas"]["IpAddress"];
            site_url?: components["schemas"]["HttpUrl"];
            /** @description Destination of the payment, where the merchant's category needs it. */
            purpose?: string;
            card_printed_name: string;
            credit_card_number: components["schemas"]["CardNumber"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["ExpireYear"];
            cvv2: components["schemas"]["Cvv2"];
            /** @description Address the customer returns to. In 3-D Secure sales the customer is redirected through it to
             *     the issuer's access control server and back.
             *      */
            redirect_url: components["schemas"]["HttpUrl"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Address notified of intermediate events, from the documented gateway. */
            notify_url?: components["schemas"]["HttpUrl"];
            control: components["schemas"]["Control"];
        };
        /**
         * ReturnRequest
         * @description Body of a return of funds to the cardholder, referenced by `orderid`. For a preauthorization it
         *     cancels the hold; for a sale or a capture it is a reversal or refund. Send `amount` with
         *     `currency` for a partial return; omit both for a full return of the original amount. Allowed
         *     only when the original is in a final successful status. Required fields (including `comment`)
         *     from the documented gateway (the API description does not list them). In the `control`
         *     signature an absent `amount` and `currency` are empty strings (documented gateway).
         *
         */
        ReturnRequest: {
            login: components["schemas"]["Login"];
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of the transaction to return. */
            orderid: components["schemas"]["OrderId"];
            /** @description Amount to return, for a partial return; sent together with `currency`. Omit both for a full return. */
            amount?: components["schemas"]["Amount"];
            /** @description Currency of `amount`; sent together with it. */
            currency?: components["schemas"]["Currency"];
            /** @description Reason for the return, at most 50 characters (published docs, api_v2_return.html). */
            comment: string;
            control: components["schemas"]["Control"];
        };
        /**
         * SaleFormRequest
         * @description Body of a sale on the hosted page: the sale fields minus the card fields
         *     (`credit_card_number`, `card_printed_name`, `expire_month`, `expire_year`, `cvv2`), which the
         *     customer enters on the hosted page. Required fields from the documented gateway (the API
         *     description does not list them). `state` is required for the United States, Canada and Australia
         *     (published docs, api_v2_sale-form.html).
         *
         */
        SaleFormRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description Description of the order, shown to the customer. At most 64 K characters (published docs, api_v2_sale-form.html). */
            order_desc: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Customer's first name. Optional here; the published docs (api_v2_sale-form.html) say the
             *     acquiring channel may require it, so ask support whether yours does.
             *      */
            first_name?: string;
            /** @description Customer's last name. Optional here; the published docs (api_v2_sale-form.html) say the
             *     acquiring channel may require it, so ask support whether yours does.
             *      */
            last_name?: string;
            /** @description Last four digits of the customer's social security number. */
            ssn?: string;
            /** @description Customer's date of birth as `YYYYMMDD`. */
            birthday?: string;
            address1: string;
            city: string;
            /** @description State or province code, for countries that have them. */
            state?: string;
            zip_code: string;
            country: components["schemas"]["CountryCode"];
            phone: string;
            cell_phone?: string;
            email: components["schemas"]["Email"];
            ipaddress: components["schemas"]["IpAddress"];
            site_url?: components["schemas"]["HttpUrl"];
            /** @description Destination of the payment, where the merchant's category needs it. */
            purpose?: string;
            /** @description Address the customer returns to. In 3-D Secure sales the customer is redirected through it to
             *     the issuer's access control server and back.
             *      */
            redirect_url: components["schemas"]["HttpUrl"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Address notified of intermediate events, from the documented gateway. */
            notify_url?: components["schemas"]["HttpUrl"];
            control: components["schemas"]["Control"];
        } & components["schemas"]["StateWhereRequired"];
        /**
         * SaleRequest
         * @description Body of a sale with card data sent server to server. Required fields from the documented
         *     gateway (the API description does not list them).
         *
         */
        SaleRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description Description of the order, shown to the customer. At most 64 K characters (published docs, api_v2_sale.html). */
            order_desc: string;
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            first_name?: string;
            last_name?: string;
            /** @description Last four digits of the customer's social security number. */
            ssn?: string;
            /** @description Customer's date of birth as `YYYYMMDD`. */
            birthday?: string;
            address1: string;
            city: string;
            /** @description State or province code, for countries that have them. */
            state?: string;
            zip_code: string;
            country: components["schemas"]["CountryCode"];
            phone: string;
            cell_phone?: string;
            email: components["schemas"]["Email"];
            ipaddress: components["schemas"]["IpAddress"];
            site_url?: components["schemas"]["HttpUrl"];
            /** @description Destination of the payment, where the merchant's category needs it. */
            purpose?: string;
            card_printed_name: string;
            credit_card_number: components["schemas"]["CardNumber"];
            expire_month: components["schemas"]["ExpireMonth"];
            expire_year: components["schemas"]["ExpireYear"];
            cvv2: components["schemas"]["Cvv2"];
            /** @description Address the customer returns to. In 3-D Secure sales the customer is redirected through it to
             *     the issuer's access control server and back.
             *      */
            redirect_url: components["schemas"]["HttpUrl"];
            /** @description Address for delivery of the final outcome (see `CallbackParams`). */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Address notified of intermediate events, from the documented gateway. */
            notify_url?: components["schemas"]["HttpUrl"];
            control: components["schemas"]["Control"];
        };
        /**
         * StatusRequest
         * @description Body of a status query. Identify the transaction by `orderid`, or by `client_orderid` alone when
         *     `orderid` is unavailable. Fields from the documented gateway (the API description does not list
         *     them).
         *
         */
        StatusRequest: {
            login: components["schemas"]["Login"];
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of the transaction. Send it when known; when it is absent the
             *     transaction is found by `client_orderid` and the `orderid` term of the `control` signature is
             *     the empty string.
             *      */
            orderid?: components["schemas"]["OrderId"];
            /** @description Serial number (`serial-number`) of an earlier reply, to ask for the status of the request it
             *     answered; optional, from the documented gateway.
             *      */
            "by-request-sn"?: string;
            control: components["schemas"]["Control"];
        };
        /**
         * VoidRequest
         * @description Body of a void of an authorized, unsettled transaction, referenced by `orderid`. A partial
         *     amount is not supported (API description). Required fields from the published docs
         *     (api_v2_void.html), which make `comment` mandatory.
         *
         */
        VoidRequest: {
            login: components["schemas"]["Login"];
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of the transaction to cancel. */
            orderid: components["schemas"]["OrderId"];
            /** @description Reason for the void, at most 50 characters (published docs, api_v2_void.html). */
            comment: string;
            control: components["schemas"]["Control"];
        };
        /**
         * PanEligibilityRequest
         * @description Body of the PAN eligibility check before a payout from a stored card. Both field names are as
         *     written in the description's signing example (`client-order-id` hyphenated); the request is signed
         *     with OAuth 1.0a HMAC-SHA1, so there is no `control` field. The sending card is a card reference
         *     or the card's number, printed name and expiry (published docs, api_v2_pan-eligibility.html). The
         *     current docs spell the order identifier `client_orderid`; the description's signing example
         *     writes `client-order-id`, which this spec keeps (the description wins).
         *
         */
        PanEligibilityRequest: {
            /** @description Merchant-side order identifier (written hyphenated in this operation's signing example). */
            "client-order-id": components["schemas"]["ClientOrderId"];
            /** @description Card reference (`card-ref-id`) of the sending card whose eligibility is checked, at most 20 characters (published docs, api_v2_pan-eligibility.html). */
            "sending-card-ref-id"?: string;
            /** @description Number of the sending card, when no `sending-card-ref-id` is given. */
            "sending-card-number"?: components["schemas"]["CardNumber"];
            /** @description Cardholder name as printed on the sending card, when no `sending-card-ref-id` is given. */
            "card-printed-name"?: string;
            /** @description Expiry month of the sending card, when no `sending-card-ref-id` is given. */
            expire_month?: components["schemas"]["ExpireMonth"];
            /** @description Expiry year of the sending card, when no `sending-card-ref-id` is given. */
            expire_year?: components["schemas"]["ExpireYear"];
            /** @description Address for delivery of the final outcome (published docs, api_v2_pan-eligibility.html). */
            server_callback_url?: components["schemas"]["HttpUrl"];
        } & components["schemas"]["PanEligibilitySendingCard"];
        /**
         * CreateCardRefV4Request
         * @description Body of the v4 card tokenization, with the semantics of the v2 operation: it turns the card of an
         *     approved transaction (`orderid`) into a `card-ref-id`. The request is signed with OAuth 1.0a
         *     RSA-SHA256, so there is no `control` field. Fields from the published docs
         *     (api_v4_create-card-ref.html, "Request Parameters"): `login`, `client_orderid` and `orderid`,
         *     none marked optional. `login` was left out before (on the assumption that the OAuth
         *     `oauth_consumer_key` replaces it); the page lists it in the body, as api_v4_payout-pay.html does
         *     for the v4 payout.
         *
         */
        CreateCardRefV4Request: {
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of an approved transaction whose card is to be stored. */
            orderid: components["schemas"]["OrderId"];
            /** @description Merchant login, sent in the body as well as in the OAuth header (published docs, api_v4_create-card-ref.html). */
            login: components["schemas"]["Login"];
        };
        /**
         * CardRefV4AsyncResponse
         * @description Reply of the v4 card tokenization, with the new `card-ref-id`. Keys from the published docs
         *     (api_v4_create-card-ref.html, "Registration Response Parameter"): `type` (`create-card-ref-response`,
         *     or `validation-error` / `error`), `serial-number`, `card-ref-id`, `unq-card-ref-id` and
         *     `recurring-payment-id`. `status`, `merchant-order-id` and `paynet-order-id` are kept optional
         *     from the v2 reply of the documented gateway; that page does not list them.
         *
         */
        CardRefV4AsyncResponse: {
            /** @example create-card-ref-response */
            type: string;
            status?: components["schemas"]["TransactionStatus"];
            /** @description The card reference, for rebill, transfers and card information. */
            "card-ref-id": string;
            /** @description Identifier of this reply; quote it to support. */
            "serial-number": string;
            /** @description Echo of `client_orderid`. */
            "merchant-order-id"?: string;
            "paynet-order-id"?: components["schemas"]["PaynetOrderId"];
            /** @description Unique card reference of the card behind `card-ref-id`, the same for every reference to one card number; usable for loyalty programs or fraud control (api_v4_create-card-ref.html). */
            "unq-card-ref-id"?: string;
            /** @description Recurring payment created with the card reference, when one was (api_v4_create-card-ref.html). */
            "recurring-payment-id"?: string | number;
        };
        /**
         * RecurringPaymentForCreation
         * @description Body of the v4 recurring payment creation: schedule (`period`, `interval`), amount, card and
         *     customer details. Signed with OAuth 1.0a RSA-SHA256, so there is no `control` field. Fields,
         *     spellings, required flags and lengths from the published docs (api_v4_create-recurring-payment.html):
         *     hyphenated names (`client-orderid`, `credit-card-number`, `card-printed-name`, `expire-year`,
         *     `customer-ip`, ...) beside `order_desc` and `rp_card_type` with underscores. `rp_card_type` is
         *     `SRC` (the payer's source card) or `DST` (a receiver's destination card); for `SRC` the payer's
         *     name, address, e-mail and the card's printed name and expiry are required, for `DST` they are
         *     optional. The docs let a profile be created without a schedule (no `period` and `interval`); the
         *     sandbox does not model such profiles yet, so both stay required here. Names no source gives
         *     (`start-date`, the `period` values) are marked `x-assumed`.
         *
         */
        RecurringPaymentForCreation: {
            /** @description Merchant-side identifier of the subscription (hyphenated, from the documented gateway). */
            "client-orderid": components["schemas"]["ClientOrderId"];
            /**
             * @description `SRC`: the payer's source card, charged by the schedule. `DST`: a receiver's destination card (published docs, api_v4_create-recurring-payment.html).
             * @enum {string}
             */
            rp_card_type: "SRC" | "DST";
            /** @description Description of the subscription, at most 64 K characters; written with an underscore (published docs, api_v4_create-recurring-payment.html). */
            order_desc: string;
            /** @description Amount charged at each occurrence. */
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /**
             * @description Unit of the schedule; one charge every `interval` periods. Assumed values: the description
             *     names `period` but not its values.
             *
             * @enum {string}
             */
            period: "day" | "week" | "month";
            /** @description Number of `period` units between charges (1 with `month` is monthly). */
            interval: number;
            /**
             * Format: date
             * @description Date of the first charge (`YYYY-MM-DD`); today when absent. Assumed name and format; the description names only `period` and `interval` for the schedule.
             */
            "start-date"?: string;
            /** @description Cardholder name as printed on the card (hyphenated, from the documented gateway). */
            "card-printed-name"?: string;
            /** @description Card number (hyphenated, from the documented gateway). */
            "credit-card-number": components["schemas"]["CardNumber"];
            /** @description Card expiry month (hyphenated like the documented `expire-year`). */
            "expire-month"?: components["schemas"]["ExpireMonth"];
            /** @description Card expiry year (hyphenated, from the documented gateway). */
            "expire-year"?: components["schemas"]["ExpireYear"];
            /** @description Card security code, the name as in the v2 operations. */
            cvv2?: components["schemas"]["Cvv2"];
            /** @description Payer's first name; required for `SRC` (published docs, api_v4_create-recurring-payment.html). */
            "first-name"?: string;
            /** @description Payer's last name; required for `SRC` (published docs, api_v4_create-recurring-payment.html). */
            "last-name"?: string;
            email?: components["schemas"]["Email"];
            /** @description Payer's IP address (published docs, api_v4_create-recurring-payment.html). */
            "customer-ip"?: components["schemas"]["IpAddress"];
            /** @description Payer's street address; required for `SRC` (published docs, api_v4_create-recurring-payment.html). */
            address1?: string;
            /** @description Payer's city; required for `SRC` (published docs, api_v4_create-recurring-payment.html). */
            city?: string;
            /** @description Payer's postal code; required for `SRC` (published docs, api_v4_create-recurring-payment.html). */
            "zip-code"?: string;
            country?: components["schemas"]["CountryCode"];
            phone?: string;
            /** @description Address told of each charge's final status (see `CallbackParams`). Assumed name, the sale's
             *     `server_callback_url` hyphenated like the documented fields of this operation.
             *      */
            "server-callback-url"?: components["schemas"]["HttpUrl"];
            /** @description Address told of every new transaction of each charge. Assumed name, the sale's `notify_url` hyphenated. */
            "notify-url"?: components["schemas"]["HttpUrl"];
        } & components["schemas"]["SourceCardPayerRequired"];
        /**
         * CreateRecurringPaymentResponse
         * @description Reply of the v4 recurring payment creation. From the documented gateway, the creation is answered
         *     synchronously with the `recurring-payment-id`, used in later process and update calls. The other
         *     keys are assumed to follow the gateway's kebab-case reply keys; the description does not show them.
         *
         */
        CreateRecurringPaymentResponse: {
            /** @description Kind of reply. Assumed key, as in every other reply of the gateway; its value is not documented. */
            type?: string;
            /** @description Status of the creation. Assumed key, as in the other replies. */
            status?: components["schemas"]["TransactionStatus"];
            /** @description Identifier of the new recurring payment, for later process and update calls. Accepted as a
             *     number or a string, like `paynet-order-id`; hand it to the caller as a string.
             *      */
            "recurring-payment-id": string | number;
            /** @description Identifier of this reply; quote it to support. Assumed key, as in the other replies. */
            "serial-number"?: string;
            /** @description Echo of `client-orderid`. Assumed key, as in the other replies. */
            "merchant-order-id"?: string;
        };
        /**
         * PayoutCheckRequest
         * @description Body of the first step of the two-step v4 payout: validates the recipient and registers the
         *     payout without releasing funds. Signed with OAuth 1.0a RSA-SHA256, so there is no `control`
         *     field. Assumed fields: the description gives none for payout-check, so those of the single-call
         *     v4 payout (from its signing example) are used, since the check registers that same payout.
         *
         */
        PayoutCheckRequest: {
            /** @description Merchant-side order identifier of the payout, written as in the v4 payout. */
            "client-order-id": components["schemas"]["ClientOrderId"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Description of the payout. */
            order_desc: string;
            /** @description Recipient's bank account number, validated by the check. */
            account_number: string;
            /** @description Recipient's bank, validated by the check. */
            bank_name: string;
        };
        /**
         * PayoutPayRequest
         * @description Body of the second step of the two-step v4 payout: confirms and executes the payout registered by
         *     payout-check. Signed with OAuth 1.0a RSA-SHA256 (the v4 rule), so there is no `control` field.
         *     Fields from the published docs (api_v4_payout-pay.html): `client_orderid`, `orderid` and `login`,
         *     all required (the API description shows no body for payout-pay).
         *
         */
        PayoutPayRequest: {
            /** @description Merchant-side order identifier given to payout-check. */
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description The service's identifier (`paynet-order-id`) of the payout registered by payout-check. */
            orderid: components["schemas"]["OrderId"];
            /** @description Merchant login, sent in the body as well as in the OAuth header (published docs, api_v4_payout-pay.html). */
            login: components["schemas"]["Login"];
        };
        /**
         * TransferRequest
         * @description Body of a v4 card-to-card transfer. Field names as written in the description's signing example
         *     (`destination-card-no` hyphenated, the others with underscores). Signed with OAuth 1.0a
         *     RSA-SHA256, so there is no `control` field. The source card is given by its data
         *     (`credit_card_number`, `card_printed_name`, `expire_month`, `expire_year`, `cvv2`) or by
         *     `card_recurring_payment_id`; the destination by `destination-card-no` or
         *     `destination_card_recurring_payment_id`. The required list is assumed: the description gives no
         *     required flags, so only the fields every transfer needs are required.
         *
         */
        TransferRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Description of the transfer. */
            order_desc: string;
            /** @description Number of the source card. */
            credit_card_number?: components["schemas"]["CardNumber"];
            /** @description Cardholder name as printed on the source card. */
            card_printed_name?: string;
            cvv2?: components["schemas"]["Cvv2"];
            expire_month?: components["schemas"]["ExpireMonth"];
            expire_year?: components["schemas"]["ExpireYear"];
            ipaddress: components["schemas"]["IpAddress"];
            /** @description Address the customer returns to, through 3-D Secure of the source card when needed. */
            redirect_url?: components["schemas"]["HttpUrl"];
            /** @description Whether the funds are deposited to the destination card. */
            deposit2card?: boolean;
            /** @description Number of the destination card. */
            "destination-card-no"?: components["schemas"]["CardNumber"];
            /** @description Stored reference of the source card, instead of its card data. */
            card_recurring_payment_id?: string;
            /** @description Stored reference of the destination card, instead of `destination-card-no`. */
            destination_card_recurring_payment_id?: string;
        };
        /**
         * TransferByRefRequest
         * @description Body of a v4 transfer by reference. Field names as written in the description's signing example
         *     (`client-order-id` and `destination-card-no` hyphenated, `order_desc` with an underscore). Signed
         *     with OAuth 1.0a RSA-SHA256, so there is no `control` field. Required flags and lengths from the
         *     published docs (api_v4_deposit_transfer.html): `order_desc` is optional, and the destination is
         *     `destination-card-no` or `destination-card-ref-id`. The current docs spell the order identifier
         *     `client_orderid`; the description's signing example writes `client-order-id`, which this spec
         *     keeps (the description wins).
         *
         */
        TransferByRefRequest: {
            /** @description Merchant-side order identifier (written hyphenated in this operation's signing example). */
            "client-order-id": components["schemas"]["ClientOrderId"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Description of the transfer, at most 64 characters (published docs, api_v4_deposit_transfer.html). */
            order_desc?: string;
            /** @description Number of the destination card; required when `destination-card-ref-id` is absent. */
            "destination-card-no"?: components["schemas"]["CardNumber"];
            /** @description Card reference (`card-ref-id`, the id `create-card-ref` answers) of the destination card, at
             *     most 20 characters; required when `destination-card-no` is absent (published docs,
             *     api_v4_deposit_transfer.html). A `recurring-payment-id` is not a `card-ref-id`: the v2
             *     payout takes that one, in `destination_card_recurring_payment_id`.
             *      */
            "destination-card-ref-id"?: string;
        } & components["schemas"]["TransferByRefDestination"];
        /**
         * PayoutV4Request
         * @description Body of the v4 payout to a bank account or a card. Field names as written in the description's
         *     signing example (`client-order-id` hyphenated, `order_desc`, `account_number` and `bank_name` with
         *     underscores). Signed with OAuth 1.0a RSA-SHA256, so there is no `control` field. Required flags
         *     from the published docs (api_v4_payout.html): `order_desc` is optional (at most 64 characters).
         *     The destination is a bank account or a card. The names of the bank's branch, province and city
         *     (`bank_branch`, `bank_province`, `bank_city`) and of the card fields (`credit_card_number`,
         *     `card_printed_name`, `expire_month`, `expire_year`) are those the gateway's official v4 examples
         *     send to `/api/v4/payout` (payneteasy/payneteasy-v4-api-examples-php, `bank-payout.php` and
         *     `cc-payout.php`); those examples give no lengths, so the lengths below are this spec's. The
         *     current docs spell the order identifier `client_orderid`; this spec keeps the description's
         *     `client-order-id` (the official v4 examples send `client-order-id` too).
         *
         */
        PayoutV4Request: {
            /** @description Merchant-side order identifier (written hyphenated in this operation's signing example). */
            "client-order-id": components["schemas"]["ClientOrderId"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Description of the payout, at most 64 characters (published docs, api_v4_payout.html). */
            order_desc?: string;
            /** @description Address for delivery of the final outcome (see `CallbackParams`), at most 128 characters
             *     (published docs, api_v4_payout.html: optional). Without it, poll the status operation.
             *      */
            server_callback_url?: components["schemas"]["HttpUrl"];
            /** @description Recipient's bank account number. */
            account_number?: string;
            /** @description Recipient's bank. */
            bank_name?: string;
            /** @description Branch of the recipient's bank. Name as sent by the official v4 bank payout example (payneteasy/payneteasy-v4-api-examples-php, bank-payout.php). */
            bank_branch?: string;
            /** @description Province or region of the recipient's bank. Name as sent by the official v4 bank payout example (payneteasy/payneteasy-v4-api-examples-php, bank-payout.php). */
            bank_province?: string;
            /** @description City of the recipient's bank branch. Name as sent by the official v4 bank payout example (payneteasy/payneteasy-v4-api-examples-php, bank-payout.php). */
            bank_city?: string;
            /** @description Number of the recipient's card, for a card payout. Name as sent by the official v4 card payout example (payneteasy/payneteasy-v4-api-examples-php, cc-payout.php). */
            credit_card_number?: components["schemas"]["CardNumber"];
            /** @description Cardholder name as printed on the recipient's card. Name as sent by the official v4 card payout example (payneteasy/payneteasy-v4-api-examples-php, cc-payout.php). */
            card_printed_name?: string;
            /** @description Expiry month of the recipient's card. Name as sent by the official v4 card payout example (payneteasy/payneteasy-v4-api-examples-php, cc-payout.php). */
            expire_month?: components["schemas"]["ExpireMonth"];
            /** @description Expiry year of the recipient's card. Name as sent by the official v4 card payout example (payneteasy/payneteasy-v4-api-examples-php, cc-payout.php). */
            expire_year?: components["schemas"]["ExpireYear"];
        } & components["schemas"]["PayoutV4Destination"];
        /**
         * TransferResponse
         * @description Reply of the v4 transfer by reference and the v4 payout. The description says only that both
         *     return an object with a transaction or payout identifier. Keys from the gateway's sources: the
         *     official PHP library reads the transfer-by-ref reply as an `async-response` with `type`,
         *     `status`, `paynet-order-id`, `merchant-order-id` and `serial-number`
         *     (source/PaynetEasy/PaynetEasyApi/Query/Prototype/PaymentQuery.php, which TransferByRefQuery.php
         *     extends), and the published docs list the same keys (`type` `async-response`, `paynet-order-id`,
         *     `merchant-order-id`, `serial-number`, `error-message`, `error-code`) for the v4 payout's reply
         *     (api_v4_payout-pay.html). `type` keeps no fixed value here.
         *
         */
        TransferResponse: {
            /** @example async-response */
            type: string;
            status?: components["schemas"]["TransactionStatus"];
            /** @description Identifier of this reply; quote it to support. */
            "serial-number"?: string;
            /** @description Echo of `client-order-id`. */
            "merchant-order-id"?: string;
            /** @description The service's identifier of the transfer or payout; read its outcome with the status operation. */
            "paynet-order-id": components["schemas"]["PaynetOrderId"];
            /** @description The endpoint that took the request. */
            "end-point-id"?: string | number;
            "error-message"?: string;
            "error-code"?: number;
        };
        /**
         * SyncAccountVerificationResponse
         * @description Reply of the account verification answered at once (`/api/v2/sync/account-verification`): a
         *     `status-response` with the verification's outcome and, once it is approved, the card's details
         *     and a card reference for later rebills and transfers. Keys from the vendor's PHP library
         *     (source/PaynetEasy/PaynetEasyApi/Query/SyncAccountVerificationQuery.php), which refuses a
         *     processing or approved reply missing any of them; no page of the published docs shows this reply.
         *
         */
        SyncAccountVerificationResponse: {
            /** @constant */
            type: "status-response";
            status: components["schemas"]["TransactionStatus"];
            /** @description Identifier of this reply; quote it to support. */
            "serial-number"?: string;
            /** @description Echo of `client_orderid`. */
            "merchant-order-id": string;
            "paynet-order-id": components["schemas"]["PaynetOrderId"];
            /** @description The payer's phone, as sent. */
            phone?: string;
            /** @description The payer's e-mail, as sent. */
            email?: string;
            "last-four-digits"?: string;
            bin?: string;
            "cardholder-name"?: string;
            "card-exp-month"?: string;
            "card-exp-year"?: string;
            /** @description Card reference of the verified card, for make-rebill, transfers and get-card-info. */
            "card-ref-id"?: string;
            /** @description The same value for every reference of one card number. */
            "card-hash-id"?: string;
            /** @example VISA */
            "card-type"?: string;
            "error-message"?: string;
            "error-code"?: number | string;
        };
        /**
         * TransferByRefV2Request
         * @description Body of the v2 transfer by reference, as the vendor's PHP library sends it
         *     (source/PaynetEasy/PaynetEasyApi/Query/TransferByRefQuery.php): the destination is a stored card
         *     (`destination-card-ref-id`), the source a stored card (`source-card-ref-id`, optional). The
         *     lengths follow the other v2 operations' fields of the same names.
         *
         */
        TransferByRefV2Request: {
            login: components["schemas"]["Login"];
            client_orderid: components["schemas"]["ClientOrderId"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            ipaddress: components["schemas"]["IpAddress"];
            /** @description Card reference (`card-ref-id`) of the card the money goes to. */
            "destination-card-ref-id": string;
            /** @description Card reference of the card the money comes from; absent, it comes from the merchant account. */
            "source-card-ref-id"?: string;
            /** @description CVV2 of the source card, when its issuer asks for one. */
            cvv2?: components["schemas"]["Cvv2"];
            order_desc?: string;
            redirect_url?: components["schemas"]["HttpUrl"];
            server_callback_url?: components["schemas"]["HttpUrl"];
            control: components["schemas"]["Control"];
        };
        /**
         * StatusV4Request
         * @description Body of the v4 status query: the v2 status query's fields without `control`, the request being
         *     signed with OAuth 1.0a RSA-SHA256 (published docs, api_v4_status.html).
         *
         */
        StatusV4Request: {
            login: components["schemas"]["Login"];
            client_orderid: components["schemas"]["ClientOrderId"];
            /** @description The service's identifier of the order; send it when known. */
            orderid?: components["schemas"]["OrderId"];
            /** @description Serial number of one request of the order, to ask for that request's status. */
            "by-request-sn"?: string;
        };
        /**
         * TransferFormV4Request
         * @description Body of the v4 transfer on a hosted page. From the published docs (api_v4_transfer-form.html):
         *     `destination-card-no` (alias `destination`), `deposit2card` (true: from the merchant account, no
         *     sender card data), `ipaddress` and `amount`. The other fields were not visible in the copy
         *     available to this project; they are assumed to be the v4 transfer's (`x-assumed`).
         *
         */
        TransferFormV4Request: {
            client_orderid: components["schemas"]["ClientOrderId"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            ipaddress: components["schemas"]["IpAddress"];
            /** @description Number of the receiver's card; absent, the receiver enters it on the hosted page. */
            "destination-card-no"?: components["schemas"]["CardNumber"];
            /** @description true for a transfer from the merchant account to a card, with no sender card data. */
            deposit2card?: boolean;
            order_desc?: string;
            redirect_url?: components["schemas"]["HttpUrl"];
            server_callback_url?: components["schemas"]["HttpUrl"];
        };
        /**
         * PayoutByRefRequest
         * @description Body of the v4 payout to a stored card (published docs, api_v4_payout-by-ref.html). Signed with
         *     OAuth 1.0a RSA-SHA256, so there is no `control` field. "Conditional" fields may be required by
         *     the merchant's configuration (the page: "Ask Support Manager if Conditional fields are Required").
         *
         */
        PayoutByRefRequest: {
            client_orderid: components["schemas"]["ClientOrderId"];
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            /** @description Card reference (`card-ref-id`) of the card paid out to, at most 20 characters (the page types
             *     it "Numeric, 20"; the reference is taken as create-card-ref answered it, as for the v4
             *     transfer by reference).
             *      */
            "destination-card-ref-id": string;
            order_desc?: string;
            /** @description The receiver's IP address (conditional). */
            ipaddress?: components["schemas"]["IpAddress"];
            /** @description Purpose of the payout (conditional). */
            purpose?: string;
            server_callback_url?: components["schemas"]["HttpUrl"];
            redirect_url?: components["schemas"]["HttpUrl"];
        };
        /**
         * ProcessRecurringPaymentRequest
         * @description Body of a charge of a recurring payment now (published docs, api_v4_process-recurring-payment.html):
         *     the hyphenated field names of the v4 recurring payments. The page's "Merchant login" and
         *     "Endpoint" are the OAuth consumer key and the path's endpoint id.
         *
         */
        ProcessRecurringPaymentRequest: {
            "client-orderid": components["schemas"]["ClientOrderId"];
            /** @description The recurring payment to charge, as create-recurring-payment answered it. At most 128 digits,
             *     an assumed length: this operation's page says "recurring-payment-id ... Necessity: Required,
             *     Type: String, Length: 10" (api_v4_process-recurring-payment.html), the pages of
             *     update-recurring-payment and of process-recurring-payments say "Length: 128"
             *     (api_v4_update-recurring-payment.html, api_v4_process-recurring-payments.html). The spec keeps
             *     the longer, so no identifier the gateway hands out is refused before sending; the validation
             *     proxy reports a longer identifier the gateway takes, or refuses, as evidence.
             *      */
            "recurring-payment-id": string;
            /** @description Amount in major units, in the recurring payment's own currency: the body carries no
             *     `currency`, so it is not an `Amount` checked against one. Required here, an assumption: one
             *     edition of the page says "amount ... Necessity: Required, Type: Numeric, Length: 10"
             *     (api_v4_process-recurring-payments.html, whose rows this operation shares), the newer one of
             *     this operation's page says "Supported for SRC and DST type. Required if amount-from and
             *     amount-to or amount-sequence are not used. Necessity: Conditional" (api_v4_process-recurring-payment.html),
             *     yet lists no `amount-from`, `amount-to` or `amount-sequence` for this operation (they are
             *     update-recurring-payment's fields). Until a charge without `amount` is seen to work, the spec
             *     keeps the one amount the page lists required; the validation proxy reports a request without
             *     it that the gateway takes (or refuses naming it) as evidence.
             *      */
            amount: string;
        };
        /**
         * ProcessRecurringPaymentResponse
         * @description Reply of a charge of a recurring payment (published docs, api_v4_process-recurring-payment.html
         *     and api_v4_process-recurring-payments.html): `type` `process-recurring-payment-response`,
         *     `status`, `serial-number`.
         *
         */
        ProcessRecurringPaymentResponse: {
            /** @constant */
            type: "process-recurring-payment-response";
            status: components["schemas"]["TransactionStatus"];
            /** @description Identifier of this reply; quote it to support. */
            "serial-number": string;
        };
        /**
         * UpdateRecurringPaymentRequest
         * @description Body of a change to a recurring payment (published docs, api_v4_update-recurring-payment.html).
         *     Only `client-orderid` and `recurring-payment-id` are required; the card fields go together
         *     (`card-printed-name`, `expire-month` and `expire-year` only with `credit-card-number`); the
         *     amount is one of `amount`, `amount-from` with `amount-to`, or `amount-sequence`.
         *
         */
        UpdateRecurringPaymentRequest: {
            "client-orderid": components["schemas"]["ClientOrderId"];
            /** @description The recurring payment to change. At most 128 digits ("Length: 128" on this page,
             *     api_v4_update-recurring-payment.html), an assumed length: process-recurring-payment's page
             *     gives the same identifier "Length: 10" (api_v4_process-recurring-payment.html).
             *      */
            "recurring-payment-id": string;
            /** @description The new card, optional with its fields (`card-printed-name`, `expire-month`, `expire-year`
             *     required with it), an assumption between two editions of the page
             *     (api_v4_update-recurring-payment.html). One says of each card field "Necessity: Required"
             *     ("credit-card-number: Payer`s credit card number. Necessity: Required, Type: Numeric, Length: 20");
             *     the newer says "Necessity: Conditional" (or "Required/Optional"), "card-printed-name can only be
             *     specified when card number is specified", "Required when card number is specified". The spec
             *     follows the newer edition: it is the one that explains the fields' relation, a change of the
             *     amount alone (its example) would be impossible if every change had to resend the card, and
             *     the older edition's "Required" on every row reads as the table's default. The validation proxy
             *     reports a change without a card that the gateway takes (or refuses naming the card) as evidence.
             *      */
            "credit-card-number"?: components["schemas"]["CardNumber"];
            "card-printed-name"?: string;
            "expire-month"?: components["schemas"]["ExpireMonth"];
            "expire-year"?: components["schemas"]["ExpireYear"];
            /** @description The fixed amount of every later charge, in the recurring payment's currency. */
            amount?: string;
            /** @description With `amount-to`, each later charge is a random amount between the two. */
            "amount-from"?: string;
            "amount-to"?: string;
            /** @description The amounts of the later charges in turn, comma-separated. */
            "amount-sequence"?: string;
        };
        /**
         * UpdateRecurringPaymentResponse
         * @description Reply of a change to a recurring payment. The page (api_v4_update-recurring-payment.html) says
         *     the command is synchronous; its reply keys were not visible in the copy available to this
         *     project and are assumed to follow the gateway's other replies.
         *
         */
        UpdateRecurringPaymentResponse: {
            type: string;
            status?: components["schemas"]["TransactionStatus"];
            "serial-number"?: string;
            "recurring-payment-id"?: string | number;
        };
        /**
         * RecurringPaymentsCsv
         * @description CSV rows, one per recurring payment, with a header row naming the columns the command's page
         *     lists (`client-orderid`, `recurring-payment-id`, `amount`, and for the creation the card and
         *     payer columns). It may carry card numbers and CVV2s: the SDK keeps it out of its request log.
         *
         */
        RecurringPaymentsCsv: string;
        /**
         * RecurringPaymentsCsvRequest
         * @description Body of the v4 commands on many recurring payments at once (create, process, update
         *     recurring-payments): the rows in `payload`, as CSV (published docs,
         *     api_v4_create-recurring-payments.html: "each parameter that can be included in the CSV and
         *     added to payload parameter").
         *
         */
        RecurringPaymentsCsvRequest: {
            payload: components["schemas"]["RecurringPaymentsCsv"];
        };
        /**
         * RecurringPaymentsCsvResponse
         * @description Reply of the v4 commands on many recurring payments at once. Only the processing page names its
         *     keys (`process-recurring-payment-response`, `status`, `serial-number`); the others are assumed
         *     to be the same.
         *
         */
        RecurringPaymentsCsvResponse: {
            type: string;
            status?: components["schemas"]["TransactionStatus"];
            "serial-number"?: string;
        };
        /**
         * StateWhereRequired
         * @description The rule that `state` is required when `country` is the United States, Canada or Australia
         *     (published docs: api_v2_sale-form.html and api_v2_account-verification.html, "Required for USA,
         *     Canada and Australia"). Request bodies that carry a billing address include it with `allOf`.
         *
         */
        StateWhereRequired: unknown;
        /**
         * GetBalanceRequest
         * @description Body of a balance query (published docs, api_v2_get_balance.html). Signed with OAuth 1.0a
         *     HMAC-SHA1, so there is no `control` field.
         *
         */
        GetBalanceRequest: {
            /** @description "Input your balance provider" (published docs, api_v2_get_balance.html: Required, String,
             *     length 128). The sandbox keeps one balance per endpoint and takes any value.
             *      */
            "balance-provider": string;
        };
        /**
         * Balance
         * @description One balance of a get-balance reply (published docs, api_v2_get_balance.html).
         */
        Balance: {
            /** @description "Current balance" (published docs, api_v2_get_balance.html), in major units of the
             *     endpoint's currency, as a number (`29.99`).
             *      */
            "balance-amount": number;
        };
        /**
         * BalanceList
         * @description Reply of get-balance: a list of balances, as the page's success example gives it
         *     (api_v2_get_balance.html, `[ { "balance-amount":29.99, } ]`).
         *
         */
        BalanceList: components["schemas"]["Balance"][];
        /**
         * PanEligibilitySendingCard
         * @description The sending card of a PAN eligibility check is a card reference (`sending-card-ref-id`) or the
         *     card's number, printed name and expiry: one of the two forms is required (published docs,
         *     api_v2_pan-eligibility.html, "if sending-card-ref-id is not specified").
         *
         */
        PanEligibilitySendingCard: {
            "sending-card-ref-id": unknown;
        } | {
            "sending-card-number": unknown;
            "card-printed-name": unknown;
            expire_month: unknown;
            expire_year: unknown;
        };
        /**
         * SourceCardPayerRequired
         * @description The rule that a recurring payment on the payer's source card (`rp_card_type` `SRC`) carries the
         *     payer's name, address and e-mail and the card's printed name and expiry; for a destination card
         *     (`DST`) they are optional (published docs, api_v4_create-recurring-payment.html).
         *
         */
        SourceCardPayerRequired: unknown;
        /**
         * TransferByRefDestination
         * @description The destination of a transfer by reference is a card number (`destination-card-no`) or a card
         *     reference (`destination-card-ref-id`): one of the two is required (published docs,
         *     api_v4_deposit_transfer.html, "Mandatory if destination-card-ref-id omitted").
         *
         */
        TransferByRefDestination: {
            "destination-card-no": unknown;
        } | {
            "destination-card-ref-id": unknown;
        };
        /**
         * PayoutV4Destination
         * @description The destination of a v4 payout is a bank account (`account_number` and `bank_name`) or a card
         *     (`credit_card_number`, `card_printed_name`, `expire_month`, `expire_year`): one of the two forms is
         *     required (the gateway's official v4 examples send both kinds: payneteasy/payneteasy-v4-api-examples-php,
         *     `bank-payout.php` with the bank account, `cc-payout.php` with the card).
         *
         */
        PayoutV4Destination: {
            account_number: unknown;
            bank_name: unknown;
        } | {
            credit_card_number: unknown;
            card_printed_name: unknown;
            expire_month: unknown;
            expire_year: unknown;
        };
        /**
         * ReportDateTime
         * @description A moment in the gateway's time zone, `YYYY-MM-DD HH:MM:SS` (the transactions report's date form).
         * @example 2026-11-26 10:15:02
         */
        ReportDateTime: string;
    };
    responses: {
        /** @description The request was refused: a missing or malformed field, a bad signature, an unknown endpoint, a
         *     missing `Accept` header or a transition the transaction does not allow. This 400 is the JSON
         *     form (API description). In the classic text form (no `Accept: application/vnd.pay+json`) the
         *     gateway answers a refusal with HTTP 200 and `type=validation-error` or `type=error` in the body
         *     (published docs, the Response Parameters of every api_v2_*.html page); clients must read `type`,
         *     not only the status code.
         *      */
        ValidationError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /** @example {
                 *       "type": "validation-error",
                 *       "serial-number": "00000000-0000-0000-0000-0000026f8e3b",
                 *       "error-message": "client_orderid: is required",
                 *       "error-code": 1
                 *     } */
                "application/vnd.pay+json": components["schemas"]["ValidationErrorResponse"];
            };
        };
        /** @description The service failed to process a valid request. Query the status before repeating it. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /** @example {
                 *       "type": "error",
                 *       "serial-number": "00000000-0000-0000-0000-0000026f8e3c",
                 *       "error-message": "Internal error, try again later",
                 *       "error-code": 2
                 *     } */
                "application/vnd.pay+json": components["schemas"]["ServerErrorResponse"];
            };
        };
    };
    parameters: {
        /**
         * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
         *     signature. A merchant configured with an endpoint group instead sends the operations that have
         *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
         *
         * @example 1111
         */
        EndpointId: number;
        /**
         * @description The client must request the vendor media type explicitly; error bodies use it too.
         * @example application/vnd.pay+json
         */
        Accept: "application/vnd.pay+json";
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type Amount = components['schemas']['Amount'];
export type TransactionReportRow = components['schemas']['TransactionReportRow'];
export type Currency = components['schemas']['Currency'];
export type ClientOrderId = components['schemas']['ClientOrderId'];
export type OrderId = components['schemas']['OrderId'];
export type PaynetOrderId = components['schemas']['PaynetOrderId'];
export type Login = components['schemas']['Login'];
export type Control = components['schemas']['Control'];
export type Email = components['schemas']['Email'];
export type HttpUrl = components['schemas']['HttpUrl'];
export type CardNumber = components['schemas']['CardNumber'];
export type Cvv2 = components['schemas']['Cvv2'];
export type ExpireMonth = components['schemas']['ExpireMonth'];
export type ExpireYear = components['schemas']['ExpireYear'];
export type CountryCode = components['schemas']['CountryCode'];
export type IpAddress = components['schemas']['IpAddress'];
export type TransactionStatus = components['schemas']['TransactionStatus'];
export type TransactionType = components['schemas']['TransactionType'];
export type ThreeDSecureAuthenticationResult = components['schemas']['ThreeDSecureAuthenticationResult'];
export type ResponseType = components['schemas']['ResponseType'];
export type AsyncResponse = components['schemas']['AsyncResponse'];
export type AsyncCheckoutFormRedirect = components['schemas']['AsyncCheckoutFormRedirect'];
export type StatusResponse = components['schemas']['StatusResponse'];
export type CardRefAsyncResponse = components['schemas']['CardRefAsyncResponse'];
export type CardInfoAsyncResponse = components['schemas']['CardInfoAsyncResponse'];
export type ValidationErrorResponse = components['schemas']['ValidationErrorResponse'];
export type ServerErrorResponse = components['schemas']['ServerErrorResponse'];
export type CallbackParams = components['schemas']['CallbackParams'];
export type CustomerReturnParams = components['schemas']['CustomerReturnParams'];
export type TdsCResResultRequest = components['schemas']['TdsCResResultRequest'];
export type TdsMethodUrlResultRequest = components['schemas']['TdsMethodUrlResultRequest'];
export type TdsPaResResultRequest = components['schemas']['TdsPaResResultRequest'];
export type AccountVerificationFormRequest = components['schemas']['AccountVerificationFormRequest'];
export type AccountVerificationRequest = components['schemas']['AccountVerificationRequest'];
export type CaptureRequest = components['schemas']['CaptureRequest'];
export type CreateCardRefRequest = components['schemas']['CreateCardRefRequest'];
export type GetCardInfoRequest = components['schemas']['GetCardInfoRequest'];
export type RebillRequest = components['schemas']['RebillRequest'];
export type PaymentFormRequest = components['schemas']['PaymentFormRequest'];
export type PayoutFormRequest = components['schemas']['PayoutFormRequest'];
export type PayoutRequest = components['schemas']['PayoutRequest'];
export type AuthFormRequest = components['schemas']['AuthFormRequest'];
export type AuthRequest = components['schemas']['AuthRequest'];
export type ReturnRequest = components['schemas']['ReturnRequest'];
export type SaleFormRequest = components['schemas']['SaleFormRequest'];
export type SaleRequest = components['schemas']['SaleRequest'];
export type StatusRequest = components['schemas']['StatusRequest'];
export type VoidRequest = components['schemas']['VoidRequest'];
export type PanEligibilityRequest = components['schemas']['PanEligibilityRequest'];
export type CreateCardRefV4Request = components['schemas']['CreateCardRefV4Request'];
export type CardRefV4AsyncResponse = components['schemas']['CardRefV4AsyncResponse'];
export type RecurringPaymentForCreation = components['schemas']['RecurringPaymentForCreation'];
export type CreateRecurringPaymentResponse = components['schemas']['CreateRecurringPaymentResponse'];
export type PayoutCheckRequest = components['schemas']['PayoutCheckRequest'];
export type PayoutPayRequest = components['schemas']['PayoutPayRequest'];
export type TransferRequest = components['schemas']['TransferRequest'];
export type TransferByRefRequest = components['schemas']['TransferByRefRequest'];
export type PayoutV4Request = components['schemas']['PayoutV4Request'];
export type TransferResponse = components['schemas']['TransferResponse'];
export type SyncAccountVerificationResponse = components['schemas']['SyncAccountVerificationResponse'];
export type TransferByRefV2Request = components['schemas']['TransferByRefV2Request'];
export type StatusV4Request = components['schemas']['StatusV4Request'];
export type TransferFormV4Request = components['schemas']['TransferFormV4Request'];
export type PayoutByRefRequest = components['schemas']['PayoutByRefRequest'];
export type ProcessRecurringPaymentRequest = components['schemas']['ProcessRecurringPaymentRequest'];
export type ProcessRecurringPaymentResponse = components['schemas']['ProcessRecurringPaymentResponse'];
export type UpdateRecurringPaymentRequest = components['schemas']['UpdateRecurringPaymentRequest'];
export type UpdateRecurringPaymentResponse = components['schemas']['UpdateRecurringPaymentResponse'];
export type RecurringPaymentsCsv = components['schemas']['RecurringPaymentsCsv'];
export type RecurringPaymentsCsvRequest = components['schemas']['RecurringPaymentsCsvRequest'];
export type RecurringPaymentsCsvResponse = components['schemas']['RecurringPaymentsCsvResponse'];
export type StateWhereRequired = components['schemas']['StateWhereRequired'];
export type GetBalanceRequest = components['schemas']['GetBalanceRequest'];
export type Balance = components['schemas']['Balance'];
export type BalanceList = components['schemas']['BalanceList'];
export type PanEligibilitySendingCard = components['schemas']['PanEligibilitySendingCard'];
export type SourceCardPayerRequired = components['schemas']['SourceCardPayerRequired'];
export type TransferByRefDestination = components['schemas']['TransferByRefDestination'];
export type PayoutV4Destination = components['schemas']['PayoutV4Destination'];
export type ReportDateTime = components['schemas']['ReportDateTime'];
export type ResponseValidationError = components['responses']['ValidationError'];
export type ResponseServerError = components['responses']['ServerError'];
export type ParameterEndpointId = components['parameters']['EndpointId'];
export type ParameterAccept = components['parameters']['Accept'];
export type $defs = Record<string, never>;
export interface operations {
    uploadCresResult: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TdsCResResultRequest"];
            };
        };
        responses: {
            /** @description The CRes was accepted; the sale continues and its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    uploadMethodUrlResult: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TdsMethodUrlResultRequest"];
            };
        };
        responses: {
            /** @description The method step result was accepted; the sale continues and its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    uploadParesResult: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TdsPaResResultRequest"];
            };
        };
        responses: {
            /** @description The PaRes was accepted; the sale continues and its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    accountVerificationForm: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AccountVerificationFormRequest"];
            };
        };
        responses: {
            /** @description The verification was registered; send the customer to `redirect-url`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncCheckoutFormRedirect"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    accountVerification: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AccountVerificationRequest"];
            };
        };
        responses: {
            /** @description The verification was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    capture: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["CaptureRequest"];
            };
        };
        responses: {
            /** @description The capture was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    createCardRef: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["CreateCardRefRequest"];
            };
        };
        responses: {
            /** @description The card reference was created. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["CardRefAsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["GetBalanceRequest"];
            };
        };
        responses: {
            /** @description The endpoint's balance: a list of one object per balance, as the page's success example
             *     gives it (api_v2_get_balance.html).
             *      */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["BalanceList"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    getCardInfo: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["GetCardInfoRequest"];
            };
        };
        responses: {
            /** @description Information about the stored card. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["CardInfoAsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    makeRebill: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RebillRequest"];
            };
        };
        responses: {
            /** @description The rebill was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    makeRebillSale: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RebillRequest"];
            };
        };
        responses: {
            /** @description The rebill was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    makeRebillPreauth: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RebillRequest"];
            };
        };
        responses: {
            /** @description The rebill was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    paymentForm: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PaymentFormRequest"];
            };
        };
        responses: {
            /** @description The payment was registered; send the customer to `redirect-url`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncCheckoutFormRedirect"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    payoutForm: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PayoutFormRequest"];
            };
        };
        responses: {
            /** @description The payout was registered; send the customer to `redirect-url`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncCheckoutFormRedirect"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    payout: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PayoutRequest"];
            };
        };
        responses: {
            /** @description The payout was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    preauthForm: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AuthFormRequest"];
            };
        };
        responses: {
            /** @description The preauthorization was registered; send the customer to `redirect-url`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncCheckoutFormRedirect"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    preauth: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AuthRequest"];
            };
        };
        responses: {
            /** @description The preauthorization was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    return: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["ReturnRequest"];
            };
        };
        responses: {
            /** @description The return was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    saleForm: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["SaleFormRequest"];
            };
        };
        responses: {
            /** @description The sale was registered; send the customer to `redirect-url`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncCheckoutFormRedirect"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    sale: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["SaleRequest"];
            };
        };
        responses: {
            /** @description The sale was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    status: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["StatusRequest"];
            };
        };
        responses: {
            /** @description Current status of the transaction. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["StatusResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    void: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["VoidRequest"];
            };
        };
        responses: {
            /** @description The void was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    panEligibilitySend: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PanEligibilityRequest"];
            };
        };
        responses: {
            /** @description The check was accepted. Assumed reply: the description does not show this operation's
             *     response, so the asynchronous acknowledgement is used; read the outcome with the status
             *     operation.
             *      */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    createCardRefV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["CreateCardRefV4Request"];
            };
        };
        responses: {
            /** @description The card reference was created. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["CardRefV4AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    createRecurringPaymentV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RecurringPaymentForCreation"];
            };
        };
        responses: {
            /** @description The recurring payment was created; its identifier is in `recurring-payment-id`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["CreateRecurringPaymentResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    payoutCheck: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PayoutCheckRequest"];
            };
        };
        responses: {
            /** @description The payout was registered for checking; no funds were released. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    payoutPay: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PayoutPayRequest"];
            };
        };
        responses: {
            /** @description The payout was accepted for execution; its outcome comes later. The asynchronous
             *     acknowledgement (`type` `async-response`), per the published docs (api_v4_payout-pay.html).
             *      */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    transfer: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TransferRequest"];
            };
        };
        responses: {
            /** @description The transfer was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    transferByRef: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TransferByRefRequest"];
            };
        };
        responses: {
            /** @description The transfer was accepted; `paynet-order-id` identifies it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["TransferResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    payoutV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PayoutV4Request"];
            };
        };
        responses: {
            /** @description The payout was accepted; `paynet-order-id` identifies it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["TransferResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    syncAccountVerification: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AccountVerificationRequest"];
            };
        };
        responses: {
            /** @description The verification's outcome, with the card's details and reference. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["SyncAccountVerificationResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    authCash: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["SaleRequest"];
            };
        };
        responses: {
            /** @description The authorization was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    transferForm: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["SaleFormRequest"];
            };
        };
        responses: {
            /** @description The transfer was registered; send the customer to `redirect-url`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncCheckoutFormRedirect"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    transferByRefV2: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TransferByRefV2Request"];
            };
        };
        responses: {
            /** @description The transfer was accepted for processing; its outcome comes later. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    statusV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["StatusV4Request"];
            };
        };
        responses: {
            /** @description The transaction's current status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["StatusResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    transferFormV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TransferFormV4Request"];
            };
        };
        responses: {
            /** @description The transfer was registered; send the customer to `redirect-url`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["AsyncCheckoutFormRedirect"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    payoutByRef: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PayoutByRefRequest"];
            };
        };
        responses: {
            /** @description The payout was accepted; `paynet-order-id` identifies it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["TransferResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    processRecurringPaymentV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["ProcessRecurringPaymentRequest"];
            };
        };
        responses: {
            /** @description The charge was accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["ProcessRecurringPaymentResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    updateRecurringPaymentV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["UpdateRecurringPaymentRequest"];
            };
        };
        responses: {
            /** @description The recurring payment was changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["UpdateRecurringPaymentResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    createRecurringPaymentsV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RecurringPaymentsCsvRequest"];
            };
        };
        responses: {
            /** @description The rows were accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["RecurringPaymentsCsvResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    processRecurringPaymentsV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RecurringPaymentsCsvRequest"];
            };
        };
        responses: {
            /** @description The rows were accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["RecurringPaymentsCsvResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    updateRecurringPaymentsV4: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The client must request the vendor media type explicitly; error bodies use it too.
                 * @example application/vnd.pay+json
                 */
                Accept: components["parameters"]["Accept"];
            };
            path: {
                /**
                 * @description Endpoint identifier assigned to the merchant. It is the `endpointId` term of the `control`
                 *     signature. A merchant configured with an endpoint group instead sends the operations that have
                 *     one to their `x-endpoint-group` address, whose last segment is the endpoint group id.
                 *
                 * @example 1111
                 */
                endpointId: components["parameters"]["EndpointId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RecurringPaymentsCsvRequest"];
            };
        };
        responses: {
            /** @description The rows were accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["RecurringPaymentsCsvResponse"];
                };
            };
            400: components["responses"]["ValidationError"];
            500: components["responses"]["ServerError"];
        };
    };
    transactionReport: {
        parameters: {
            query: {
                /**
                 * @description Transactions created at or after this moment, in the gateway's time, `YYYY-MM-DD HH:MM:SS`.
                 * @example 2026-11-26 00:00:00
                 */
                createdFromDate: components["schemas"]["ReportDateTime"];
                /**
                 * @description Transactions created at or before this moment, `YYYY-MM-DD HH:MM:SS`; at most 31 days after `createdFromDate`.
                 * @example 2026-11-26 23:59:59
                 */
                createdToDate: components["schemas"]["ReportDateTime"];
                /** @description Transactions uploaded to the bank at or after this moment, `YYYY-MM-DD HH:MM:SS`. */
                bankFromDate?: components["schemas"]["ReportDateTime"];
                /** @description Transactions uploaded to the bank at or before this moment, `YYYY-MM-DD HH:MM:SS`. */
                bankToDate?: components["schemas"]["ReportDateTime"];
                /** @description Comma-separated transaction types to list; every type when absent. The documented types:
                 *     `sale`, `reversal`, `preauth`, `capture`, `cancel`, `fraud`, `chargeback`, `retrieval`,
                 *     `dispute`, `refund`.
                 *      */
                transactionTypes?: string;
                /** @description Comma-separated statuses to list (`approved`, `declined`, `filtered`); every status when absent. */
                transactionStatuses?: string;
                /** @description Comma-separated endpoint ids of the merchant; every endpoint of the merchant when absent. */
                endpoints?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transactions, as CSV with a header row naming the columns of `TransactionReportRow`
             *     (`x-assumed`: the pages available to this project do not show the reply).
             *      */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example id,created,type,status,paynet-order-id,merchant-order-id,end-point-id,amount,currency,serial-number
                     *     5000001,2026-11-26 10:15:02,sale,approved,1000001,902B4FF5,1111,10.42,USD,00000000-0000-0000-0000-0000026f8e3a
                     *     5000002,2026-11-26 10:20:41,reversal,approved,1000001,902B4FF5,1111,3.00,USD,00000000-0000-0000-0000-0000026f8e41
                     *      */
                    "text/csv": string;
                };
            };
            /** @description A refusal: a missing or malformed parameter, a period over 31 days, an endpoint that is not
             *     the merchant's. The body says why in the gateway's error form.
             *      */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            /** @description The OAuth signature is missing or does not verify. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pay+json": components["schemas"]["ValidationErrorResponse"];
                };
            };
            500: components["responses"]["ServerError"];
        };
    };
    serverCallback: {
        parameters: {
            query: {
                /** @description The fields of `CallbackParams`, each sent as a query parameter of its own
                 *     (`?status=approved&orderid=...&client_orderid=...&control=...`).
                 *      */
                callback: components["schemas"]["CallbackParams"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The shop has the callback, or had it already. Any other answer, or none, makes the gateway
             *     send it again: 30 times over 14 days.
             *      */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The callback is refused: `control` is missing (400) or does not verify (403), so it did not
             *     come from the gateway as it was sent. A genuine callback is never refused; one whose
             *     unsigned fields disagree with the stored order may be answered 409.
             *      */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    customerReturn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["CustomerReturnParams"];
            };
        };
        responses: {
            /** @description The shop's page for the customer, once the outcome is confirmed with the status operation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The return is refused: `control` is missing or does not verify, or its ids are not those of
             *     the order the payer's session started. Show no outcome from it.
             *      */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
