import { signRequest } from "@card-processing/signing";
import { operationTable } from "@card-processing/types";
import type { Sandbox } from "../start-sandbox.js";

/** The `control` a merchant computes for `body` on `path` at endpoint 1111 of a sandbox (its URL and keys). */
export async function controlFor(
  sandbox: Pick<Sandbox, "url" | "login" | "controlKey">,
  path: keyof typeof operationTable,
  body: Readonly<Record<string, string>>,
): Promise<string> {
  const { fields } = await signRequest({
    entry: operationTable[path],
    body,
    url: sandbox.url + path.replace("{endpointId}", "1111"),
    keys: { login: sandbox.login, controlKey: sandbox.controlKey },
  });
  return fields["control"] ?? "";
}
