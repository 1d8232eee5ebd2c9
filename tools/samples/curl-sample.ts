import { exampleMerchant } from "../../packages/types/src/index.ts";
import { amountNote, headerLines, pathWith } from "./sample-header.ts";
import type { ControlTerm, SampleField, SampleOperation } from "./sample-operation.ts";
import { shellName, shellQuote } from "./shell-quote.ts";

const ACCEPT = "-H 'Accept: application/vnd.pay+json'";

/** The shell's value of a field: its variable when it has one, else the quoted example. */
function fieldWord(field: SampleField, named: ReadonlySet<string>): string {
  return named.has(field.name)
    ? `"${field.name}=$${shellName(field.name)}"`
    : field.env !== undefined
      ? `"${field.name}=\${${field.env}:-${field.value}}"`
      : shellQuote(`${field.name}=${field.value}`);
}

function controlPart(term: ControlTerm): string {
  if (term.kind === "endpointId") return "$ENDPOINT_ID";
  if (term.kind === "login") return "$LOGIN";
  // The amount without its decimal point: 10.42 USD signs as 1042 (cents).
  return term.kind === "minor-units" ? `\${${shellName(term.name)}/./}` : `$${shellName(term.name)}`;
}

function controlSample(op: SampleOperation, url: string): string[] {
  const named = new Set(op.controlTerms.flatMap((term) => ("name" in term ? [term.name] : [])));
  const usesLogin = op.controlTerms.some((term) => term.kind === "login");
  const variables = op.fields
    .filter((field) => named.has(field.name))
    .map((field) =>
      field.env !== undefined
        ? `${shellName(field.name)}="\${${field.env}:-${field.value}}"`
        : `${shellName(field.name)}=${shellQuote(field.value)}`,
    );
  const data = op.fields.map((field) =>
    field.name === "login" && usesLogin ? `"login=$LOGIN"` : fieldWord(field, named),
  );
  return [
    ...variables,
    "",
    `# control: the SHA-1 of the terms, then the control key${amountNote(op)}`,
    `control=$(printf '%s' "${op.controlTerms.map(controlPart).join("")}$CONTROL_KEY" | sha1sum | cut -d' ' -f1)`,
    "",
    `curl -sS --fail-with-body ${url} ${ACCEPT} \\`,
    ...data.map((word) => `  --data-urlencode ${word} \\`),
    `  --data-urlencode "control=$control"`,
  ];
}

function oauthSample(op: SampleOperation, url: string): string[] {
  const rsa = op.scheme === "oauth-rsa-sha256";
  const sign = rsa
    ? `openssl dgst -sha256 -sign "$PRIVATE_KEY_FILE" | openssl base64 -A`
    : `openssl dgst -sha1 -hmac "$(enc "$CONTROL_KEY")&" -binary | openssl base64 -A`;
  const key = rsa
    ? [
        "PRIVATE_KEY_FILE=$(mktemp)",
        `trap 'rm -f "$PRIVATE_KEY_FILE"' EXIT`,
        `cat > "$PRIVATE_KEY_FILE" <<'PEM'`,
        ...exampleMerchant.rsaPrivateKeyPem.trimEnd().split("\n"),
        "PEM",
        "",
      ]
    : [];
  return [
    ...key,
    `URL=${url}`,
    "params=(",
    ...op.fields.map((field) => `  ${field.name === "login" ? '"login=$LOGIN"' : fieldWord(field, new Set())}`),
    ")",
    "oauth=(",
    `  "oauth_consumer_key=$LOGIN"`,
    `  "oauth_nonce=$(openssl rand -hex 16)"`,
    `  oauth_signature_method=${rsa ? "RSA-SHA256" : "HMAC-SHA1"}`,
    `  "oauth_timestamp=$(date +%s)"`,
    "  oauth_version=1.0",
    ")",
    "",
    "# RFC 3986 percent-encoding, byte by byte",
    `enc() { local s=$1 out= c i; for ((i = 0; i < \${#s}; i++)); do c=\${s:i:1}; case $c in [A-Za-z0-9._~-]) out+=$c ;; *) out+=$(printf '%%%02X' "'$c") ;; esac; done; printf '%s' "$out"; }`,
    "",
    "# The base string: method, URL, and every parameter encoded and sorted by name then value",
    `pairs=$(for p in "\${params[@]}" "\${oauth[@]}"; do printf '%s=%s\\n' "$(enc "\${p%%=*}")" "$(enc "\${p#*=}")"; done | sort -t= -k1,1 -k2 | paste -sd'&' -)`,
    `base_string="${op.method}&$(enc "$URL")&$(enc "$pairs")"`,
    `signature=$(printf '%s' "$base_string" | ${sign})`,
    `authorization="OAuth $(for p in "\${oauth[@]}" "oauth_signature=$signature"; do printf '%s="%s", ' "$(enc "\${p%%=*}")" "$(enc "\${p#*=}")"; done)"`,
    "",
    `data=(); for p in "\${params[@]}"; do data+=(--data-urlencode "$p"); done`,
    `curl -sS --fail-with-body${op.method === "GET" ? " -G" : ""} "$URL" ${ACCEPT} -H "Authorization: \${authorization%, }" "\${data[@]}"`,
  ];
}

/** The curl sample of an operation: a bash script that signs in the shell (sha1sum, openssl) and prints the reply. */
export function curlSample(op: SampleOperation): string {
  const usesLogin = op.scheme !== "control" || op.controlTerms.some((term) => term.kind === "login");
  const usesKey = op.scheme === "control" || op.scheme === "oauth-hmac-sha1";
  const endpoint = op.path.includes("{endpointId}");
  const url = `"$${op.baseUrl.env}${pathWith(op, "$ENDPOINT_ID")}"`;
  return [
    "#!/usr/bin/env bash",
    ...headerLines(op).map((line) => `# ${line}`),
    "set -euo pipefail",
    "export LC_ALL=C",
    "",
    `${op.baseUrl.env}="\${${op.baseUrl.env}:-${op.baseUrl.local}}"`,
    ...(endpoint ? [`ENDPOINT_ID=${exampleMerchant.endpointId}`] : []),
    ...(usesLogin ? [`LOGIN=${exampleMerchant.login}`] : []),
    ...(usesKey ? [`CONTROL_KEY=${exampleMerchant.controlKey}`] : []),
    "",
    ...(op.scheme === "control" ? controlSample(op, url) : oauthSample(op, url)),
    "",
  ].join("\n");
}
