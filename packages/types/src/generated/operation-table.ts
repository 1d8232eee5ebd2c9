// This file is generated from spec/ by `pnpm generate`. Do not edit it by hand:
// change the spec and run `pnpm generate` again.

import type { OperationEntry, SignatureRule } from "../operation-entry.js";

/**
 * Every operation of the API, keyed by its path template: operation id, signature rule and the
 * fields the SDK treats specially. Generated from `spec/`; summaries, tags and schemas are in
 * `openapi.json`.
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
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client-order-id",
        "orderid"
      ],
      "assumed": false
    },
    "requiredFields": [
      "login",
      "client-order-id",
      "orderid",
      "cRes",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client-order-id"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": []
  },
  "/api/3ds/v1/upload-method-url-result/{endpointId}": {
    "operationId": "uploadMethodUrlResult",
    "path": "/api/3ds/v1/upload-method-url-result/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client-order-id",
        "orderid"
      ],
      "assumed": false
    },
    "requiredFields": [
      "login",
      "client-order-id",
      "orderid",
      "threeDSCompInd",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client-order-id"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": []
  },
  "/api/3ds/v1/upload-pares-result/{endpointId}": {
    "operationId": "uploadParesResult",
    "path": "/api/3ds/v1/upload-pares-result/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client-order-id",
        "orderid"
      ],
      "assumed": false
    },
    "requiredFields": [
      "login",
      "client-order-id",
      "orderid",
      "paRes",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client-order-id"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": []
  },
  "/api/v2/account-verification-form/{endpointId}": {
    "operationId": "accountVerificationForm",
    "path": "/api/v2/account-verification-form/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "email"
      ],
      "assumed": false
    },
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "address1",
      "city",
      "zip_code",
      "country",
      "ipaddress",
      "email",
      "redirect_url",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "async-form-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id",
      "redirect-url"
    ],
    "reportTypes": [],
    "conditionalFields": [
      {
        "when": "country",
        "in": [
          "US",
          "CA",
          "AU"
        ],
        "fields": [
          "state"
        ]
      }
    ],
    "groupPath": "/api/v2/account-verification-form/group/{endpointGroupId}"
  },
  "/api/v2/account-verification/{endpointId}": {
    "operationId": "accountVerification",
    "path": "/api/v2/account-verification/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "email"
      ],
      "assumed": false
    },
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "address1",
      "city",
      "zip_code",
      "country",
      "ipaddress",
      "email",
      "card_printed_name",
      "credit_card_number",
      "expire_month",
      "expire_year",
      "cvv2",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [
      "credit_card_number"
    ],
    "secretFields": [
      "cvv2",
      "control"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "conditionalFields": [
      {
        "when": "country",
        "in": [
          "US",
          "CA",
          "AU"
        ],
        "fields": [
          "state"
        ]
      }
    ],
    "groupPath": "/api/v2/account-verification/group/{endpointGroupId}"
  },
  "/api/v2/capture/{endpointId}": {
    "operationId": "capture",
    "path": "/api/v2/capture/{endpointId}",
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
    "requiredFields": [
      "login",
      "client_orderid",
      "orderid",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [
      "capture"
    ],
    "groupPath": "/api/v2/capture/group/{endpointGroupId}"
  },
  "/api/v2/create-card-ref/{endpointId}": {
    "operationId": "createCardRef",
    "path": "/api/v2/create-card-ref/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "orderid"
      ],
      "assumed": false
    },
    "requiredFields": [
      "login",
      "client_orderid",
      "orderid",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "create-card-ref-response"
    ],
    "replyRequiredFields": [
      "type",
      "card-ref-id",
      "serial-number"
    ],
    "reportTypes": [],
    "groupPath": "/api/v2/create-card-ref/group/{endpointGroupId}"
  },
  "/api/v2/get-balance/{endpointId}": {
    "operationId": "getBalance",
    "path": "/api/v2/get-balance/{endpointId}",
    "signature": {
      "scheme": "oauth-hmac-sha1",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "balance-provider"
    ],
    "amountFields": [],
    "clientOrderIdFields": [],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": false,
    "replyShape": "list",
    "replyNumberFields": [
      "balance-amount"
    ],
    "replyTypes": [],
    "replyRequiredFields": [
      "balance-amount"
    ],
    "reportTypes": []
  },
  "/api/v2/get-card-info/{endpointId}": {
    "operationId": "getCardInfo",
    "path": "/api/v2/get-card-info/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "cardrefid"
      ],
      "assumed": false
    },
    "requiredFields": [
      "login",
      "cardrefid",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "get-card-info-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "bin",
      "last-four-digits"
    ],
    "reportTypes": [],
    "groupPath": "/api/v2/get-card-info/group/{endpointGroupId}"
  },
  "/api/v2/make-rebill/{endpointId}": {
    "operationId": "makeRebill",
    "path": "/api/v2/make-rebill/{endpointId}",
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": []
  },
  "/api/v2/make-rebill-sale/{endpointId}": {
    "operationId": "makeRebillSale",
    "path": "/api/v2/make-rebill-sale/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "cardrefid",
        "amount",
        "currency"
      ],
      "assumed": true
    },
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v2/make-rebill-sale/group/{endpointGroupId}"
  },
  "/api/v2/make-rebill-preauth/{endpointId}": {
    "operationId": "makeRebillPreauth",
    "path": "/api/v2/make-rebill-preauth/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "cardrefid",
        "amount",
        "currency"
      ],
      "assumed": true
    },
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v2/make-rebill-preauth/group/{endpointGroupId}"
  },
  "/api/v2/payment-form/{endpointId}": {
    "operationId": "paymentForm",
    "path": "/api/v2/payment-form/{endpointId}",
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "async-form-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id",
      "redirect-url"
    ],
    "reportTypes": []
  },
  "/api/v2/payout-form/{endpointId}": {
    "operationId": "payoutForm",
    "path": "/api/v2/payout-form/{endpointId}",
    "signature": {
      "scheme": "oauth-hmac-sha1",
      "terms": [],
      "assumed": true
    },
    "requiredFields": [
      "client_orderid",
      "amount",
      "currency",
      "redirect_url"
    ],
    "amountFields": [
      "amount"
    ],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "async-form-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id",
      "redirect-url"
    ],
    "reportTypes": [],
    "groupPath": "/api/v2/payout-form/group/{endpointGroupId}"
  },
  "/api/v2/payout/{endpointId}": {
    "operationId": "payout",
    "path": "/api/v2/payout/{endpointId}",
    "signature": {
      "scheme": "oauth-hmac-sha1",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client_orderid",
      "amount",
      "currency"
    ],
    "amountFields": [
      "amount"
    ],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [
      "destination-card-no"
    ],
    "secretFields": [],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": []
  },
  "/api/v2/preauth-form/{endpointId}": {
    "operationId": "preauthForm",
    "path": "/api/v2/preauth-form/{endpointId}",
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "async-form-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id",
      "redirect-url"
    ],
    "reportTypes": [],
    "groupPath": "/api/v2/preauth-form/group/{endpointGroupId}"
  },
  "/api/v2/preauth/{endpointId}": {
    "operationId": "preauth",
    "path": "/api/v2/preauth/{endpointId}",
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [
      "credit_card_number"
    ],
    "secretFields": [
      "cvv2",
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v2/preauth/group/{endpointGroupId}"
  },
  "/api/v2/return/{endpointId}": {
    "operationId": "return",
    "path": "/api/v2/return/{endpointId}",
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [
      "reversal",
      "cancel",
      "refund"
    ],
    "groupPath": "/api/v2/return/group/{endpointGroupId}"
  },
  "/api/v2/sale-form/{endpointId}": {
    "operationId": "saleForm",
    "path": "/api/v2/sale-form/{endpointId}",
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "async-form-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id",
      "redirect-url"
    ],
    "reportTypes": [],
    "conditionalFields": [
      {
        "when": "country",
        "in": [
          "US",
          "CA",
          "AU"
        ],
        "fields": [
          "state"
        ]
      }
    ],
    "groupPath": "/api/v2/sale-form/group/{endpointGroupId}"
  },
  "/api/v2/sale/{endpointId}": {
    "operationId": "sale",
    "path": "/api/v2/sale/{endpointId}",
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [
      "credit_card_number"
    ],
    "secretFields": [
      "cvv2",
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v2/sale/group/{endpointGroupId}"
  },
  "/api/v2/status/{endpointId}": {
    "operationId": "status",
    "path": "/api/v2/status/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "orderid"
      ],
      "assumed": false
    },
    "requiredFields": [
      "login",
      "client_orderid",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "status-response"
    ],
    "replyRequiredFields": [
      "type",
      "status",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v2/status/group/{endpointGroupId}"
  },
  "/api/v2/void/{endpointId}": {
    "operationId": "void",
    "path": "/api/v2/void/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "orderid"
      ],
      "assumed": false
    },
    "requiredFields": [
      "login",
      "client_orderid",
      "orderid",
      "comment",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [
      "cancel"
    ],
    "groupPath": "/api/v2/void/group/{endpointGroupId}"
  },
  "/api/v2/pan-eligibility/send/{endpointId}": {
    "operationId": "panEligibilitySend",
    "path": "/api/v2/pan-eligibility/send/{endpointId}",
    "signature": {
      "scheme": "oauth-hmac-sha1",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client-order-id"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client-order-id"
    ],
    "cardNumberFields": [
      "sending-card-number"
    ],
    "secretFields": [],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": []
  },
  "/api/v4/create-card-ref/{endpointId}": {
    "operationId": "createCardRefV4",
    "path": "/api/v4/create-card-ref/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client_orderid",
      "orderid",
      "login"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [],
    "replyRequiredFields": [
      "type",
      "card-ref-id",
      "serial-number"
    ],
    "reportTypes": [],
    "groupPath": "/api/v4/create-card-ref/group/{endpointGroupId}"
  },
  "/api/v4/create-recurring-payment/{endpointId}": {
    "operationId": "createRecurringPaymentV4",
    "path": "/api/v4/create-recurring-payment/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "rp_card_type",
      "client-orderid",
      "order_desc",
      "amount",
      "currency",
      "period",
      "interval",
      "credit-card-number"
    ],
    "amountFields": [
      "amount"
    ],
    "clientOrderIdFields": [
      "client-orderid"
    ],
    "cardNumberFields": [
      "credit-card-number"
    ],
    "secretFields": [
      "cvv2"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [],
    "replyRequiredFields": [
      "recurring-payment-id"
    ],
    "reportTypes": [],
    "conditionalFields": [
      {
        "when": "rp_card_type",
        "in": [
          "SRC"
        ],
        "fields": [
          "card-printed-name",
          "expire-month",
          "expire-year",
          "first-name",
          "last-name",
          "email",
          "address1",
          "city",
          "zip-code",
          "country"
        ]
      }
    ]
  },
  "/api/v4/payout-check/{endpointId}": {
    "operationId": "payoutCheck",
    "path": "/api/v4/payout-check/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
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
    "clientOrderIdFields": [
      "client-order-id"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": []
  },
  "/api/v4/payout-pay/{endpointId}": {
    "operationId": "payoutPay",
    "path": "/api/v4/payout-pay/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client_orderid",
      "orderid",
      "login"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v4/payout-pay/group/{endpointGroupId}"
  },
  "/api/v4/transfer/{endpointId}": {
    "operationId": "transfer",
    "path": "/api/v4/transfer/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [
      "credit_card_number",
      "destination-card-no"
    ],
    "secretFields": [
      "cvv2"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v4/transfer/group/{endpointGroupId}"
  },
  "/api/v4/transfer-by-ref/{endpointId}": {
    "operationId": "transferByRef",
    "path": "/api/v4/transfer-by-ref/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client-order-id",
      "amount",
      "currency"
    ],
    "amountFields": [
      "amount"
    ],
    "clientOrderIdFields": [
      "client-order-id"
    ],
    "cardNumberFields": [
      "destination-card-no"
    ],
    "secretFields": [],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [],
    "replyRequiredFields": [
      "type",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v4/transfer-by-ref/group/{endpointGroupId}"
  },
  "/api/v4/payout/{endpointId}": {
    "operationId": "payoutV4",
    "path": "/api/v4/payout/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client-order-id",
      "amount",
      "currency"
    ],
    "amountFields": [
      "amount"
    ],
    "clientOrderIdFields": [
      "client-order-id"
    ],
    "cardNumberFields": [
      "credit_card_number"
    ],
    "secretFields": [],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [],
    "replyRequiredFields": [
      "type",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v4/payout/group/{endpointGroupId}"
  },
  "/api/v2/sync/account-verification/{endpointId}": {
    "operationId": "syncAccountVerification",
    "path": "/api/v2/sync/account-verification/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "endpointId",
        "client_orderid",
        "email"
      ],
      "assumed": false
    },
    "requiredFields": [
      "client_orderid",
      "order_desc",
      "address1",
      "city",
      "zip_code",
      "country",
      "ipaddress",
      "email",
      "card_printed_name",
      "credit_card_number",
      "expire_month",
      "expire_year",
      "cvv2",
      "control"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [
      "credit_card_number"
    ],
    "secretFields": [
      "cvv2",
      "control"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "status-response"
    ],
    "replyRequiredFields": [
      "type",
      "status",
      "paynet-order-id",
      "merchant-order-id"
    ],
    "reportTypes": [],
    "conditionalFields": [
      {
        "when": "country",
        "in": [
          "US",
          "CA",
          "AU"
        ],
        "fields": [
          "state"
        ]
      }
    ]
  },
  "/api/v2/auth-cash/{endpointId}": {
    "operationId": "authCash",
    "path": "/api/v2/auth-cash/{endpointId}",
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [
      "credit_card_number"
    ],
    "secretFields": [
      "cvv2",
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": []
  },
  "/api/v2/transfer-form/{endpointId}": {
    "operationId": "transferForm",
    "path": "/api/v2/transfer-form/{endpointId}",
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
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "async-form-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id",
      "redirect-url"
    ],
    "reportTypes": [],
    "conditionalFields": [
      {
        "when": "country",
        "in": [
          "US",
          "CA",
          "AU"
        ],
        "fields": [
          "state"
        ]
      }
    ]
  },
  "/api/v2/transfer-by-ref/{endpointId}": {
    "operationId": "transferByRefV2",
    "path": "/api/v2/transfer-by-ref/{endpointId}",
    "signature": {
      "scheme": "control",
      "terms": [
        "login",
        "client_orderid",
        "source-card-ref-id",
        "destination-card-ref-id",
        "amount",
        "currency"
      ],
      "assumed": false
    },
    "requiredFields": [
      "login",
      "client_orderid",
      "amount",
      "currency",
      "ipaddress",
      "destination-card-ref-id",
      "control"
    ],
    "amountFields": [
      "amount"
    ],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [
      "cvv2",
      "control"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "async-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": []
  },
  "/api/v4/status/{endpointId}": {
    "operationId": "statusV4",
    "path": "/api/v4/status/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "login",
      "client_orderid"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [
      "status-response"
    ],
    "replyRequiredFields": [
      "type",
      "status",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v4/status/group/{endpointGroupId}"
  },
  "/api/v4/transfer-form/{endpointId}": {
    "operationId": "transferFormV4",
    "path": "/api/v4/transfer-form/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client_orderid",
      "amount",
      "currency",
      "ipaddress"
    ],
    "amountFields": [
      "amount"
    ],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [
      "destination-card-no"
    ],
    "secretFields": [],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "async-form-response"
    ],
    "replyRequiredFields": [
      "type",
      "serial-number",
      "merchant-order-id",
      "paynet-order-id",
      "redirect-url"
    ],
    "reportTypes": [],
    "groupPath": "/api/v4/transfer-form/group/{endpointGroupId}"
  },
  "/api/v4/payout-by-ref/{endpointId}": {
    "operationId": "payoutByRef",
    "path": "/api/v4/payout-by-ref/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client_orderid",
      "amount",
      "currency",
      "destination-card-ref-id"
    ],
    "amountFields": [
      "amount"
    ],
    "clientOrderIdFields": [
      "client_orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [
      "error-code"
    ],
    "replyTypes": [],
    "replyRequiredFields": [
      "type",
      "paynet-order-id"
    ],
    "reportTypes": [],
    "groupPath": "/api/v4/payout-by-ref/group/{endpointGroupId}"
  },
  "/api/v4/process-recurring-payment/{endpointId}": {
    "operationId": "processRecurringPaymentV4",
    "path": "/api/v4/process-recurring-payment/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client-orderid",
      "recurring-payment-id",
      "amount"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client-orderid"
    ],
    "cardNumberFields": [],
    "secretFields": [],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [
      "process-recurring-payment-response"
    ],
    "replyRequiredFields": [
      "type",
      "status",
      "serial-number"
    ],
    "reportTypes": []
  },
  "/api/v4/update-recurring-payment/{endpointId}": {
    "operationId": "updateRecurringPaymentV4",
    "path": "/api/v4/update-recurring-payment/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "client-orderid",
      "recurring-payment-id"
    ],
    "amountFields": [],
    "clientOrderIdFields": [
      "client-orderid"
    ],
    "cardNumberFields": [
      "credit-card-number"
    ],
    "secretFields": [],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [],
    "replyRequiredFields": [
      "type"
    ],
    "reportTypes": []
  },
  "/api/v4/create-recurring-payments/{endpointId}": {
    "operationId": "createRecurringPaymentsV4",
    "path": "/api/v4/create-recurring-payments/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "payload"
    ],
    "amountFields": [],
    "clientOrderIdFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "payload"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [],
    "replyRequiredFields": [
      "type"
    ],
    "reportTypes": []
  },
  "/api/v4/process-recurring-payments/{endpointId}": {
    "operationId": "processRecurringPaymentsV4",
    "path": "/api/v4/process-recurring-payments/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "payload"
    ],
    "amountFields": [],
    "clientOrderIdFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "payload"
    ],
    "movesMoney": true,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [],
    "replyRequiredFields": [
      "type"
    ],
    "reportTypes": []
  },
  "/api/v4/update-recurring-payments/{endpointId}": {
    "operationId": "updateRecurringPaymentsV4",
    "path": "/api/v4/update-recurring-payments/{endpointId}",
    "signature": {
      "scheme": "oauth-rsa-sha256",
      "terms": [],
      "assumed": false
    },
    "requiredFields": [
      "payload"
    ],
    "amountFields": [],
    "clientOrderIdFields": [],
    "cardNumberFields": [],
    "secretFields": [
      "payload"
    ],
    "movesMoney": false,
    "replyShape": "object",
    "replyNumberFields": [],
    "replyTypes": [],
    "replyRequiredFields": [
      "type"
    ],
    "reportTypes": []
  }
} as const satisfies Record<string, OperationEntry>;

/**
 * The exact type of `operationTable`.
 *
 * @example
 * ```ts
 * import type { OperationTable } from "@card-processing/types";
 * type SaleTerms = OperationTable["/api/v2/sale/{endpointId}"]["signature"]["terms"];
 * ```
 */
