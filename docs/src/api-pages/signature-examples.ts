import {
  callbackControl,
  controlDigest,
  controlText,
  signOAuth,
  toMinorUnits,
} from "../../../packages/signing/src/index.ts";
import {
  callbackSignature,
  exampleMerchant,
  type OperationEntry,
  operationById,
} from "../../../packages/types/src/index.ts";

/** One term of a `control`: its name and the text it adds. */
export interface ControlTermValue {
  readonly name: string;
  readonly value: string;
}

/** A worked `control`: the terms, the exact string hashed (the control key at its end), the result. */
export interface ControlExample {
  readonly id: string;
  readonly title: string;
  readonly terms: readonly ControlTermValue[];
  readonly hashed: string;
  readonly control: string;
}

/** A worked OAuth 1.0a signature with a fixed nonce and timestamp: its base string, signature and header. */
export interface OAuthExample {
  readonly id: string;
  readonly title: string;
  readonly method: string;
  readonly url: string;
  readonly params: readonly (readonly [string, string])[];
  readonly nonce: string;
  readonly timestamp: string;
  readonly key: string;
  readonly baseString: string;
  readonly signature: string;
  readonly authorization: string;
}

/** The fixed nonce and timestamp of the page's OAuth examples (a real request draws new ones). */
export const FIXED_NONCE = "0123456789abcdef0123456789abcdef";
export const FIXED_TIMESTAMP = "1767225600";

// biome-ignore lint/suspicious/noExplicitAny: the bundled spec is plain JSON, read by shape.
type Spec = Record<string, any>;

/** The first request example of an operation, `control` left out and `login` the example merchant's. */
function exampleBody(spec: Spec, entry: OperationEntry): Record<string, string> {
  const content = spec.paths[entry.path].post.requestBody.content["application/x-www-form-urlencoded"];
  const first = Object.values(content.examples)[0] as { value: Record<string, unknown> };
  const body = Object.entries(first.value).filter(([name]) => name !== "control");
  return Object.fromEntries(
    body.map(([name, value]) => [name, name === "login" ? exampleMerchant.login : String(value)]),
  );
}

async function controlOf(spec: Spec, id: "sale" | "status", title: string): Promise<ControlExample> {
  const entry: OperationEntry = operationById(id);
  const body = exampleBody(spec, entry);
  const terms = entry.signature.terms.flatMap((name): ControlTermValue[] => {
    if (name === "endpointId") return [{ name, value: String(exampleMerchant.endpointId) }];
    if (name === "login") return [{ name, value: body["login"] ?? exampleMerchant.login }];
    const value = body[name];
    if (value === undefined) return [];
    if (!entry.amountFields.includes(name)) return [{ name, value }];
    return [{ name: `${name} (in minor units)`, value: toMinorUnits(value, body["currency"] ?? "") }];
  });
  const text = controlText(entry, { endpointId: exampleMerchant.endpointId, login: exampleMerchant.login, body });
  if (text !== terms.map((term) => term.value).join(""))
    throw new Error(`${id}: the page's terms do not make the signer's control text`);
  return {
    id,
    title,
    terms,
    hashed: `${text}${exampleMerchant.controlKey}`,
    control: await controlDigest([text], exampleMerchant.controlKey),
  };
}

async function callbackExample(): Promise<ControlExample> {
  const params = { status: "approved", orderid: "1234567", client_orderid: "902B4FF5" };
  const terms = callbackSignature.terms.map((name) => ({ name, value: params[name] }));
  return {
    id: "callback",
    title: "control of a callback (approved sale)",
    terms,
    hashed: `${terms.map((term) => term.value).join("")}${exampleMerchant.controlKey}`,
    control: await callbackControl(params, exampleMerchant.controlKey),
  };
}

async function oauthOf(spec: Spec, id: "payout" | "statusV4", title: string): Promise<OAuthExample> {
  const entry: OperationEntry = operationById(id);
  const rsa = entry.signature.scheme === "oauth-rsa-sha256";
  const local = (spec.servers as { url: string }[]).find((server) => server.url.startsWith("http://127.0.0.1"));
  const url = `${local?.url ?? ""}${entry.path.replace("{endpointId}", String(exampleMerchant.endpointId))}`;
  const body = exampleBody(spec, entry);
  const signed = await signOAuth(
    {
      scheme: rsa ? "oauth-rsa-sha256" : "oauth-hmac-sha1",
      consumerKey: exampleMerchant.login,
      ...(rsa ? { privateKey: exampleMerchant.rsaPrivateKeyPem } : { controlKey: exampleMerchant.controlKey }),
      now: () => Number(FIXED_TIMESTAMP) * 1000,
      nonce: () => FIXED_NONCE,
    },
    { method: "POST", url, body: new URLSearchParams(body) },
  );
  return {
    id,
    title,
    method: "POST",
    url,
    params: Object.entries(body),
    nonce: FIXED_NONCE,
    timestamp: FIXED_TIMESTAMP,
    key: rsa ? "the example merchant's RSA private key" : `${exampleMerchant.controlKey}&`,
    baseString: signed.baseString,
    signature: signed.signature,
    authorization: signed.authorization,
  };
}

/** Every worked example of the Signatures page, computed by the signing package from the example merchant. */
export async function signatureExamples(spec: Spec): Promise<{ control: ControlExample[]; oauth: OAuthExample[] }> {
  return {
    control: [
      await controlOf(spec, "sale", "control of a sale"),
      await controlOf(spec, "status", "control of a status request"),
      await callbackExample(),
    ],
    oauth: [
      await oauthOf(spec, "payout", "OAuth 1.0a HMAC-SHA1: a payout"),
      await oauthOf(spec, "statusV4", "OAuth 1.0a RSA-SHA256: a v4 status request"),
    ],
  };
}
