// The collection's pre-request script: signs every request from its operation's `x-signature`, as
// the SDK does. `operations` (scheme, terms, amount fields per request id) and `exponents` (ISO 4217
// exponents other than 2) are written above this file by tools/postman/postman-collection.ts.
// It runs in Postman's script sandbox (and newman's): CryptoJS for SHA-1, SHA-256 and HMAC-SHA1;
// RSA-SHA256, which that sandbox has no library for, is RSASSA-PKCS1-v1_5 (RFC 8017 §8.2.1) on
// BigInt below.
/* global pm, CryptoJS, operations, exponents */

const operation = operations[pm.info.requestId];
const vars = (text) => pm.variables.replaceIn(String(text));

function bodyPairs() {
  const body = pm.request.body;
  if (body?.mode !== "urlencoded") return [];
  return body.urlencoded
    .all()
    .filter((param) => !param.disabled)
    .map((param) => [param.key, vars(param.value)]);
}

function minorUnits(amount, currency) {
  const exponent = currency in exponents ? exponents[currency] : 2;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match || (match[2] ?? "").length > exponent) throw new Error(`amount ${amount} is not a ${currency} amount`);
  return (match[1] + (match[2] ?? "").padEnd(exponent, "0")).replace(/^0+(?=\d)/, "");
}

function controlDigest(fields) {
  let text = "";
  for (const term of operation.terms) {
    if (term === "endpointId") text += vars("{{endpointId}}");
    else if (term === "login") text += fields.login ?? vars("{{login}}");
    else if (fields[term] === undefined) continue;
    else if (term === "amount" || operation.amountFields.includes(term))
      text += minorUnits(fields[term], fields.currency);
    else text += fields[term];
  }
  return CryptoJS.SHA1(text + vars("{{controlKey}}")).toString(CryptoJS.enc.Hex);
}

function percentEncode(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

// RFC 5849 §3.4.1: the method, the URL without its query, and every parameter, sorted.
function oauthBaseString(method, url, params) {
  const [, scheme, host, path, query] = /^(https?):\/\/([^/?#]+)([^?#]*)(?:\?([^#]*))?/i.exec(url);
  const lowerScheme = scheme.toLowerCase();
  const defaultPort = lowerScheme === "http" ? ":80" : ":443";
  const authority = host.toLowerCase().endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host;
  const all = [...params];
  for (const pair of (query ?? "").split("&").filter(Boolean)) {
    const [name, value = ""] = pair.split("=").map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
    all.push([name, value]);
  }
  const normalized = all
    .map(([name, value]) => [percentEncode(name), percentEncode(value)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return [method.toUpperCase(), `${lowerScheme}://${authority.toLowerCase()}${path}`, normalized]
    .map(percentEncode)
    .join("&");
}

// One DER element of `hex` at `at` (in hex digits): its tag and where its content starts and ends.
function derElement(hex, at) {
  let pos = at + 2;
  let length = Number.parseInt(hex.substr(pos, 2), 16);
  pos += 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = Number.parseInt(hex.substr(pos, bytes * 2), 16);
    pos += bytes * 2;
  }
  return { tag: Number.parseInt(hex.substr(at, 2), 16), start: pos, end: pos + length * 2 };
}

function derChildren(hex, element) {
  const children = [];
  for (let at = element.start; at < element.end; ) {
    const child = derElement(hex, at);
    children.push(child);
    at = child.end;
  }
  return children;
}

// The modulus and private exponent of a PKCS#8 ("PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY") PEM.
function rsaPrivateKey(pem) {
  const base64 = pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
  const hex = CryptoJS.enc.Base64.parse(base64).toString(CryptoJS.enc.Hex);
  let key = derElement(hex, 0);
  if (!/BEGIN RSA PRIVATE KEY/.test(pem)) key = derElement(hex, derChildren(hex, key)[2].start);
  const [, modulus, , privateExponent] = derChildren(hex, key);
  const integer = (el) => BigInt(`0x${hex.slice(el.start, el.end)}`);
  const n = integer(modulus);
  // The modulus's length in bytes, without the DER integer's leading zero byte.
  return { n, d: integer(privateExponent), bytes: Math.ceil(n.toString(16).length / 2) };
}

function modPow(base, exponent, modulus) {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

// RSASSA-PKCS1-v1_5 with SHA-256: EM = 00 01 FF..FF 00 || DigestInfo(SHA-256) || hash, then EM^d mod n.
function rsaSha256(text, pem) {
  const { n, d, bytes } = rsaPrivateKey(pem);
  const digestInfo = `3031300d060960864801650304020105000420${CryptoJS.SHA256(CryptoJS.enc.Utf8.parse(text)).toString()}`;
  const padding = "ff".repeat(bytes - 3 - digestInfo.length / 2);
  const signature = modPow(BigInt(`0x0001${padding}00${digestInfo}`), d, n)
    .toString(16)
    .padStart(bytes * 2, "0");
  return CryptoJS.enc.Base64.stringify(CryptoJS.enc.Hex.parse(signature));
}

function oauthHeader(method, pairs) {
  const oauth = [
    ["oauth_consumer_key", vars("{{login}}")],
    ["oauth_signature_method", operation.scheme === "oauth-rsa-sha256" ? "RSA-SHA256" : "HMAC-SHA1"],
    ["oauth_version", "1.0"],
    ["oauth_timestamp", String(Math.floor(Date.now() / 1000))],
    ["oauth_nonce", CryptoJS.lib.WordArray.random(16).toString()],
  ];
  const base = oauthBaseString(method, vars(pm.request.url.toString()), [...oauth, ...pairs]);
  const signature =
    operation.scheme === "oauth-rsa-sha256"
      ? rsaSha256(base, vars("{{rsaPrivateKey}}"))
      : CryptoJS.enc.Base64.stringify(CryptoJS.HmacSHA1(base, `${percentEncode(vars("{{controlKey}}"))}&`));
  oauth.push(["oauth_signature", signature]);
  return `OAuth ${oauth.map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`).join(", ")}`;
}

if (operation !== undefined && operation.scheme === "control") {
  const fields = Object.fromEntries(bodyPairs());
  pm.request.body.urlencoded.upsert({ key: "control", value: controlDigest(fields) });
} else if (operation?.scheme.startsWith("oauth-")) {
  pm.request.headers.upsert({ key: "Authorization", value: oauthHeader(pm.request.method, bodyPairs()) });
}