export type OperationTable = typeof operationTable;

/**
 * The transactions report (`GET` beside the API, under its own path prefix): how it is signed,
 * its query parameters, the transaction types it names, its longest period and its CSV columns.
 *
 * @example
 * ```ts
 * import { transactionReportOperation } from "@card-processing/types";
 * transactionReportOperation.maxPeriodDays; // 31
 * ```
 */
export const transactionReportOperation = {
  "operationId": "transactionReport",
  "pathPrefix": "/paynet-ui",
  "path": "/services/transaction-report",
  "signature": {
    "scheme": "oauth-hmac-sha1",
    "terms": [],
    "assumed": false
  },
  "requiredParameters": [
    "createdFromDate",
    "createdToDate"
  ],
  "parameters": [
    "createdFromDate",
    "createdToDate",
    "bankFromDate",
    "bankToDate",
    "transactionTypes",
    "transactionStatuses",
    "endpoints"
  ],
  "transactionTypes": [
    "sale",
    "reversal",
    "preauth",
    "capture",
    "cancel",
    "fraud",
    "chargeback",
    "retrieval",
    "dispute",
    "refund"
  ],
  "transactionStatuses": [
    "approved",
    "declined",
    "filtered"
  ],
  "datePattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$",
  "maxPeriodDays": 31,
  "columns": [
    "id",
    "created",
    "type",
    "status",
    "paynet-order-id",
    "merchant-order-id",
    "end-point-id",
    "amount",
    "currency",
    "serial-number"
  ],
  "requiredColumns": [
    "id",
    "created",
    "type",
    "status",
    "paynet-order-id",
    "merchant-order-id",
    "end-point-id",
    "amount",
    "currency"
  ]
} as const;

