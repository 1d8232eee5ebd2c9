import { curlSample } from "./curl-sample.ts";
import { phpSample } from "./php-sample.ts";
import { pythonSample } from "./python-sample.ts";
import { type SampleOperation, sampleOperations } from "./sample-operation.ts";
import { typescriptSample } from "./typescript-sample.ts";

/** One of Redoc's `x-codeSamples`, plus how the samples test runs it. */
export interface CodeSample {
  readonly lang: "Shell" | "Python" | "PHP" | "TypeScript";
  readonly label: string;
  readonly source: string;
  /** The file name it runs as, and the command that runs it. */
  readonly file: string;
  readonly command: string;
}

/** The four languages, in the order the reference shows them. */
export const sampleLanguages = [
  { lang: "Shell", label: "curl", extension: "sh", command: "bash", write: curlSample },
  { lang: "Python", label: "Python", extension: "py", command: "python3", write: pythonSample },
  { lang: "PHP", label: "PHP", extension: "php", command: "php", write: phpSample },
  { lang: "TypeScript", label: "TypeScript", extension: "ts", command: "tsx", write: typescriptSample },
] as const;

/** Every language's sample of one operation. */
export function codeSamplesOf(op: SampleOperation): CodeSample[] {
  return sampleLanguages.map(({ lang, label, extension, command, write }) => ({
    lang,
    label,
    source: write(op),
    file: `${op.operationId}.${extension}`,
    command,
  }));
}

/** The samples of every operation of the spec, by operation id: what the reference shows and the test runs. */
export function allCodeSamples(): Map<string, { operation: SampleOperation; samples: CodeSample[] }> {
  return new Map(
    sampleOperations().map((operation) => [operation.operationId, { operation, samples: codeSamplesOf(operation) }]),
  );
}
