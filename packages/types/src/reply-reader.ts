import { classicItems, parseClassicPairs } from "./classic-form.js";
import type { OperationEntry } from "./operation-entry.js";

/**
 * One object of a gateway reply, as read from either form, before it is matched to a schema.
 *
 * @example
 * ```ts
 * import type { ReplyObject } from "@card-processing/types";
 * const reply: ReplyObject = { type: "async-response", "paynet-order-id": "1234567" };
 * ```
 */
export type ReplyObject = Record<string, unknown>;

/**
 * A reply as read: the body (one object, or a list of objects where the operation's table entry
 * says `replyShape: "list"`; a refusal is one object whatever the shape) and the form it came in.
 *
 * @example
 * ```ts
 * import type { ReadReply } from "@card-processing/types";
 * const read: ReadReply = { form: "json", body: [{ "balance-amount": 29.99 }] };
 * ```
 */
export interface ReadReply {
  readonly form: "json" | "classic";
  readonly body: ReplyObject | ReplyObject[];
}

/** What the reader takes from an operation's table entry. */
export type ReplyRules = Pick<OperationEntry, "replyShape" | "replyNumberFields">;

const OBJECT_RULES: ReplyRules = { replyShape: "object", replyNumberFields: [] };
const NUMERIC_ORDER_ID = /("paynet-order-id"\s*:\s*)(-?\d+)(?=\s*[,}])/g;

/**
 * Reads a gateway reply body, in the vendor JSON form or the classic text form, as `entry` (an
 * operation's table entry; one object when absent) says its 200 reply is shaped. `paynet-order-id`
 * comes out as a string with every digit; `error-code` and the entry's `replyNumberFields` as
 * numbers in the classic form, as in JSON. JSON with one trailing comma before a `]` or `}` (as a
 * published page shows get-balance's reply) is read; anything looser, an HTML page, an empty body
 * or a list where an object is due, is unreadable: `undefined`.
 *
 * @example
 * ```ts
 * import { operationTable, readReply } from "@card-processing/types";
 * readReply(operationTable["/api/v2/status/{endpointId}"], '{"type":"status-response","paynet-order-id":1234567}', "application/vnd.pay+json");
 * // { form: "json", body: { type: "status-response", "paynet-order-id": "1234567" } }
 * ```
 */
