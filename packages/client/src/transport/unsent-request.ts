/**
 * Why a failed request provably never sent a byte of itself, read from the `cause` chain as
 * undici (Node's `fetch`) and Bun report it (`cause.code`), or `undefined` when it may have left.
 * Only failures that happen before the request is written count: the connection refused, the host
 * name that did not resolve, the server's certificate refused in the TLS handshake (the request is
 * written only once the handshake succeeded). Everything else (a reset, a TLS error after the
 * handshake, a timeout) may have reached the gateway, and stays `"unknown"`.
 */
export function whyNotSent(error: unknown, url: string): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (
      code === "ECONNREFUSED" ||
      code === "ConnectionRefused" ||
      /connection refused|ECONNREFUSED/i.test(cause.message)
    )
      return "the connection was refused (nothing listens at that address)";
    if (typeof code !== "string") continue;
    if (DNS_FAILURES.has(code))
      return `the host name ${hostOf(url)} did not resolve (${code}): check the address, or the DNS of this machine`;
    if (CERTIFICATE_REFUSAL.test(code))
      return `the gateway's TLS certificate was refused in the handshake (${code}: ${cause.message}): check the address, or the certificate authorities this runtime trusts`;
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "of the address";
  }
}

// getaddrinfo's failures as Node names them: no such name, a temporary failure, a lasting one.
const DNS_FAILURES: ReadonlySet<string> = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "EAI_NODATA"]);

// OpenSSL's certificate verification results (`DEPTH_ZERO_SELF_SIGNED_CERT`, `CERT_HAS_EXPIRED`,
// `UNABLE_TO_VERIFY_LEAF_SIGNATURE`...) and Node's host name check: each is decided in the
// handshake, before the client writes its request (of Node's own `ERR_` codes, only the host name's).
const CERTIFICATE_REFUSAL =
  /^(ERR_TLS_CERT_ALTNAME_INVALID|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_\w+|CERT_\w+|ERROR_IN_CERT_\w+|INVALID_CA|PATH_LENGTH_EXCEEDED|INVALID_PURPOSE|HOSTNAME_MISMATCH)$/;
