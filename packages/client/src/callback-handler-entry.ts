// The entry of `@card-processing/client/callback-handler`: the callback endpoint for web-standard
// frameworks and Node, kept out of the main entry so a shop that only sends payments does not
// bundle it (the main entry's size budget is 13 kB gzipped).

export type { VerifiedCallback } from "./callbacks/callback.js";
export type { ConfirmedOrder } from "./callbacks/callback-confirm.js";
export { createCallbackHandler } from "./callbacks/callback-handler.js";
export type { CallbackEvent, CallbackHandlerOptions } from "./callbacks/callback-handler-options.js";
export type { StoredOrder } from "./callbacks/callback-order-check.js";
export type { CallbackClaim, CallbackSeen, CallbackSeenSet } from "./callbacks/callback-seen.js";
export { callbackEventKey, memoryCallbackSeen } from "./callbacks/callback-seen.js";
export type { NodeRequestLike, NodeResponseLike } from "./callbacks/node-listener.js";
export { toNodeListener } from "./callbacks/node-listener.js";
export type { SqlCallbackClaims, SqlQuery } from "./callbacks/sql-callback-claims.js";
export { sqlCallbackClaims } from "./callbacks/sql-callback-claims.js";
