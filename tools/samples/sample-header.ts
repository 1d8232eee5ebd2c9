import type { ControlTerm, SampleOperation } from "./sample-operation.ts";

/** How a term of `control` reads in a sample's comment. */
function termWords(term: ControlTerm): string {
  if (term.kind === "minor-units") return `${term.name} in minor units`;
  return term.kind === "field" ? term.name : term.kind;
}

/** Lines of at most `width` characters, broken at spaces, so a sample's comments fit the reference's code panel. */
function wrapped(line: string, width = 76): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    if (current !== "" && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current === "" ? word : `${current} ${word}`;
  }
  return [...lines, current];
}

/** What the sample's first comment lines say: the operation, how it is signed, and whose keys. */
export function headerLines(op: SampleOperation): string[] {
  return headerSentences(op).flatMap((line) => wrapped(line));
}

function headerSentences(op: SampleOperation): string[] {
  const signed =
    op.scheme === "control"
      ? `Signed with control: the SHA-1 (hex) of ${[...op.controlTerms.map(termWords), "the control key"].join(" + ")}.`
      : op.scheme === "oauth-hmac-sha1"
        ? "Signed with OAuth 1.0a HMAC-SHA1: the base string (method, URL, every parameter sorted) signed with the control key and '&'."
        : op.scheme === "oauth-rsa-sha256"
          ? "Signed with OAuth 1.0a RSA-SHA256: the base string (method, URL, every parameter sorted) signed with the merchant's RSA private key."
          : "Not signed.";
  const env = op.fields.filter((field) => field.env !== undefined).map((field) => field.env);
  return [
    `${op.summary}: ${op.method} ${op.path}`,
    signed,
    "Keys: the reference's example merchant, which a sandbox on 127.0.0.1 started with no key options accepts.",
    ...(env.length === 0
      ? []
      : [`Reads ${env.join(", ")} from the environment: the id of what must exist first (default: the example's).`]),
  ];
}

/** The operation's path with the endpoint id put in by `endpoint` (a variable's reference in the sample's language). */
export function pathWith(op: SampleOperation, endpoint: string): string {
  return op.path.replace("{endpointId}", endpoint);
}

/** What the `control` comment adds when an amount is signed: it goes in minor units. */
export function amountNote(op: SampleOperation): string {
  return op.controlTerms.some((term) => term.kind === "minor-units")
    ? " (the amount in minor units: its decimal point dropped)"
    : "";
}
