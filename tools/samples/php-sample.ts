import { exampleMerchant } from "../../packages/types/src/index.ts";
import { amountNote, headerLines, pathWith } from "./sample-header.ts";
import type { ControlTerm, SampleField, SampleOperation } from "./sample-operation.ts";

/** A PHP single-quoted string (a double-quoted one for text of several lines). */
const php = (text: string) =>
  text.includes("\n")
    ? `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("$", "\\$").replaceAll("\n", "\\n")}"`
    : `'${text.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;

function fieldLine(field: SampleField): string {
  if (field.name === "login") return "    'login' => $login,";
  const value = field.env === undefined ? php(field.value) : `getenv(${php(field.env)}) ?: ${php(field.value)}`;
  return `    ${php(field.name)} => ${value},`;
}

function controlPart(term: ControlTerm): string {
  if (term.kind === "endpointId") return "$endpointId";
  if (term.kind === "login") return "$login";
  // The amount without its decimal point: 10.42 USD signs as 1042 (cents).
  return term.kind === "minor-units"
    ? `str_replace('.', '', $fields[${php(term.name)}])`
    : `$fields[${php(term.name)}]`;
}

function signing(op: SampleOperation): string[] {
  if (op.scheme === "control")
    return [
      `// control: the SHA-1 of the terms, then the control key${amountNote(op)}`,
      `$fields['control'] = sha1(${[...op.controlTerms.map(controlPart), "$controlKey"].join(" . ")});`,
      "$headers = ['Accept: application/vnd.pay+json'];",
    ];
  const rsa = op.scheme === "oauth-rsa-sha256";
  return [
    "$oauth = [",
    "    'oauth_consumer_key' => $login,",
    "    'oauth_nonce' => bin2hex(random_bytes(16)),",
    `    'oauth_signature_method' => '${rsa ? "RSA-SHA256" : "HMAC-SHA1"}',`,
    "    'oauth_timestamp' => (string) time(),",
    "    'oauth_version' => '1.0',",
    "];",
    "",
    "// The base string: method, URL, and every parameter encoded (RFC 3986) and sorted by name then value",
    "$pairs = [];",
    "foreach ($fields + $oauth as $name => $value) $pairs[] = [rawurlencode($name), rawurlencode($value)];",
    "usort($pairs, fn ($a, $b) => strcmp($a[0], $b[0]) ?: strcmp($a[1], $b[1]));",
    "$params = implode('&', array_map(fn ($p) => \"$p[0]=$p[1]\", $pairs));",
    `$baseString = '${op.method}&' . rawurlencode($url) . '&' . rawurlencode($params);`,
    ...(rsa
      ? ["openssl_sign($baseString, $signed, $privateKeyPem, OPENSSL_ALGO_SHA256);"]
      : ["$signed = hash_hmac('sha1', $baseString, rawurlencode($controlKey) . '&', true);"]),
    "$oauth['oauth_signature'] = base64_encode($signed);",
    "$header = [];",
    "foreach ($oauth as $name => $value) $header[] = rawurlencode($name) . '=\"' . rawurlencode($value) . '\"';",
    "$headers = ['Accept: application/vnd.pay+json', 'Authorization: OAuth ' . implode(', ', $header)];",
  ];
}

/** The PHP sample of an operation: plain curl_*, sha1(), hash_hmac() and openssl_sign(). */
export function phpSample(op: SampleOperation): string {
  const rsa = op.scheme === "oauth-rsa-sha256";
  const oauth = op.scheme.startsWith("oauth");
  const usesLogin =
    oauth || op.fields.some((f) => f.name === "login") || op.controlTerms.some((t) => t.kind === "login");
  const endpoint = op.path.includes("{endpointId}");
  const base = `$${op.baseUrl.env === "GATEWAY_URL" ? "gatewayUrl" : "gatewayUiUrl"}`;
  const get = op.method === "GET";
  return [
    "<?php",
    ...headerLines(op).map((line) => `// ${line}`),
    "// PHP with the curl extension.",
    "",
    `${base} = getenv('${op.baseUrl.env}') ?: '${op.baseUrl.local}';`,
    ...(endpoint ? [`$endpointId = '${exampleMerchant.endpointId}';`] : []),
    ...(usesLogin ? [`$login = '${exampleMerchant.login}';`] : []),
    ...(rsa ? [] : [`$controlKey = '${exampleMerchant.controlKey}';`]),
    ...(rsa ? ["$privateKeyPem = <<<'PEM'", ...exampleMerchant.rsaPrivateKeyPem.trimEnd().split("\n"), "PEM;"] : []),
    "",
    `$url = "${base}${pathWith(op, "$endpointId")}";`,
    "$fields = [",
    ...op.fields.map(fieldLine),
    "];",
    ...signing(op),
    "",
    `$curl = curl_init(${get ? "$url . '?' . http_build_query($fields)" : "$url"});`,
    "curl_setopt_array($curl, [",
    ...(get ? [] : ["    CURLOPT_POSTFIELDS => http_build_query($fields),"]),
    "    CURLOPT_HTTPHEADER => $headers,",
    "    CURLOPT_RETURNTRANSFER => true,",
    "]);",
    "$reply = curl_exec($curl);",
    "$status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);",
    "if ($reply === false || $status !== 200) {",
    '    fwrite(STDERR, "HTTP $status: " . ($reply === false ? curl_error($curl) : $reply) . "\\n");',
    "    exit(1);",
    "}",
    'echo $reply, "\\n";',
    "",
  ].join("\n");
}
