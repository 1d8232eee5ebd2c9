import { checkKnownKeys } from "../errors/known-keys.js";
import { usageError } from "../errors/usage-error.js";
import type { GatewayMethods, GatewayTarget } from "./gateway-target.js";
import { type TelemetryOptions, telemetryOptionKeys } from "./telemetry-options.js";

/**
 * Wraps the gateway's methods in spans and metrics, loading `@opentelemetry/api` and the
 * instrumentation on first use: `createGateway` stays synchronous, and a gateway without
 * `telemetry` loads neither. When `@opentelemetry/api` cannot be loaded, every call rejects with a
 * `UsageError` naming `telemetry` before anything is sent.
 */
export function withTelemetry(
  methods: GatewayMethods,
  telemetry: true | TelemetryOptions,
  target: GatewayTarget,
): GatewayMethods {
  if (telemetry !== true) {
    if (telemetry === null || typeof telemetry !== "object")
      throw usageError(
        "ERR_OPTION_INVALID",
        "telemetry",
        "expected true or { tracerProvider, meterProvider }",
        "createGateway",
      );
    checkKnownKeys(telemetry, telemetryOptionKeys, "telemetry", "createGateway");
  }
  const providers = telemetry === true ? {} : telemetry;
  // `.catch` right on the import: a bundler (esbuild) then leaves a missing optional peer to run time.
  const api = import("@opentelemetry/api").catch((cause: unknown) => {
    throw usageError(
      "ERR_OPTION_INVALID",
      "telemetry",
      "needs @opentelemetry/api 1.9 or later installed (an optional peer dependency)",
      "createGateway",
      cause,
    );
  });
  const instrumented = Promise.all([api, import("./instrument-gateway.js")]).then(([loaded, { instrumentGateway }]) =>
    instrumentGateway(loaded, methods, providers, target),
  );
  // Reported on each call instead; never an unhandled rejection.
  instrumented.catch(() => {});
  const wrapped: GatewayMethods = {};
  for (const [name, method] of Object.entries(methods)) {
    wrapped[name] =
      typeof method === "function"
        ? async (...args: unknown[]) => {
            const loaded = await instrumented;
            return (loaded[name] as (...a: unknown[]) => unknown)(...args);
          }
        : method;
  }
  return wrapped;
}