export function readReply(
  entry: ReplyRules | undefined,
  text: string,
  contentType: string | null,
): ReadReply | undefined {
  const rules = entry ?? OBJECT_RULES;
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  if (/^[[{]/.test(trimmed) || (contentType ?? "").toLowerCase().includes("json")) {
    const parsed = parseJson(trimmed.replace(NUMERIC_ORDER_ID, '$1"$2"'));
    if (parsed !== undefined) {
      const body = shaped(rules, parsed);
      return body === undefined ? undefined : { form: "json", body };
    }
    // Some gateways label the classic form as JSON; try it.
  }
  const pairs = parseClassicPairs(trimmed);
  if (pairs === undefined) return undefined;
  const items = classicItems(pairs).map((item) => withNumbers(item, rules.replyNumberFields));
  const [first] = items;
  if (first === undefined) return undefined;
  // One object: later keys win, as a form decoder reads a repeated key. A refusal is one object.
  if (rules.replyShape === "object" || (items.length === 1 && isRefusal(first)))
    return { form: "classic", body: normalized(Object.assign({}, ...items)) };
  return { form: "classic", body: items.map(normalized) };
}

/**
 * True for a refusal: one object whose `type` is `validation-error` or `error` (a refusal may come
 * with HTTP 200, and to a list operation too).
 *
 * @example
 * ```ts
 * import { isRefusal } from "@card-processing/types";
 * isRefusal({ type: "validation-error", "error-message": "amount: is required" }); // true
 * ```
 */
export function isRefusal(reply: unknown): reply is ReplyObject & { type: "validation-error" | "error" } {
  if (reply === null || typeof reply !== "object" || Array.isArray(reply)) return false;
  const type = (reply as ReplyObject)["type"];
  return type === "validation-error" || type === "error";
}

/**
 * Whether a readable 2xx body is an answer of `entry`'s operation, as the spec describes its 200
 * reply (for a list, each item): its `type` where the spec fixes one, else at least one key the
 * reply always carries. Refusals count (they are read as refusals elsewhere); a proxy's
 * `{"ok":true}` does not.
 *
 * @example
 * ```ts
 * import { isReplyOf, operationTable } from "@card-processing/types";
 * isReplyOf(operationTable["/api/v2/status/{endpointId}"], { ok: true }); // false
 * ```
 */
export function isReplyOf(entry: OperationEntry, reply: ReplyObject | readonly ReplyObject[]): boolean {
  if (isRefusal(reply)) return true;
  const items = itemsOf(entry, reply);
  return items?.every((item) => isItemOf(entry, item)) === true;
}

/**
 * The keys the spec says every 200 reply of `entry`'s operation carries (for a list, every item)
 * that `reply` lacks or holds as `null`, each named once. A refusal lacks nothing here.
 *
 * @example
 * ```ts
 * import { missingReplyKeys, operationTable } from "@card-processing/types";
 * missingReplyKeys(operationTable["/api/v2/status/{endpointId}"], { type: "status-response" });
 * ```
 */
export function missingReplyKeys(entry: OperationEntry, reply: ReplyObject | readonly ReplyObject[]): string[] {
  if (isRefusal(reply)) return [];
  const missing = new Set<string>();
  for (const item of itemsOf(entry, reply) ?? []) {
    for (const key of entry.replyRequiredFields) if (item[key] === undefined || item[key] === null) missing.add(key);
  }
  return [...missing];
}

function itemsOf(entry: ReplyRules, reply: ReplyObject | readonly ReplyObject[]): readonly ReplyObject[] | undefined {
  const list = Array.isArray(reply);
  if (list !== (entry.replyShape === "list")) return undefined;
  return list ? reply : [reply as ReplyObject];
}

function isItemOf(entry: OperationEntry, item: ReplyObject): boolean {
  const type = item["type"];
  if (entry.replyTypes.length > 0) return typeof type === "string" && entry.replyTypes.includes(type);
  return entry.replyRequiredFields.some((key) => key in item);
}

/** The parsed JSON in the shape due: objects only, a list only where the entry says so. */
function shaped(rules: ReplyRules, parsed: unknown): ReplyObject | ReplyObject[] | undefined {
  if (isObject(parsed)) return normalized(parsed);
  if (rules.replyShape === "list" && Array.isArray(parsed) && parsed.every(isObject)) return parsed.map(normalized);
  return undefined;
}

function isObject(value: unknown): value is ReplyObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** JSON, or JSON whose only fault is trailing commas before `]` or `}`; else `undefined`. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const repaired = withoutTrailingCommas(text);
    if (repaired === text) return undefined;
    try {
      return JSON.parse(repaired);
    } catch {
      return undefined;
    }
  }
}

/**
 * Drops each comma that follows a value and comes right (whitespace aside) before `]` or `}`,
 * outside strings. `[,]` and `{,}` keep theirs (no value before), and so stay invalid.
 */
function withoutTrailingCommas(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (inString) {
      if (char === "\\") {
        out += char + (text[i + 1] ?? "");
        i++;
        continue;
      }
      if (char === '"') inString = false;
      out += char;
      continue;
    }
    if (char === '"') inString = true;
    if (char === ",") {
      const next = text.slice(i + 1).trimStart()[0];
      const before = out.trimEnd().at(-1);
      if ((next === "]" || next === "}") && before !== undefined && !"[{,".includes(before)) continue;
    }
    out += char;
  }
  return out;
}

/** `paynet-order-id` as a string, whatever form it arrived in. */
function normalized(reply: ReplyObject): ReplyObject {
  const id = reply["paynet-order-id"];
  return typeof id === "number" || typeof id === "bigint" ? { ...reply, "paynet-order-id": String(id) } : reply;
}

/** A classic item with `error-code` and the entry's number fields as numbers, where they are numbers. */
function withNumbers(item: Record<string, string>, numberFields: readonly string[]): ReplyObject {
  const out: ReplyObject = { ...item };
  for (const key of ["error-code", ...numberFields]) {
    if (key === "paynet-order-id") continue;
    const value = item[key];
    if (value !== undefined && /^-?\d+(\.\d+)?$/.test(value)) out[key] = Number(value);
  }
  return out;
}
