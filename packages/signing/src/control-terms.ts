import type { OperationEntry } from "@card-processing/types";
import { toMinorUnits } from "./minor-units.js";
import { fieldError, SigningError } from "./signing-error.js";

/** Where the value of one term comes from. */
type TermKind = "endpointId" | "login" | "amount" | "field";

interface Term {
  readonly kind: TermKind;
  readonly name: string;
  /** A required body field must be present; an optional one that is absent signs as "". */
  readonly required: boolean;
}

/** The values a control string is built from; `get` reads one body field. */
export interface TermSource {
  readonly endpointId: string | number | undefined;
  readonly login: string;
  get(field: string): string | null | undefined;
}

/** An operation's terms, resolved once so signing a request is a loop over plain records. */
export interface ControlTerms {
  readonly terms: readonly Term[];
  /** True when a term is `login`, so the signer adds `login` to a body that lacks it. */
  readonly needsLogin: boolean;
}

const compiled = new WeakMap<OperationEntry, ControlTerms>();

/** Resolves the terms of a control-signed operation (cached per entry). */
export function controlTermsOf(entry: OperationEntry): ControlTerms {
  let plan = compiled.get(entry);
  if (plan) return plan;
  const { scheme, terms } = entry.signature;
  if (scheme !== "control") throw new SigningError("ERR_OPERATION_UNKNOWN", `${entry.operationId}: signed with ${scheme}, not control`);
  plan = {
    terms: terms.map((name): Term => {
      const kind = name === "endpointId" || name === "login" ? name : name === "amount" || entry.amountFields.includes(name) ? "amount" : "field";
      return { kind, name, required: kind !== "login" && entry.requiredFields.includes(name) };
    }),
    needsLogin: terms.includes("login"),
  };
  compiled.set(entry, plan);
  return plan;
}

function present(value: string | null | undefined): value is string {
  return value !== undefined && value !== null && value !== "";
}

/**
 * Concatenates the term values in order: `endpointId` from the path, `login` from the body or
 * the credentials, amounts in minor units, absent optional fields as the empty string.
 */
export function controlString(plan: ControlTerms, source: TermSource): string {
  let out = "";
  for (const term of plan.terms) {
    if (term.kind === "endpointId") {
      const id = source.endpointId;
      if (id === undefined || id === "") throw missing("endpointId");
      out += String(id);
    } else if (term.kind === "login") {
      const login = source.get("login");
      out += present(login) ? login : source.login;
    } else {
      const value = source.get(term.name);
      if (!present(value)) {
        if (term.required) throw missing(term.name);
      } else if (term.kind === "field") {
        out += value;
      } else {
        const currency = source.get("currency");
        if (!present(currency)) throw fieldError("ERR_FIELD_MISSING", "currency", `required with ${term.name}`);
        out += toMinorUnits(value, currency, term.name);
      }
    }
  }
  return out;
}

function missing(field: string): SigningError {
  return fieldError("ERR_FIELD_MISSING", field, "required by the control signature");
}
