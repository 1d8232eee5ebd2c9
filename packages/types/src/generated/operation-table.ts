// This file is generated from spec/ by `pnpm generate`. Do not edit it by hand:
// change the spec and run `pnpm generate` again.

import type { SignatureRule } from "../operation-entry.js";
import { unpackOperationTable } from "../packed-operation-table.js";

/**
 * The exact type of `operationTable`: the type the table has written out `as const`, spelt out
 * here because the value ships packed.
 *
 * @example
 * ```ts
 * import type { OperationTable } from "@card-processing/types";
 * type SaleTerms = OperationTable["/api/v2/sale/{endpointId}"]["signature"]["terms"];
 * ```
 */
export type OperationTable = {
  readonly "/api/3ds/v1/upload-cres-result/{endpointId}": {
    readonly operationId: "uploadCresResult";
    readonly path: "/api/3ds/v1/upload-cres-result/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client-order-id", "orderid"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "client-order-id", "orderid", "cRes", "control"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client-order-id"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: false;
  };
  readonly "/api/3ds/v1/upload-method-url-result/{endpointId}": {
    readonly operationId: "uploadMethodUrlResult";
    readonly path: "/api/3ds/v1/upload-method-url-result/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client-order-id", "orderid"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "client-order-id", "orderid", "threeDSCompInd", "control"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client-order-id"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: false;
  };
  readonly "/api/3ds/v1/upload-pares-result/{endpointId}": {
    readonly operationId: "uploadParesResult";
    readonly path: "/api/3ds/v1/upload-pares-result/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client-order-id", "orderid"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "client-order-id", "orderid", "paRes", "control"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client-order-id"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: false;
  };
  readonly "/api/v2/account-verification-form/{endpointId}": {
    readonly operationId: "accountVerificationForm";
    readonly path: "/api/v2/account-verification-form/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["endpointId", "client_orderid", "email"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "order_desc", "address1", "city", "zip_code", "country", "ipaddress", "email", "redirect_url", "control"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: false;
  };
  readonly "/api/v2/account-verification/{endpointId}": {
    readonly operationId: "accountVerification";
    readonly path: "/api/v2/account-verification/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["endpointId", "client_orderid", "email"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "order_desc", "address1", "city", "zip_code", "country", "ipaddress", "email", "card_printed_name", "credit_card_number", "expire_month", "expire_year", "cvv2", "control"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly ["credit_card_number"];
    readonly secretFields: readonly ["cvv2", "control"];
    readonly movesMoney: false;
  };
  readonly "/api/v2/capture/{endpointId}": {
    readonly operationId: "capture";
    readonly path: "/api/v2/capture/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client_orderid", "orderid", "amount", "currency"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "client_orderid", "orderid", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/create-card-ref/{endpointId}": {
    readonly operationId: "createCardRef";
    readonly path: "/api/v2/create-card-ref/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client_orderid", "orderid"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "client_orderid", "orderid", "control"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: false;
  };
  readonly "/api/v2/get-card-info/{endpointId}": {
    readonly operationId: "getCardInfo";
    readonly path: "/api/v2/get-card-info/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "cardrefid"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "cardrefid", "control"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly [];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: false;
  };
  readonly "/api/v2/make-rebill/{endpointId}": {
    readonly operationId: "makeRebill";
    readonly path: "/api/v2/make-rebill/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client_orderid", "cardrefid", "amount", "currency"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "client_orderid", "cardrefid", "amount", "currency", "order_desc", "ipaddress", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/make-rebill-sale/{endpointId}": {
    readonly operationId: "makeRebillSale";
    readonly path: "/api/v2/make-rebill-sale/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client_orderid", "cardrefid", "amount", "currency"];
      readonly assumed: true;
    };
    readonly requiredFields: readonly ["login", "client_orderid", "cardrefid", "amount", "currency", "order_desc", "ipaddress", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/make-rebill-preauth/{endpointId}": {
    readonly operationId: "makeRebillPreauth";
    readonly path: "/api/v2/make-rebill-preauth/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client_orderid", "cardrefid", "amount", "currency"];
      readonly assumed: true;
    };
    readonly requiredFields: readonly ["login", "client_orderid", "cardrefid", "amount", "currency", "order_desc", "ipaddress", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/payment-form/{endpointId}": {
    readonly operationId: "paymentForm";
    readonly path: "/api/v2/payment-form/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["endpointId", "client_orderid", "amount", "email"];
      readonly assumed: true;
    };
    readonly requiredFields: readonly ["client_orderid", "order_desc", "amount", "currency", "address1", "city", "zip_code", "country", "phone", "ipaddress", "email", "redirect_url", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/payout-form/{endpointId}": {
    readonly operationId: "payoutForm";
    readonly path: "/api/v2/payout-form/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-hmac-sha1";
      readonly terms: readonly [];
      readonly assumed: true;
    };
    readonly requiredFields: readonly ["client_orderid", "amount", "currency", "redirect_url"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly [];
    readonly movesMoney: true;
  };
  readonly "/api/v2/payout/{endpointId}": {
    readonly operationId: "payout";
    readonly path: "/api/v2/payout/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-hmac-sha1";
      readonly terms: readonly [];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "amount", "currency"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly ["destination-card-no"];
    readonly secretFields: readonly [];
    readonly movesMoney: true;
  };
  readonly "/api/v2/preauth-form/{endpointId}": {
    readonly operationId: "preauthForm";
    readonly path: "/api/v2/preauth-form/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["endpointId", "client_orderid", "amount", "email"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "order_desc", "amount", "currency", "address1", "city", "zip_code", "country", "phone", "ipaddress", "email", "redirect_url", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/preauth/{endpointId}": {
    readonly operationId: "preauth";
    readonly path: "/api/v2/preauth/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["endpointId", "client_orderid", "amount", "email"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "order_desc", "amount", "currency", "address1", "city", "zip_code", "country", "phone", "ipaddress", "email", "card_printed_name", "credit_card_number", "expire_month", "expire_year", "cvv2", "redirect_url", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly ["credit_card_number"];
    readonly secretFields: readonly ["cvv2", "control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/return/{endpointId}": {
    readonly operationId: "return";
    readonly path: "/api/v2/return/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client_orderid", "orderid", "amount", "currency"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "client_orderid", "orderid", "comment", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/sale-form/{endpointId}": {
    readonly operationId: "saleForm";
    readonly path: "/api/v2/sale-form/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["endpointId", "client_orderid", "amount", "email"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "order_desc", "amount", "currency", "address1", "city", "zip_code", "country", "phone", "ipaddress", "email", "redirect_url", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/sale/{endpointId}": {
    readonly operationId: "sale";
    readonly path: "/api/v2/sale/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["endpointId", "client_orderid", "amount", "email"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "order_desc", "amount", "currency", "address1", "city", "zip_code", "country", "phone", "ipaddress", "email", "card_printed_name", "credit_card_number", "expire_month", "expire_year", "cvv2", "redirect_url", "control"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly ["credit_card_number"];
    readonly secretFields: readonly ["cvv2", "control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/status/{endpointId}": {
    readonly operationId: "status";
    readonly path: "/api/v2/status/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client_orderid", "orderid"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "client_orderid", "control"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: false;
  };
  readonly "/api/v2/void/{endpointId}": {
    readonly operationId: "void";
    readonly path: "/api/v2/void/{endpointId}";
    readonly signature: {
      readonly scheme: "control";
      readonly terms: readonly ["login", "client_orderid", "orderid"];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["login", "client_orderid", "orderid", "comment", "control"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly ["control"];
    readonly movesMoney: true;
  };
  readonly "/api/v2/pan-eligibility/send/{endpointId}": {
    readonly operationId: "panEligibilitySend";
    readonly path: "/api/v2/pan-eligibility/send/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-hmac-sha1";
      readonly terms: readonly [];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client-order-id"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client-order-id"];
    readonly cardNumberFields: readonly ["sending-card-number"];
    readonly secretFields: readonly [];
    readonly movesMoney: false;
  };
  readonly "/api/v4/create-card-ref/{endpointId}": {
    readonly operationId: "createCardRefV4";
    readonly path: "/api/v4/create-card-ref/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-rsa-sha256";
      readonly terms: readonly [];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "orderid"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly [];
    readonly movesMoney: false;
  };
  readonly "/api/v4/create-recurring-payment/{endpointId}": {
    readonly operationId: "createRecurringPaymentV4";
    readonly path: "/api/v4/create-recurring-payment/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-rsa-sha256";
      readonly terms: readonly [];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["rp_card_type", "client-orderid", "order_desc", "amount", "currency", "period", "interval", "credit-card-number"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client-orderid"];
    readonly cardNumberFields: readonly ["credit-card-number"];
    readonly secretFields: readonly ["cvv2"];
    readonly movesMoney: true;
  };
  readonly "/api/v4/payout-check/{endpointId}": {
    readonly operationId: "payoutCheck";
    readonly path: "/api/v4/payout-check/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-rsa-sha256";
      readonly terms: readonly [];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client-order-id", "amount", "currency", "order_desc", "account_number", "bank_name"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client-order-id"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly [];
    readonly movesMoney: false;
  };
  readonly "/api/v4/payout-pay/{endpointId}": {
    readonly operationId: "payoutPay";
    readonly path: "/api/v4/payout-pay/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-rsa-sha256";
      readonly terms: readonly [];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "orderid", "login"];
    readonly amountFields: readonly [];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly [];
    readonly secretFields: readonly [];
    readonly movesMoney: true;
  };
  readonly "/api/v4/transfer/{endpointId}": {
    readonly operationId: "transfer";
    readonly path: "/api/v4/transfer/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-rsa-sha256";
      readonly terms: readonly [];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client_orderid", "amount", "currency", "order_desc", "ipaddress"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client_orderid"];
    readonly cardNumberFields: readonly ["credit_card_number", "destination-card-no"];
    readonly secretFields: readonly ["cvv2"];
    readonly movesMoney: true;
  };
  readonly "/api/v4/transfer-by-ref/{endpointId}": {
    readonly operationId: "transferByRef";
    readonly path: "/api/v4/transfer-by-ref/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-rsa-sha256";
      readonly terms: readonly [];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client-order-id", "amount", "currency"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client-order-id"];
    readonly cardNumberFields: readonly ["destination-card-no"];
    readonly secretFields: readonly [];
    readonly movesMoney: true;
  };
  readonly "/api/v4/payout/{endpointId}": {
    readonly operationId: "payoutV4";
    readonly path: "/api/v4/payout/{endpointId}";
    readonly signature: {
      readonly scheme: "oauth-rsa-sha256";
      readonly terms: readonly [];
      readonly assumed: false;
    };
    readonly requiredFields: readonly ["client-order-id", "amount", "currency"];
    readonly amountFields: readonly ["amount"];
    readonly clientOrderIdFields: readonly ["client-order-id"];
    readonly cardNumberFields: readonly ["credit_card_number"];
    readonly secretFields: readonly [];
    readonly movesMoney: true;
  };
};

/**
 * Every operation of the API, keyed by its path template: operation id, signature rule and the
 * fields the SDK treats specially. Generated from `spec/`. Only what signing and the client need
 * at run time is here, to keep bundles small; summaries, tags and schemas are in `openapi.json`.
 * For the same reason the table ships packed and is unpacked into plain objects once, on import.
 *
 * @example
 * ```ts
 * import { operationTable } from "@card-processing/types";
 * const { signature } = operationTable["/api/v2/capture/{endpointId}"];
 * // signature.terms: ["login", "client_orderid", "orderid", "amount", "currency"]
 * ```
 */
export const operationTable = /* @__PURE__ */ unpackOperationTable<OperationTable>(
  "login client-order-id orderid cRes control threeDSCompInd paRes endpointId client_orderid email order_desc address1 city zip_code country ipaddress redirect_url card_printed_name credit_card_number expire_month expire_year cvv2 amount currency cardrefid phone destination-card-no comment sending-card-number rp_card_type client-orderid period interval credit-card-number account_number bank_name",
  [
    "3ds/v1/upload-cres-result  0 012 01234  1  4",
    "3ds/v1/upload-method-url-result  0 012 01254  1  4",
    "3ds/v1/upload-pares-result  0 012 01264  1  4",
    "v2/account-verification-form  0 789 8:;<=>?9@4  8  4",
    "v2/account-verification  0 789 8:;<=>?9ABCDE4  8 B E4",
    "v2/capture  0m 082FG 0824 F 8  4",
    "v2/create-card-ref  0 082 0824  8  4",
    "v2/get-card-info  0 0H 0H4    4",
    "v2/make-rebill  0m 08HFG 08HFG:?4 F 8  4",
    "v2/make-rebill-sale  0am 08HFG 08HFG:?4 F 8  4",
    "v2/make-rebill-preauth  0am 08HFG 08HFG:?4 F 8  4",
    "v2/payment-form  0am 78F9 8:FG;<=>I?9@4 F 8  4",
    "v2/payout-form  1am  8FG@ F 8  ",
    "v2/payout  1m  8FG F 8 J ",
    "v2/preauth-form  0m 78F9 8:FG;<=>I?9@4 F 8  4",
    "v2/preauth  0m 78F9 8:FG;<=>I?9ABCDE@4 F 8 B E4",
    "v2/return  0m 082FG 082K4 F 8  4",
    "v2/sale-form  0m 78F9 8:FG;<=>I?9@4 F 8  4",
    "v2/sale  0m 78F9 8:FG;<=>I?9ABCDE@4 F 8 B E4",
    "v2/status  0 082 084  8  4",
    "v2/void  0m 082 082K4  8  4",
    "v2/pan-eligibility/send  1  1  1 L ",
    "v4/create-card-ref createCardRefV4 2  82  8  ",
    "v4/create-recurring-payment createRecurringPaymentV4 2m  MN:FGOPQ F N Q E",
    "v4/payout-check  2  1FG:RS F 1  ",
    "v4/payout-pay  2m  820  8  ",
    "v4/transfer  2m  8FG:? F 8 BJ E",
    "v4/transfer-by-ref  2m  1FG F 1 J ",
    "v4/payout payoutV4 2m  1FG F 1 B ",
  ],
);

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
