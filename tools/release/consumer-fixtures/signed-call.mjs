// Installed with @card-processing/client, /signing and /types: a signed call to a local gateway.
// Usage: node signed-call.mjs <gateway-url> <login> <control-key>
import { createClient } from "@card-processing/client";
import { createSigningMiddleware } from "@card-processing/signing";
import { isFinalStatus } from "@card-processing/types";

const [baseUrl, login, controlKey] = process.argv.slice(2);
const client = createClient({ baseUrl });
client.use(createSigningMiddleware({ login, controlKey }));
const { data, error } = await client.POST("/api/v2/status/{endpointId}", {
  params: { path: { endpointId: 1111 } },
  body: { client_orderid: "902B4FF5", orderid: "1234567" },
});
const payout = await client.POST("/api/v2/payout/{endpointId}", {
  params: { path: { endpointId: 1111 } },
  body: { client_orderid: "PO-7781", amount: "25.00", currency: "USD" },
});
console.log(
  JSON.stringify({
    status: data?.status,
    final: isFinalStatus(data?.status),
    error,
    payout: payout.data?.type ?? payout.error,
  }),
);
