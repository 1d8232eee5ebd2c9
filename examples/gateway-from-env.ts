// Every example reads its gateway settings from the environment, as a merchant's service would.
// `run-demo.js` starts the sandbox and sets these variables for each example.
import { readFileSync } from "node:fs";
import { createGateway, type GatewayResult } from "@card-processing/client";

export const settings = {
  baseUrl: required("GATEWAY_URL"),
  endpointId: required("GATEWAY_ENDPOINT_ID"),
  login: required("GATEWAY_LOGIN"),
  controlKey: required("GATEWAY_CONTROL_KEY"),
  privateKeyFile: process.env.GATEWAY_PRIVATE_KEY_FILE,
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name} (pnpm demo does it for you).`);
    process.exit(2);
  }
  return value;
}

export const gateway = createGateway({
  baseUrl: settings.baseUrl,
  endpointId: settings.endpointId,
  login: settings.login,
  controlKey: settings.controlKey,
  privateKey: settings.privateKeyFile ? readFileSync(settings.privateKeyFile, "utf8") : undefined,
  // The sandbox answers within a second; against the real gateway keep the documented cadence.
  polling: { firstDelayMs: [250, 400] },
});

/** Stops the example with the gateway's message when a call failed. */
export function unwrap<T>(result: GatewayResult<T>): T {
  if (result.error) {
    console.error(`  ✗ ${result.error.message}`);
    process.exit(1);
  }
  return result.data;
}

/** A fresh merchant order id. */
export function newOrderId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