/**
 * Every field of a body or a reply that holds a person's data (the spec's `x-personal-data`),
 * with what it holds: `name`, `email`, `phone`, `address`, `ip-address`, `birth-date`,
 * `national-id`, `bank-account`. The client's request log masks them.
 *
 * @example
 * ```ts
 * import { personalDataFields } from "@card-processing/types";
 * personalDataFields.email; // "email"
 * ```
 */
export const personalDataFields = {
  "account_number": "bank-account",
  "address1": "address",
  "birthday": "birth-date",
  "browserIP": "ip-address",
  "card-printed-name": "name",
  "card_printed_name": "name",
  "cardholder-name": "name",
  "cell_phone": "phone",
  "city": "address",
  "customer-ip": "ip-address",
  "email": "email",
  "first-name": "name",
  "first_name": "name",
  "ipaddress": "ip-address",
  "last-name": "name",
  "last_name": "name",
  "name": "name",
  "phone": "phone",
  "receiver_first_name": "name",
  "receiver_last_name": "name",
  "ssn": "national-id",
  "zip-code": "address",
  "zip_code": "address"
} as const satisfies Record<string, string>;

/**
 * Every field name of a body, a reply or a callback in the spec. The client's request log masks a
 * field not among them whole, since it may hold a person's data the spec does not mark.
 *
 * @example
 * ```ts
 * import { knownFields } from "@card-processing/types";
 * knownFields.includes("order_desc"); // true
 * ```
 */
