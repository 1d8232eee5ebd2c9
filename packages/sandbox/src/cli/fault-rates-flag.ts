import type { FaultRates } from "../server/api/network-faults.js";

/**
 * The CLI's `--faults kind:rate,kind:rate` (with `--faults-seed` and `--faults-delay-ms`) as the
 * `faults` option; the sandbox checks the kinds and rates when it starts.
 */
export function faultRatesFlag(
  text: string | undefined,
  seed: string | undefined,
  delayMs: number | undefined,
): FaultRates | undefined {
  if (text === undefined) return undefined;
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
  return { rates, ...(seed === undefined ? {} : { seed }), ...(delayMs === undefined ? {} : { delayMs }) };
}
