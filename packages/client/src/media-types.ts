/**
 * The vendor media type the gateway answers with; requests must name it in `Accept`.
 *
 * @example
 * ```ts
 * import { VENDOR_MEDIA_TYPE } from "@card-processing/client";
 * new Headers({ Accept: VENDOR_MEDIA_TYPE });
 * ```
 */
export const VENDOR_MEDIA_TYPE = "application/vnd.pay+json";

/**
 * The request body media type of every operation. openapi-fetch form-encodes a body only when
 * `Content-Type` is exactly this string.
 *
 * @example
 * ```ts
 * import { FORM_MEDIA_TYPE } from "@card-processing/client";
 * new Headers({ "Content-Type": FORM_MEDIA_TYPE });
 * ```
 */
export const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";

/**
 * The media type as a type, for openapi-fetch's `Media` parameter.
 *
 * @example
 * ```ts
 * import type { VendorMediaType } from "@card-processing/client";
 * const media: VendorMediaType = "application/vnd.pay+json";
 * ```
 */
export type VendorMediaType = typeof VENDOR_MEDIA_TYPE;