export const knownFields = [
  "account_number",
  "address1",
  "amount",
  "amount-from",
  "amount-sequence",
  "amount-to",
  "approval-code",
  "balance-amount",
  "balance-provider",
  "bank_branch",
  "bank_city",
  "bank_name",
  "bank_province",
  "bic",
  "bin",
  "birthday",
  "browserAcceptHeader",
  "browserColorDepth",
  "browserIP",
  "browserJavaEnabled",
  "browserJavascriptEnabled",
  "browserLanguage",
  "browserScreenHeight",
  "browserScreenWidth",
  "browserTZ",
  "browserUserAgent",
  "by-request-sn",
  "cRes",
  "card-exp-month",
  "card-exp-year",
  "card-hash-id",
  "card-printed-name",
  "card-ref-id",
  "card-type",
  "card_printed_name",
  "card_recurring_payment_id",
  "cardholder-name",
  "cardrefid",
  "cell_phone",
  "city",
  "client-order-id",
  "client-orderid",
  "client_orderid",
  "comment",
  "control",
  "country",
  "created",
  "credit-card-number",
  "credit_card_number",
  "currency",
  "customer-ip",
  "cvv2",
  "deposit2card",
  "descriptor",
  "destination-card-no",
  "destination-card-ref-id",
  "destination_card_recurring_payment_id",
  "email",
  "end-point-id",
  "enumerate_amounts",
  "error-code",
  "error-message",
  "error_code",
  "error_message",
  "expire-month",
  "expire-year",
  "expire_month",
  "expire_year",
  "first-name",
  "first_name",
  "html",
  "id",
  "interval",
  "ipaddress",
  "last-four-digits",
  "last-name",
  "last_name",
  "login",
  "md",
  "merchant-order-id",
  "merchant_order",
  "name",
  "notify-url",
  "notify_url",
  "order_desc",
  "orderid",
  "paRes",
  "payload",
  "paynet-order-id",
  "period",
  "phone",
  "purpose",
  "receiver_first_name",
  "receiver_last_name",
  "recurrent_scenario",
  "recurring-payment-id",
  "redirect-url",
  "redirect_url",
  "result-3d",
  "rp_card_type",
  "sandbox-captured-amount",
  "sandbox-charged-back-amount",
  "sandbox-returned-amount",
  "sending-card-number",
  "sending-card-ref-id",
  "serial-number",
  "server-callback-url",
  "server_callback_url",
  "site_url",
  "source-card-ref-id",
  "ssn",
  "start-date",
  "state",
  "status",
  "three-ds-result",
  "threeDSCompInd",
  "threeDSServerTransID",
  "type",
  "unq-card-ref-id",
  "wallet_id",
  "zip-code",
  "zip_code"
] as const;

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
 * The numeric `error-code`s of refusals that clients branch on (the spec's `x-error-codes`):
 * `unknown-reference` means the gateway has no such order, card reference or subscription.
 *
 * @example
 * ```ts
 * import { gatewayErrorCodes } from "@card-processing/types";
 * gatewayErrorCodes["unknown-reference"]; // 4
 * ```
 */
export const gatewayErrorCodes = {
  "invalid-request": 1,
  "signature": 2,
  "state-rule": 3,
  "unknown-reference": 4,
  "unknown-endpoint": 5
} as const;

/**
 * Every transaction type the gateway names (the spec's `TransactionType`): a server callback
 * whose `type` is not one of these did not come from the gateway as it was sent.
 *
 * @example
 * ```ts
 * import { transactionTypes } from "@card-processing/types";
 * transactionTypes.includes("reversal"); // true
 * ```
 */
export const transactionTypes = [
  "sale",
  "preauth",
  "capture",
  "cancel",
  "reversal",
  "refund",
  "chargeback",
  "fraud",
  "retrieval",
  "dispute",
  "payout",
  "transfer",
  "account-verification"
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

/**
 * The form of the request fields the SDK checks before sending (the spec's
 * `x-checked-before-sending` schemas), by field name, the same in every operation's body: the
 * `pattern` the gateway checks, and the rule in words.
 *
 * @example
 * ```ts
 * import { checkedFieldPatterns } from "@card-processing/types";
 * new RegExp(checkedFieldPatterns.currency.pattern).test("usd"); // false
 * ```
 */
export const checkedFieldPatterns = {
  "country": {
    "pattern": "^[A-Z]{2}$",
    "rule": "ISO 3166-1 alpha-2 country code."
  },
  "currency": {
    "pattern": "^[A-Z]{3}$",
    "rule": "ISO 4217 alphabetic currency code, three capital letters."
  }
} as const;
