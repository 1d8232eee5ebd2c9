import type { FaultRates } from "../server/api/network-faults.js";

/**
 * The CLI's `--faults kind:rate,kind:rate` (with `--faults-seed`, `--faults-delay-ms` and
 * `--faults-operations sale,return`) as the `faults` option; the sandbox checks the kinds, rates
 * and operation names when it starts, by the rules `/_admin/faults` applies.
 */
export function faultRatesFlag(
  text: string | undefined,
  seed: string | undefined,
  delayMs: number | undefined,
  operations?: string | undefined,
): FaultRates | undefined {
  if (text === undefined) {
    if (operations !== undefined)
      throw new Error("--faults-operations: names the operations of --faults, which is not given");
    return undefined;
  }
  const rates: Record<string, number> = {};
  for (const part of text.split(",")) {
    const [kind, rate, extra] = part.split(":").map((piece) => piece.trim());
    if (
      kind === undefined ||
      kind === "" ||
      rate === undefined ||
      extra !== undefined ||
      rate === "" ||
      !Number.isFinite(Number(rate))
    ) {
      throw new Error(
        `--faults: expected kind:rate pairs such as reset-after:0.05,delay:0.02, got ${JSON.stringify(part)}`,
      );
    }
    rates[kind] = Number(rate);
  }
  return {
    rates,
    ...(seed === undefined ? {} : { seed }),
    ...(delayMs === undefined ? {} : { delayMs }),
    ...(operations === undefined ? {} : { operations: operations.split(",").map((name) => name.trim()) }),
  };
}
