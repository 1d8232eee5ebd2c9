// This file is generated from spec/ by `pnpm generate`. Do not edit it by hand:
// change the spec and run `pnpm generate` again.

import type { OperationEntry, SignatureRule } from "../operation-entry.js";

/**
 * Every operation of the API, keyed by its path template: operation id, signature rule, schemas
 * and the fields the SDK treats specially. Generated from `spec/`.
 *
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * const { signature } = operationTable["/api/v2/capture/{endpointId}"];
 * // signature.terms: ["login", "client_orderid", "orderid", "amount", "currency"]
 * ```
 */
export const operationTable = {
  "/api/3ds/v1/upload-cres-result/{endpointId}": {
    "operationId": "uploadCresResult",
    "path": "/api/3ds/v1/upload-cres-result/{endpointId}",
    "method": "post",
    "tag": "3-D Secure",
    "summary": "Upload the 3-D Secure 2.x CRes",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client-order-id",
        "orderid"
      ],
      "assumed": false
    },
    "requestSchema": "TdsCResResultRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "login",
      "client-order-id",
      "orderid",
      "cres",
      "control"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false
  },
  "/api/3ds/v1/upload-method-url-result/{endpointId}": {
    "operationId": "uploadMethodUrlResult",
    "path": "/api/3ds/v1/upload-method-url-result/{endpointId}",
    "method": "post",
    "tag": "3-D Secure",
    "summary": "Upload the 3-D Secure 2.x method step result",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client-order-id",
        "orderid"
      ],
      "assumed": false
    },
    "requestSchema": "TdsMethodUrlResultRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "login",
      "client-order-id",
      "orderid",
      "threeDSCompInd",
      "control"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false
  },
  "/api/3ds/v1/upload-pares-result/{endpointId}": {
    "operationId": "uploadParesResult",
    "path": "/api/3ds/v1/upload-pares-result/{endpointId}",
    "method": "post",
    "tag": "3-D Secure",
    "summary": "Upload the 3-D Secure 1.0.2 PaRes",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client-order-id",
        "orderid"
      ],
      "assumed": false
    },
    "requestSchema": "TdsPaResResultRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "login",
      "client-order-id",
      "orderid",
      "pares",
      "control"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false
  },
  "/api/v2/account-verification-form/{endpointId}": {
    "operationId": "accountVerificationForm",
    "path": "/api/v2/account-verification-form/{endpointId}",
    "method": "post",
    "tag": "Hosted forms",
    "summary": "Account verification on the hosted page",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "email"
      ],
      "assumed": false
    },
    "requestSchema": "AccountVerificationFormRequest",
    "responseSchema": "AsyncCheckoutFormRedirect",
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "address1",
      "city",
      "zip_code",
      "country",
      "phone",
      "ipaddress",
      "email",
      "redirect_url",
      "control"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false
  },
  "/api/v2/account-verification/{endpointId}": {
    "operationId": "accountVerification",
    "path": "/api/v2/account-verification/{endpointId}",
    "method": "post",
    "tag": "Payments",
    "summary": "Account verification (zero-amount authorization)",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "email"
      ],
      "assumed": false
    },
    "requestSchema": "AccountVerificationRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "address1",
      "city",
      "zip_code",
      "country",
      "phone",
      "ipaddress",
      "email",
      "card_printed_name",
      "credit_card_number",
      "expire_month",
      "expire_year",
      "cvv2",
      "redirect_url",
      "control"
    ],
    "amountFields": [],
    "cardNumberFields": [
      "credit_card_number"
    ],
    "secretFields": [
      "cvv2",
      "control"
    ],
    "movesMoney": false
  },
  "/api/v2/capture/{endpointId}": {
    "operationId": "capture",
    "path": "/api/v2/capture/{endpointId}",
    "method": "post",
    "tag": "Payments",
    "summary": "Capture a preauthorization",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "orderid",
        "amount",
        "currency"
      ],
      "assumed": false
    },
    "requestSchema": "CaptureRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "login",
      "client_orderid",
      "orderid",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true
  },
  "/api/v2/create-card-ref/{endpointId}": {
    "operationId": "createCardRef",
    "path": "/api/v2/create-card-ref/{endpointId}",
    "method": "post",
    "tag": "Stored cards",
    "summary": "Create a card reference",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "orderid"
      ],
      "assumed": false
    },
    "requestSchema": "CreateCardRefRequest",
    "responseSchema": "CardRefAsyncResponse",
    "requiredFields": [
      "login",
      "client_orderid",
      "orderid",
      "control"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false
  },
  "/api/v2/get-card-info/{endpointId}": {
    "operationId": "getCardInfo",
    "path": "/api/v2/get-card-info/{endpointId}",
    "method": "post",
    "tag": "Stored cards",
    "summary": "Get stored-card information",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "cardrefid"
      ],
      "assumed": false
    },
    "requestSchema": "GetCardInfoRequest",
    "responseSchema": "CardInfoAsyncResponse",
    "requiredFields": [
      "login",
      "cardrefid",
      "control"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false
  },
  "/api/v2/make-rebill/{endpointId}": {
    "operationId": "makeRebill",
    "path": "/api/v2/make-rebill/{endpointId}",
    "method": "post",
    "tag": "Stored cards",
    "summary": "Charge a stored card (rebill)",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "cardrefid",
        "amount",
        "currency"
      ],
      "assumed": false
    },
    "requestSchema": "RebillRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "login",
      "client_orderid",
      "cardrefid",
      "amount",
      "currency",
      "order_desc",
      "ipaddress",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true
  },
  "/api/v2/payment-form/{endpointId}": {
    "operationId": "paymentForm",
    "path": "/api/v2/payment-form/{endpointId}",
    "method": "post",
    "tag": "Hosted forms",
    "summary": "Universal hosted payment form",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "amount",
        "email"
      ],
      "assumed": true
    },
    "requestSchema": "PaymentFormRequest",
    "responseSchema": "AsyncCheckoutFormRedirect",
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "amount",
      "currency",
      "address1",
      "city",
      "zip_code",
      "country",
      "phone",
      "ipaddress",
      "email",
      "redirect_url",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true
  },
  "/api/v2/payout-form/{endpointId}": {
    "operationId": "payoutForm",
    "path": "/api/v2/payout-form/{endpointId}",
    "method": "post",
    "tag": "Hosted forms",
    "summary": "Payout with destination data collected on the hosted form",
    "signature": {
      "scheme": "oauth-hmac-sha1",
      "terms": [],
      "assumed": true
    },
    "requestSchema": "PayoutFormRequest",
    "responseSchema": "AsyncCheckoutFormRedirect",
    "requiredFields": [
      "client_orderid",
      "amount",
      "currency",
      "redirect_url"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": true
  },
  "/api/v2/payout/{endpointId}": {
    "operationId": "payout",
    "path": "/api/v2/payout/{endpointId}",
    "method": "post",
    "tag": "Payouts",
    "summary": "Payout to a card, bank account, e-wallet or phone",
    "signature": {
      "scheme": "oauth-hmac-sha1",
      "terms": [],
      "assumed": false
    },
    "requestSchema": "PayoutRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "client_orderid",
      "amount",
      "currency"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [
      "destination-card-no"
    ],
    "secretFields": [],
    "movesMoney": true
  },
  "/api/v2/preauth-form/{endpointId}": {
    "operationId": "preauthForm",
    "path": "/api/v2/preauth-form/{endpointId}",
    "method": "post",
    "tag": "Hosted forms",
    "summary": "Preauthorization on the hosted page",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "amount",
        "email"
      ],
      "assumed": false
    },
    "requestSchema": "AuthFormRequest",
    "responseSchema": "AsyncCheckoutFormRedirect",
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "amount",
      "currency",
      "address1",
      "city",
      "zip_code",
      "country",
      "phone",
      "ipaddress",
      "email",
      "redirect_url",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true
  },
  "/api/v2/preauth/{endpointId}": {
    "operationId": "preauth",
    "path": "/api/v2/preauth/{endpointId}",
    "method": "post",
    "tag": "Payments",
    "summary": "Preauthorization (hold funds)",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "amount",
        "email"
      ],
      "assumed": false
    },
    "requestSchema": "AuthRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "amount",
      "currency",
      "address1",
      "city",
      "zip_code",
      "country",
      "phone",
      "ipaddress",
      "email",
      "card_printed_name",
      "credit_card_number",
      "expire_month",
      "expire_year",
      "cvv2",
      "redirect_url",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [
      "credit_card_number"
    ],
    "secretFields": [
      "cvv2",
      "control"
    ],
    "movesMoney": true
  },
  "/api/v2/return/{endpointId}": {
    "operationId": "return",
    "path": "/api/v2/return/{endpointId}",
    "method": "post",
    "tag": "Payments",
    "summary": "Return funds (cancel, reversal or refund)",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "orderid",
        "amount",
        "currency"
      ],
      "assumed": false
    },
    "requestSchema": "ReturnRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "login",
      "client_orderid",
      "orderid",
      "comment",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true
  },
  "/api/v2/sale-form/{endpointId}": {
    "operationId": "saleForm",
    "path": "/api/v2/sale-form/{endpointId}",
    "method": "post",
    "tag": "Hosted forms",
    "summary": "Sale on the hosted page",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "amount",
        "email"
      ],
      "assumed": false
    },
    "requestSchema": "SaleFormRequest",
    "responseSchema": "AsyncCheckoutFormRedirect",
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "amount",
      "currency",
      "address1",
      "city",
      "zip_code",
      "country",
      "phone",
      "ipaddress",
      "email",
      "redirect_url",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true
  },
  "/api/v2/sale/{endpointId}": {
    "operationId": "sale",
    "path": "/api/v2/sale/{endpointId}",
    "method": "post",
    "tag": "Payments",
    "summary": "Sale (authorization and capture in one step)",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "amount",
        "email"
      ],
      "assumed": false
    },
    "requestSchema": "SaleRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "amount",
      "currency",
      "address1",
      "city",
      "zip_code",
      "country",
      "phone",
      "ipaddress",
      "email",
      "card_printed_name",
      "credit_card_number",
      "expire_month",
      "expire_year",
      "cvv2",
      "redirect_url",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [
      "credit_card_number"
    ],
    "secretFields": [
      "cvv2",
      "control"
    ],
    "movesMoney": true
  },
  "/api/v2/status/{endpointId}": {
    "operationId": "status",
    "path": "/api/v2/status/{endpointId}",
    "method": "post",
    "tag": "Status",
    "summary": "Transaction status",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "orderid"
      ],
      "assumed": false
    },
    "requestSchema": "StatusRequest",
    "responseSchema": "StatusResponse",
    "requiredFields": [
      "login",
      "client_orderid",
      "control"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false
  },
  "/api/v2/void/{endpointId}": {
    "operationId": "void",
    "path": "/api/v2/void/{endpointId}",
    "method": "post",
    "tag": "Payments",
    "summary": "Void an authorized transaction",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "orderid"
      ],
      "assumed": false
    },
    "requestSchema": "VoidRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "login",
      "client_orderid",
      "orderid",
      "control"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true
  },
  "/api/v2/pan-eligibility/send/{endpointId}": {
    "operationId": "panEligibilitySend",
    "path": "/api/v2/pan-eligibility/send/{endpointId}",
    "method": "post",
    "tag": "Payouts",
    "summary": "Check the eligibility of a stored card for sending funds",
    "signature": {
      "scheme": "oauth-hmac-sha1",
      "terms": [],
      "assumed": false
    },
    "requestSchema": "PanEligibilityRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "client-order-id",
      "sending-card-ref-id"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": false
  },
  "/api/v4/create-card-ref/{endpointId}": {
    "operationId": "createCardRefV4",
    "path": "/api/v4/create-card-ref/{endpointId}",
    "method": "post",
    "tag": "v4",
    "summary": "Create a card reference (v4)",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requestSchema": "CreateCardRefV4Request",
    "responseSchema": "CardRefV4AsyncResponse",
    "requiredFields": [
      "client_orderid",
      "orderid"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": false
  },
  "/api/v4/create-recurring-payment/{endpointId}": {
    "operationId": "createRecurringPaymentV4",
    "path": "/api/v4/create-recurring-payment/{endpointId}",
    "method": "post",
    "tag": "v4",
    "summary": "Create a recurring payment subscription (v4)",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requestSchema": "RecurringPaymentForCreation",
    "responseSchema": "CreateRecurringPaymentResponse",
    "requiredFields": [
      "client-orderid",
      "amount",
      "currency",
      "period",
      "interval",
      "card-printed-name",
      "credit-card-number",
      "expire-month",
      "expire-year"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [
      "credit-card-number"
    ],
    "secretFields": [
      "cvv2"
    ],
    "movesMoney": true
  },
  "/api/v4/payout-check/{endpointId}": {
    "operationId": "payoutCheck",
    "path": "/api/v4/payout-check/{endpointId}",
    "method": "post",
    "tag": "v4",
    "summary": "Check and register a payout (two-step payout, step 1)",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requestSchema": "PayoutCheckRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "client-order-id",
      "amount",
      "currency",
      "order_desc",
      "account_number",
      "bank_name"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": false
  },
  "/api/v4/payout-pay/{endpointId}": {
    "operationId": "payoutPay",
    "path": "/api/v4/payout-pay/{endpointId}",
    "method": "post",
    "tag": "v4",
    "summary": "Execute a checked payout (two-step payout, step 2)",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requestSchema": "PayoutPayRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "client_orderid",
      "orderid"
    ],
    "amountFields": [],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": true
  },
  "/api/v4/transfer/{endpointId}": {
    "operationId": "transfer",
    "path": "/api/v4/transfer/{endpointId}",
    "method": "post",
    "tag": "v4",
    "summary": "Card-to-card transfer (v4)",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requestSchema": "TransferRequest",
    "responseSchema": "AsyncResponse",
    "requiredFields": [
      "client_orderid",
      "amount",
      "currency",
      "order_desc",
      "ipaddress"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [
      "credit_card_number",
      "destination-card-no"
    ],
    "secretFields": [
      "cvv2"
    ],
    "movesMoney": true
  },
  "/api/v4/transfer-by-ref/{endpointId}": {
    "operationId": "transferByRef",
    "path": "/api/v4/transfer-by-ref/{endpointId}",
    "method": "post",
    "tag": "v4",
    "summary": "Transfer to a card by reference (v4)",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requestSchema": "TransferByRefRequest",
    "responseSchema": "TransferResponse",
    "requiredFields": [
      "client-order-id",
      "amount",
      "currency",
      "order_desc",
      "destination-card-no"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [
      "destination-card-no"
    ],
    "secretFields": [],
    "movesMoney": true
  },
  "/api/v4/payout/{endpointId}": {
    "operationId": "payoutV4",
    "path": "/api/v4/payout/{endpointId}",
    "method": "post",
    "tag": "v4",
    "summary": "Payout to a bank account (v4)",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requestSchema": "PayoutV4Request",
    "responseSchema": "TransferResponse",
    "requiredFields": [
      "client-order-id",
      "amount",
      "currency",
      "order_desc",
      "account_number",
      "bank_name"
    ],
    "amountFields": [
      "amount"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": true
  }
} as const satisfies Record<string, OperationEntry>;

/**
 * Every transaction status the service reports.
 *
 * @example
 * ```ts
 * import { transactionStatuses } from "@card-processing/types";
 * transactionStatuses.includes("processing"); // true
 * ```
 */
export const transactionStatuses = [
  "processing",
  "approved",
  "declined",
  "error",
  "filtered",
  "unknown"
] as const;

/**
 * The statuses after which a transaction no longer changes (save rare reconciliation).
 *
 * @example
 * ```ts
 * import { finalStatuses } from "@card-processing/types";
 * finalStatuses.includes("declined"); // true
 * ```
 */
export const finalStatuses = [
  "approved",
  "declined",
  "error",
  "filtered"
] as const;

/**
 * How the `control` of a server callback is formed: SHA-1 over these parameters, then the key.
 *
 * @example
 * ```ts
 * import { callbackSignature } from "@card-processing/types";
 * callbackSignature.terms; // ["status", "orderid", "client_orderid"]
 * ```
 */
export const callbackSignature = {
  "scheme": "control",
  "terms": [
    "status",
    "orderid",
    "client_orderid"
  ],
  "assumed": false
} as const satisfies SignatureRule;

/**
 * How the `control` of a customer's return to `redirect_url` is formed.
 *
 * @example
 * ```ts
 * import { customerReturnSignature } from "@card-processing/types";
 * customerReturnSignature.terms; // ["status", "orderid", "merchant_order"]
 * ```
 */
export const customerReturnSignature = {
  "scheme": "control",
  "terms": [
    "status",
    "orderid",
    "merchant_order"
  ],
  "assumed": false
} as const satisfies SignatureRule;
