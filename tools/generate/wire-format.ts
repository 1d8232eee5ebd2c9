import { postOperations } from "./api-operations.ts";
import { tsBanner } from "./banner.ts";
import type { BundledSpec } from "./bundle-spec.ts";

/** The media types the spec's operations use: one for every request body, one for every reply. */
export interface MediaTypes {
  readonly form: string;
  readonly vendor: string;
}

/** The one media type of a set, or an error naming what the spec holds instead. */
function single(found: ReadonlySet<string>, what: string): string {
  const [only, ...others] = found;
  if (only === undefined || others.length > 0) {
    throw new Error(`every operation must use one ${what} media type; the spec has ${JSON.stringify([...found])}`);
  }
  return only;
}

/**
 * Reads the request and reply media types from the spec's operations, and refuses a spec in which
 * operations disagree: the SDK sends every request the same way and reads every reply the same way.
 */
export function mediaTypesOf(spec: BundledSpec): MediaTypes {
  const requests = new Set<string>();
  const replies = new Set<string>();
  for (const [, op] of postOperations(spec)) {
    for (const name of Object.keys(op.requestBody?.content ?? {})) requests.add(name);
    for (const response of Object.values<any>(op.responses ?? {})) {
      for (const name of Object.keys(response?.content ?? {})) replies.add(name);
    }
  }
  return { form: single(requests, "request body"), vendor: single(replies, "reply") };
}

/**
 * The part of each operation's path before its endpoint id, keyed to the path template: every path
 * template of the API ends in `/{endpointId}`, and the generator refuses one that does not, so a
 * request path is matched by the text before its last `/`.
 */
export function operationPathPrefixes(spec: BundledSpec): Record<string, string> {
  const prefixes: Record<string, string> = {};
  for (const [path] of postOperations(spec)) {
    const suffix = "/{endpointId}";
    const prefix = path.slice(0, -suffix.length + 1);
    if (!path.endsWith(suffix) || prefix.includes("{")) {
      throw new Error(`${path}: every path template must end in ${suffix} and hold no other parameter`);
    }
    prefixes[prefix] = path;
  }
  // A request path is matched by the prefix it ends in: one prefix ending another would be ambiguous.
  for (const prefix of Object.keys(prefixes)) {
    const other = Object.keys(prefixes).find((candidate) => candidate !== prefix && candidate.endsWith(prefix));
    if (other !== undefined)
      throw new Error(`${other}{endpointId} ends in ${prefix}{endpointId}: a request path would match both`);
  }
  return prefixes;
}

const literal = (value: unknown) => JSON.stringify(value, null, 2);

/** Renders the wire format facts (media types, path prefixes) as a module of plain literals. */
export function emitWireFormat(spec: BundledSpec): string {
  const { form, vendor } = mediaTypesOf(spec);
  return `${tsBanner}
/**
 * The media type of every reply of the API; a request names it in \`Accept\`.
 *
 * @example
 * \`\`\`ts
 * import { VENDOR_MEDIA_TYPE } from "@card-processing/types";
 * new Headers({ Accept: VENDOR_MEDIA_TYPE });
 * \`\`\`
 */
export const VENDOR_MEDIA_TYPE = ${JSON.stringify(vendor)};

/**
 * The media type of every request body of the API.
 *
 * @example
 * \`\`\`ts
 * import { FORM_MEDIA_TYPE } from "@card-processing/types";
 * new Headers({ "Content-Type": FORM_MEDIA_TYPE });
 * \`\`\`
 */
export const FORM_MEDIA_TYPE = ${JSON.stringify(form)};

/**
 * Each operation's path up to its endpoint id, with the path template it belongs to: what
 * \`matchOperationPath\` looks a request path up in. No prefix ends another, so at most one matches.
 */
export const operationPathPrefixes = ${literal(operationPathPrefixes(spec))} as const;
`;
}
