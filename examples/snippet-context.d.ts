// What the README snippets take as given: the merchant's settings and the objects a snippet
// continues from. Type-checked with the snippets (see tools/snippets/extract-snippets.ts).
import type { CardProcessingClient, CreateGatewayOptions, Gateway } from "@card-processing/client";

declare global {
  /** The merchant login. */
  const login: string;
  /** The merchant control key. */
  const controlKey: string;
  /** The merchant's RSA private key, PEM. */
  const pem: string;
  /** The merchant's RSA public key, PEM, as a verifier holds it. */
  const merchantPublicKeyPem: string;
  /** The incoming request a server-side snippet handles. */
  const request: Request;
  /** The callback URL the gateway called. */
  const callbackUrl: string;
  /** A client set up as in the snippet before. */
  const client: CardProcessingClient;
  /** A gateway set up as in the snippet before. */
  const gateway: Gateway;
  /** The gateway options of the snippet before. */
  const options: CreateGatewayOptions;
  /** The application's logger. */
  const log: { info(entry: unknown): void };
}
