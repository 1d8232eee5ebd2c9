import { readFileSync } from "node:fs";

/** The variable naming the file of samples the docs build writes (tools/samples/, by operation id). */
export const CODE_SAMPLES_VARIABLE = "CARD_PROCESSING_CODE_SAMPLES";

function samplesFile() {
  const file = process.env[CODE_SAMPLES_VARIABLE];
  if (file === undefined || file === "")
    throw new Error(
      `x-code-samples: ${CODE_SAMPLES_VARIABLE} names no file; build the reference with \`pnpm docs\`, which writes the samples first`,
    );
  return JSON.parse(readFileSync(file, "utf8"));
}

/**
 * Gives every operation Redoc's `x-codeSamples`: its request in curl, Python, PHP and TypeScript,
 * generated from the spec by tools/samples/ and written by the docs build to the file that
 * `CARD_PROCESSING_CODE_SAMPLES` names. An operation without samples fails the build. Enabled only
 * by the docs build (docs/redocly.yaml).
 *
 * @example
 * // docs/redocly.yaml
 * // decorators:
 * //   card-processing/x-code-samples: on
 */
export function xCodeSamples() {
  let samples;
  return {
    Operation: {
      leave(operation, ctx) {
        // The API's operations only: a webhook is sent by the gateway, not requested by a shop.
        if (!ctx.location.pointer.startsWith("#/paths/")) return;
        samples ??= samplesFile();
        const own = samples[operation.operationId];
        if (!Array.isArray(own) || own.length === 0)
          throw new Error(`x-code-samples: no samples for ${operation.operationId}`);
        operation["x-codeSamples"] = own.map(({ lang, label, source }) => ({ lang, label, source }));
      },
    },
  };
}
