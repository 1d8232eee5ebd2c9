import type { OperationEntry } from "@card-processing/types";

/** What the telemetry needs to know of the gateway it wraps, beyond its methods. */
export interface GatewayTarget {
  /** The base address, e.g. `https://gate.example/paynet`. */
  readonly baseUrl: string;
  /** The endpoint the gateway sends to, or the endpoint group (`group` true). */
  readonly endpointId: number | string;
  readonly group: boolean;
  /** The path an operation is sent to, its id in place (`/api/v2/sale/group/42` for a group). */
  readonly pathOf: (entry: OperationEntry) => string;
}

/** A gateway's methods by name, as `createGateway` builds them. */
export type GatewayMethods = Record<string, unknown>;
