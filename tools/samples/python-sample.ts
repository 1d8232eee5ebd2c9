import { exampleMerchant } from "../../packages/types/src/index.ts";
import { amountNote, headerLines, pathWith } from "./sample-header.ts";
import type { ControlTerm, SampleField, SampleOperation } from "./sample-operation.ts";

const py = (text: string) => JSON.stringify(text);

function fieldLine(field: SampleField): string {
  if (field.name === "login") return `    "login": LOGIN,`;
  const value = field.env === undefined ? py(field.value) : `os.environ.get(${py(field.env)}, ${py(field.value)})`;
  return `    ${py(field.name)}: ${value},`;
}

function controlPart(term: ControlTerm): string {
  if (term.kind === "endpointId") return "ENDPOINT_ID";
  if (term.kind === "login") return "LOGIN";
  // The amount without its decimal point: 10.42 USD signs as 1042 (cents).
  return term.kind === "minor-units" ? `fields[${py(term.name)}].replace(".", "")` : `fields[${py(term.name)}]`;
}

function signing(op: SampleOperation): string[] {
  if (op.scheme === "control")
    return [
      `# control: the SHA-1 of the terms, then the control key${amountNote(op)}`,
      `fields["control"] = hashlib.sha1((${[...op.controlTerms.map(controlPart), "CONTROL_KEY"].join(" + ")}).encode()).hexdigest()`,
      "headers = {}",
    ];
  const rsa = op.scheme === "oauth-rsa-sha256";
  const sign = rsa
    ? [
        "# Python's standard library has no RSA: the openssl command signs.",
        'with tempfile.NamedTemporaryFile("w", suffix=".pem") as key_file:',
        "    key_file.write(PRIVATE_KEY_PEM)",
        "    key_file.flush()",
        "    signed = subprocess.run(",
        '        ["openssl", "dgst", "-sha256", "-sign", key_file.name],',
        "        input=base_string.encode(), capture_output=True, check=True,",
        "    ).stdout",
        'oauth["oauth_signature"] = base64.b64encode(signed).decode()',
      ]
    : [
        'key = enc(CONTROL_KEY) + "&"',
        "signed = hmac.new(key.encode(), base_string.encode(), hashlib.sha1).digest()",
        'oauth["oauth_signature"] = base64.b64encode(signed).decode()',
      ];
  return [
    "oauth = {",
    '    "oauth_consumer_key": LOGIN,',
    '    "oauth_nonce": secrets.token_hex(16),',
    `    "oauth_signature_method": "${rsa ? "RSA-SHA256" : "HMAC-SHA1"}",`,
    '    "oauth_timestamp": str(int(time.time())),',
    '    "oauth_version": "1.0",',
    "}",
    "",
    "",
    "def enc(text):",
    '    """RFC 3986 percent-encoding."""',
    '    return urllib.parse.quote(text, safe="~")',
    "",
    "",
    "# The base string: method, URL, and every parameter encoded and sorted by name then value",
    "pairs = sorted((enc(k), enc(v)) for k, v in [*fields.items(), *oauth.items()])",
    `base_string = "&".join(["${op.method}", enc(url), enc("&".join(f"{k}={v}" for k, v in pairs))])`,
    ...sign,
    'headers = {"Authorization": "OAuth " + ", ".join(f\'{enc(k)}="{enc(v)}"\' for k, v in oauth.items())}',
  ];
}

/** The Python sample of an operation: the standard library only (RSA through the openssl command). */
export function pythonSample(op: SampleOperation): string {
  const rsa = op.scheme === "oauth-rsa-sha256";
  const oauth = op.scheme.startsWith("oauth");
  const imports = [
    ...(oauth ? ["base64"] : []),
    ...(op.scheme !== "oauth-rsa-sha256" ? ["hashlib"] : []),
    ...(op.scheme === "oauth-hmac-sha1" ? ["hmac"] : []),
    "os",
    ...(oauth ? ["secrets"] : []),
    ...(rsa ? ["subprocess", "tempfile"] : []),
    ...(oauth ? ["time"] : []),
    "urllib.error",
    "urllib.parse",
    "urllib.request",
  ];
  const usesLogin =
    oauth || op.fields.some((f) => f.name === "login") || op.controlTerms.some((t) => t.kind === "login");
  const endpoint = op.path.includes("{endpointId}");
  const send =
    op.method === "GET"
      ? ['request = urllib.request.Request(url + "?" + urllib.parse.urlencode(fields), headers=headers)']
      : ["request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), headers=headers)"];
  return [
    ...headerLines(op).map((line) => `# ${line}`),
    "# Python 3, standard library only.",
    ...imports.map((name) => `import ${name}`),
    "",
    `${op.baseUrl.env} = os.environ.get("${op.baseUrl.env}", "${op.baseUrl.local}")`,
    ...(endpoint ? [`ENDPOINT_ID = "${exampleMerchant.endpointId}"`] : []),
    ...(usesLogin ? [`LOGIN = "${exampleMerchant.login}"`] : []),
    ...(op.scheme === "oauth-rsa-sha256" ? [] : [`CONTROL_KEY = "${exampleMerchant.controlKey}"`]),
    ...(rsa ? [`PRIVATE_KEY_PEM = """${exampleMerchant.rsaPrivateKeyPem}"""`] : []),
    "",
    `url = f"{${op.baseUrl.env}}${pathWith(op, "{ENDPOINT_ID}")}"`,
    "fields = {",
    ...op.fields.map(fieldLine),
    "}",
    ...signing(op),
    "",
    ...send,
    'request.add_header("Accept", "application/vnd.pay+json")',
    "try:",
    "    with urllib.request.urlopen(request) as response:",
    "        print(response.read().decode())",
    "except urllib.error.HTTPError as refused:",
    '    raise SystemExit(f"HTTP {refused.code}: {refused.read().decode()}")',
    "",
  ].join("\n");
}
