// What the README snippets and the TSDoc examples take as given: the merchant's settings, the
// shop's own objects and the objects a snippet continues from. Type-checked with the snippets
// (see tools/snippets/extract-snippets.ts).
import type { CardProcessingClient, CreateGatewayOptions, Gateway, GatewayBody } from "@card-processing/client";
import type { VerifiedCallback } from "@card-processing/client/callback-handler";
import type { Sandbox } from "@card-processing/sandbox";
import type { Express } from "express";

declare global {
  /** The merchant login. */
  const login: string;
  /** The merchant control key. */
  const controlKey: string;
  /** The merchant's RSA private key, PEM. */
  const pem: string;
  /** The merchant's RSA public key, PEM, as a verifier holds it. */
  const merchantPublicKeyPem: string;
  /** The gateway's base address with its path prefix. */
  const baseUrl: string;
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
  /** A sale's form fields, as the shop builds them. */
  const body: GatewayBody<"sale">;
  /** A sandbox started with `startSandbox()`. */
  const sandbox: Sandbox;
  /** The shop's web application. */
  const app: Express;
  /** A verified callback, as the callback handler hands it over. */
  const callback: VerifiedCallback;
  /** The shop's callback handler: what it does with a verified callback. */
  const onCallback: (callback: VerifiedCallback) => Promise<void>;
  /** The shop's orders. */
  const orders: { setStatus(clientOrderId: string, status: string): Promise<void> };
  /** The shop's database. */
  const db: { query(sql: string, values: readonly unknown[]): Promise<{ rowCount: number }> };
  /** Ships a paid order. */
  function fulfil(clientOrderId: string, amount: string | number | undefined): Promise<void>;
  /** The shop's Redis client (node-redis), for a shared nonce store. */
  const redis: { set(key: string, value: string, options: { NX: true; EX: number }): Promise<string | null> };
  /** The application's logger. */
  const log: { info(entry: unknown): void };
}
