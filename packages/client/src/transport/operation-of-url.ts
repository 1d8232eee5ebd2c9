import { matchOperationPath, type OperationEntry } from "@card-processing/types";

/** The operation a request URL addresses under the base address, or `undefined` for any other URL. */
export function operationOfUrl(url: string, basePath: string): OperationEntry | undefined {
  const match = matchOperationPath(new URL(url).pathname);
  return match?.basePath === basePath ? match.entry : undefined;
}
