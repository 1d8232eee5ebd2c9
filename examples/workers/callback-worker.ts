// The callback endpoint as a Cloudflare Worker: secrets and bindings arrive in `env` with each
// request (`process.env` exists only with Node.js compatibility), so the handler is made there.
// Its `seen` is the Durable Object claim store: a Worker's instances share no memory.
// wrangler.jsonc: "main": "callback-worker.ts", the CALLBACK_CLAIMS binding; `wrangler secret put
// MERCHANT_CONTROL_KEY`.
import { callbackEventKey, createCallbackHandler } from "@card-processing/client/callback-handler";
import { type CallbackClaims, durableObjectClaims } from "./durable-object-claims.js";

export { CallbackClaims } from "./durable-object-claims.js";

interface Env {
  MERCHANT_CONTROL_KEY: string;
  CALLBACK_CLAIMS: DurableObjectNamespace<CallbackClaims>;
}

export default {
  async fetch(request, env) {
    const handler = createCallbackHandler({
      controlKey: env.MERCHANT_CONTROL_KEY,
      seen: durableObjectClaims(env.CALLBACK_CLAIMS),
      onCallback: async (callback) => {
        // Your database (D1, or your API): store the status; a status that is not final never
        // overwrites a final one.
        console.log(`booked ${callbackEventKey(callback)} final=${callback.final}`);
      },
    });
    return handler(request);
  },
} satisfies ExportedHandler<Env>;
