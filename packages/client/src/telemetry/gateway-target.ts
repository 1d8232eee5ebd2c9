/** What the telemetry needs to know of the gateway it wraps, beyond its methods. */
export interface GatewayTarget {
  /** The base address, e.g. `https://gate.example/paynet`. */
  readonly baseUrl: string;
  readonly endpointId: number | string;
}

/** A gateway's methods by name, as `createGateway` builds them. */
export type GatewayMethods = Record<string, unknown>;
