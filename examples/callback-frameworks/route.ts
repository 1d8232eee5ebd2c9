// Bun and Deno: a long-running server has its environment when it starts, so the handler is made
// once, here. `bun run route.ts` and `deno serve --allow-env --allow-net route.ts` serve the default
// export's fetch. Where the key arrives later, make the handler then: a Cloudflare Worker from `env`
// with each request (examples/workers/callback-worker.ts), a Next.js route handler at request time,
// since `next build` imports the route without the key (examples/nextjs/app/payments/callback/route.ts).
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

export default { fetch: handler };
