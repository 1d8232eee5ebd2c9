/**
 * Writes each operation's `x-endpoint-group` into its description as a sentence, so the API
 * reference shows the group address beside the endpoint one instead of hiding it in an extension.
 * Enabled only by the docs build (docs/redocly.yaml).
 *
 * @example
 * // docs/redocly.yaml
 * // decorators:
 * //   card-processing/x-endpoint-group-prose: on
 */
export function xEndpointGroupProse() {
  return {
    Operation: {
      leave(operation) {
        const group = operation["x-endpoint-group"];
        if (typeof group?.path !== "string") return;
        const signed =
          operation["x-signature"]?.scheme === "control"
            ? "a `control` term `endpointId` is then the endpoint group id"
            : "the OAuth signature covers that address, endpoint group id included";
        const prose =
          `**Endpoint group address:** \`POST ${group.path}\` (listed on ${group.page}): a merchant ` +
          `given an endpoint group sends it there, and ${signed}.`;
        const description = typeof operation.description === "string" ? operation.description.trimEnd() : "";
        operation.description = description === "" ? prose : `${description}\n\n${prose}`;
      },
    },
  };
}
