// Installed with @card-processing/client, /signing and /types: the README's usage, type-checked.
import { type CardProcessingClient, createClient, createGateway, GatewayError } from "@card-processing/client";
import { createSigningMiddleware, SigningError, type SigningErrorCode } from "@card-processing/signing";
import type { StatusResponse } from "@card-processing/types";

const client: CardProcessingClient = createClient({ baseUrl: "https://sandbox.gateway.example/paynet" });
client.use(createSigningMiddleware({ login: "shop", controlKey: "secret" }));

export async function status(): Promise<string | undefined> {
  const { data, error } = await client.POST("/api/v2/status/{endpointId}", {
    params: { path: { endpointId: 1111 } },
    body: { client_orderid: "902B4FF5", orderid: "1234567" },
  });
  if (error) return undefined;
  const reply: StatusResponse | undefined = data as StatusResponse | undefined;
  return reply?.status;
}

export async function wrongPath(): Promise<void> {
  // @ts-expect-error an operation the API does not have is refused, so the paths are typed
  await client.POST("/api/v2/no-such-operation/{endpointId}", { params: { path: { endpointId: 1 } }, body: {} });
}

export const gateway = createGateway({
  baseUrl: "https://sandbox.gateway.example/paynet",
  endpointId: 1111,
  login: "shop",
  controlKey: "secret",
});
export const code: SigningErrorCode = "ERR_KEY_INVALID";
export const errors = [GatewayError, SigningError];
