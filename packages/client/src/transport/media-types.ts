import type { VENDOR_MEDIA_TYPE } from "@card-processing/types";

/**
 * The vendor media type as a type, for openapi-fetch's `Media` parameter.
 *
 * @example
 * ```ts
 * import type { VendorMediaType } from "@card-processing/client";
 * const media: VendorMediaType = "application/vnd.pay+json";
 * ```
 */
export type VendorMediaType = typeof VENDOR_MEDIA_TYPE;
