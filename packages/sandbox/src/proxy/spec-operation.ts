import { type OperationEntry, transactionReportOperation } from "@card-processing/types";
import { bundledSpec } from "../validation/spec-schemas.js";

interface MediaObject {
  readonly schema?: {
    readonly $ref?: string;
    readonly contentSchema?: { readonly items?: { readonly $ref?: string } };
  };
}
interface ResponseObject {
  readonly $ref?: string;
  readonly "x-assumed"?: boolean;
  readonly content?: Record<string, MediaObject>;
}
interface OperationObject {
  readonly operationId: string;
  readonly responses: Record<string, ResponseObject>;
}

/** One reply the spec lists for an operation: its HTTP status, media type and schema. */
export interface SpecReply {
  readonly status: string;
  readonly mediaType: string;
  /** The name under `components.schemas` of its body, when the body is JSON. */
  readonly schemaName: string | undefined;
  /** The name of the row schema of a CSV body (the items of its `contentSchema`). */
  readonly csvRow: string | undefined;
  /** The JSON pointer of the reply's `x-assumed` response object, when the spec assumes it whole. */
  readonly assumedAt: string | undefined;
}

/** What the proxy checks an exchange of one operation against, read from the bundled spec. */
export interface SpecOperation {
  readonly operationId: string;
  /** The operation's HTTP method: `POST` for the API, `GET` for the transactions report. */
  readonly method: "POST" | "GET";
  /** Its entry of the operation table; the transactions report has none. */
  readonly entry: OperationEntry | undefined;
  /** The JSON pointer of its operation object in the bundled spec. */
  readonly pointer: string;
  /** Each reply the spec lists, by HTTP status. */
  readonly replies: ReadonlyMap<string, readonly SpecReply[]>;
}

const paths = bundledSpec.paths as unknown as Record<string, { post?: OperationObject; get?: OperationObject }>;
const responses = (bundledSpec.components as unknown as { responses: Record<string, ResponseObject> }).responses;
const SCHEMA_PREFIX = "#/components/schemas/";

/** A JSON pointer token, escaped as RFC 6901 says. */
export function pointerToken(text: string): string {
  return text.replaceAll("~", "~0").replaceAll("/", "~1");
}

function repliesOf(operation: OperationObject, pointer: string): Map<string, SpecReply[]> {
  const byStatus = new Map<string, SpecReply[]>();
  for (const [status, listed] of Object.entries(operation.responses)) {
    const response = listed.$ref === undefined ? listed : responses[listed.$ref.split("/").pop() ?? ""];
    const assumedAt = listed["x-assumed"] === true ? `${pointer}/responses/${status}` : undefined;
    const replies = Object.entries(response?.content ?? {}).map(([mediaType, media]) => {
      const ref = media.schema?.$ref;
      return {
        status,
        mediaType,
        schemaName: ref?.startsWith(SCHEMA_PREFIX) ? ref.slice(SCHEMA_PREFIX.length) : undefined,
        csvRow: media.schema?.contentSchema?.items?.$ref?.split("/").pop(),
        assumedAt,
      };
    });
    byStatus.set(status, replies);
  }
  return byStatus;
}

const cache = new Map<string, SpecOperation>();

/** The spec's view of the operation of `entry` (an API operation, always `POST`). */
export function specOperationOf(entry: OperationEntry): SpecOperation {
  let found = cache.get(entry.path);
  if (found === undefined) {
    const operation = paths[entry.path]?.post;
    if (operation === undefined) throw new Error(`POST ${entry.path} is not in the bundled spec.`);
    const pointer = `#/paths/${pointerToken(entry.path)}/post`;
    found = { operationId: entry.operationId, method: "POST", entry, pointer, replies: repliesOf(operation, pointer) };
    cache.set(entry.path, found);
  }
  return found;
}

/** The spec's view of the transactions report (`GET`, beside the API under its own prefix). */
export function transactionReportSpec(): SpecOperation {
  const path = transactionReportOperation.path;
  let found = cache.get(path);
  if (found === undefined) {
    const operation = paths[path]?.get;
    if (operation === undefined) throw new Error(`GET ${path} is not in the bundled spec.`);
    const pointer = `#/paths/${pointerToken(path)}/get`;
    found = {
      operationId: operation.operationId,
      method: "GET",
      entry: undefined,
      pointer,
      replies: repliesOf(operation, pointer),
    };
    cache.set(path, found);
  }
  return found;
}
