// This file is generated from spec/ by `pnpm generate`. Do not edit it by hand:
// change the spec and run `pnpm generate` again.

/**
 * The media type of every reply of the API; a request names it in `Accept`.
 *
 * @example
 * ```ts
 * import { VENDOR_MEDIA_TYPE } from "@card-processing/types";
 * new Headers({ Accept: VENDOR_MEDIA_TYPE });
 * ```
 */
export const VENDOR_MEDIA_TYPE = "application/vnd.pay+json";

/**
 * The media type of every request body of the API.
 *
 * @example
 * ```ts
 * import { FORM_MEDIA_TYPE } from "@card-processing/types";
 * new Headers({ "Content-Type": FORM_MEDIA_TYPE });
 * ```
 */
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

/**
 * Each operation's path up to its endpoint id, with the path template it belongs to: what
 * `matchOperationPath` looks a request path up in. No prefix ends another, so at most one matches.
 */
export const operationPathPrefixes = {
  "/api/3ds/v1/upload-cres-result/": "/api/3ds/v1/upload-cres-result/{endpointId}",
  "/api/3ds/v1/upload-method-url-result/": "/api/3ds/v1/upload-method-url-result/{endpointId}",
  "/api/3ds/v1/upload-pares-result/": "/api/3ds/v1/upload-pares-result/{endpointId}",
  "/api/v2/account-verification-form/": "/api/v2/account-verification-form/{endpointId}",
  "/api/v2/account-verification/": "/api/v2/account-verification/{endpointId}",
  "/api/v2/capture/": "/api/v2/capture/{endpointId}",
  "/api/v2/create-card-ref/": "/api/v2/create-card-ref/{endpointId}",
  "/api/v2/get-balance/": "/api/v2/get-balance/{endpointId}",
  "/api/v2/get-card-info/": "/api/v2/get-card-info/{endpointId}",
  "/api/v2/make-rebill/": "/api/v2/make-rebill/{endpointId}",
  "/api/v2/make-rebill-sale/": "/api/v2/make-rebill-sale/{endpointId}",
  "/api/v2/make-rebill-preauth/": "/api/v2/make-rebill-preauth/{endpointId}",
  "/api/v2/payment-form/": "/api/v2/payment-form/{endpointId}",
  "/api/v2/payout-form/": "/api/v2/payout-form/{endpointId}",
  "/api/v2/payout/": "/api/v2/payout/{endpointId}",
  "/api/v2/preauth-form/": "/api/v2/preauth-form/{endpointId}",
  "/api/v2/preauth/": "/api/v2/preauth/{endpointId}",
  "/api/v2/return/": "/api/v2/return/{endpointId}",
  "/api/v2/sale-form/": "/api/v2/sale-form/{endpointId}",
  "/api/v2/sale/": "/api/v2/sale/{endpointId}",
  "/api/v2/status/": "/api/v2/status/{endpointId}",
  "/api/v2/void/": "/api/v2/void/{endpointId}",
  "/api/v2/pan-eligibility/send/": "/api/v2/pan-eligibility/send/{endpointId}",
  "/api/v4/create-card-ref/": "/api/v4/create-card-ref/{endpointId}",
  "/api/v4/create-recurring-payment/": "/api/v4/create-recurring-payment/{endpointId}",
  "/api/v4/payout-check/": "/api/v4/payout-check/{endpointId}",
  "/api/v4/payout-pay/": "/api/v4/payout-pay/{endpointId}",
  "/api/v4/transfer/": "/api/v4/transfer/{endpointId}",
  "/api/v4/transfer-by-ref/": "/api/v4/transfer-by-ref/{endpointId}",
  "/api/v4/payout/": "/api/v4/payout/{endpointId}",
  "/api/v2/sync/account-verification/": "/api/v2/sync/account-verification/{endpointId}",
  "/api/v2/auth-cash/": "/api/v2/auth-cash/{endpointId}",
  "/api/v2/transfer-form/": "/api/v2/transfer-form/{endpointId}",
  "/api/v2/transfer-by-ref/": "/api/v2/transfer-by-ref/{endpointId}",
  "/api/v4/status/": "/api/v4/status/{endpointId}",
  "/api/v4/transfer-form/": "/api/v4/transfer-form/{endpointId}",
  "/api/v4/payout-by-ref/": "/api/v4/payout-by-ref/{endpointId}",
  "/api/v4/process-recurring-payment/": "/api/v4/process-recurring-payment/{endpointId}",
  "/api/v4/update-recurring-payment/": "/api/v4/update-recurring-payment/{endpointId}",
  "/api/v4/create-recurring-payments/": "/api/v4/create-recurring-payments/{endpointId}",
  "/api/v4/process-recurring-payments/": "/api/v4/process-recurring-payments/{endpointId}",
  "/api/v4/update-recurring-payments/": "/api/v4/update-recurring-payments/{endpointId}"
} as const;
