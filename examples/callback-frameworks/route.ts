// A Next.js route handler (app/payments/callback/route.ts), Bun, Deno and Cloudflare Workers take
// the handler as it is: a web-standard (request: Request) => Promise<Response>.
import type { VerifiedCallback } from "@card-processing/client";
import { createCallbackHandler } from "@card-processing/client/callback-handler";

/** Your database. */
export const received: VerifiedCallback[] = [];

const handler = createCallbackHandler({
  controlKey: process.env["MERCHANT_CONTROL_KEY"] ?? "",
  onCallback: (callback) => {
    received.push(callback);
  },
});

// Next.js
export const GET = handler;
export const POST = handler;
// Bun.serve, Deno.serve and Cloudflare Workers
export default { fetch: handler };
