// The form text sits under a registered symbol, so that `formBodyOf` of another copy of this
// package finds it too; the signal given to the constructor is read by this module alone.
const FORM_BODY = Symbol.for("@card-processing/form-body");
const INIT_SIGNAL = Symbol("init-signal");

/**
 * A `Request` that remembers the form-encoded text it was built with, so that signing can read
 * the body without draining its stream. It is a standard request in every other way: any `fetch`
 * sends it. A signature that changes the body (`control`) costs one request copy; see
 * {@link DetachedFormRequest} for the form that avoids it.
 *
 * @example
 * ```ts
 * import createClient from "openapi-fetch";
 * import { FormRequest } from "@card-processing/signing";
 * const client = createClient({ baseUrl: "https://sandbox.gateway.example/paynet", Request: FormRequest });
 * ```
 */
export class FormRequest extends Request {
  /** Whether requests of this class keep their body and signal beside them (see {@link DetachedFormRequest}). */
  static readonly detached: boolean = false;
  [FORM_BODY]: string | undefined;
  readonly [INIT_SIGNAL]: AbortSignal | undefined;

  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const text = typeof init?.body === "string" ? init.body : undefined;
    if (text !== undefined && new.target.detached) {
      // Body and signal stay out of the request: building its stream and following its signal
      // cost more than the rest of the request together.
      const { body: _body, signal: _signal, ...rest } = init as RequestInit;
      super(input, rest);
    } else {
      super(input, init);
    }
    this[FORM_BODY] = text;
    this[INIT_SIGNAL] = init?.signal ?? undefined;
  }
}

/**
 * A {@link FormRequest} that keeps its form text and signal beside the request instead of inside
 * it: it is built in about a third of the time, and the signing middleware writes `control` into
 * its text in place instead of copying the request. `text()`, `json()`, `formData()`,
 * `arrayBuffer()`, `blob()`, `body`, `signal` and `clone()` read the current text and signal, so
 * other middleware sees what will be sent. Native `fetch(request)` would send it without a body:
 * send it by parts (URL, method, headers, {@link formBodyOf}, `signal`) or pass it through
 * {@link standaloneRequest} first. The client of `@card-processing/client` does that itself.
 *
 * @example
 * ```ts
 * import { DetachedFormRequest, formBodyOf } from "@card-processing/signing";
 * const request = new DetachedFormRequest("https://example.test/api", { method: "POST", body: "a=1" });
 * await request.text(); // "a=1"
 * await fetch(request.url, { method: request.method, headers: request.headers, body: formBodyOf(request), signal: request.signal });
 * ```
 */
export class DetachedFormRequest extends FormRequest {
  static override readonly detached: boolean = true;

  // A detached request built without form text (a Blob body, say) reads as a standard one.
  override get body(): Request["body"] {
    const text = this[FORM_BODY];
    return text === undefined ? super.body : new Response(text).body;
  }

  override get signal(): AbortSignal {
    return this[INIT_SIGNAL] ?? super.signal;
  }

  override clone(): Request {
    const text = this[FORM_BODY];
    return text === undefined ? super.clone() : copyWith(this, text, DetachedFormRequest);
  }
}

// The body readers, each only where the runtime has it (`bytes` is recent).
for (const name of ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const) {
  const read = Request.prototype[name as "text"];
  if (typeof read !== "function") continue;
  Object.defineProperty(DetachedFormRequest.prototype, name, {
    writable: true,
    configurable: true,
    value(this: DetachedFormRequest) {
      const text = this[FORM_BODY];
      return text === undefined ? read.call(this) : new Response(text, { headers: this.headers })[name as "text"]();
    },
  });
}

/** The form text of a {@link DetachedFormRequest} that has one, or `undefined`. */
const detachedText = (request: Request) => (request instanceof DetachedFormRequest ? request[FORM_BODY] : undefined);

/**
 * The form text a {@link FormRequest} was built with (or that signing wrote into a
 * {@link DetachedFormRequest}), or `undefined` for any other request.
 *
 * @example
 * ```ts
 * import { FormRequest, formBodyOf } from "@card-processing/signing";
 * formBodyOf(new FormRequest("https://example.test/", { method: "POST", body: "a=1" })); // "a=1"
 * ```
 */
export function formBodyOf(request: Request): string | undefined {
  const text = (request as Partial<Record<typeof FORM_BODY, unknown>>)[FORM_BODY];
  return typeof text === "string" ? text : undefined;
}

/**
 * A request that any `fetch` can send as it is: a {@link DetachedFormRequest} becomes a standard
 * {@link FormRequest} with its body and signal inside; any other request is returned unchanged.
 *
 * @example
 * ```ts
 * import { DetachedFormRequest, standaloneRequest } from "@card-processing/signing";
 * const request = new DetachedFormRequest("https://example.test/api", { method: "POST", body: "a=1" });
 * await myFetch(standaloneRequest(request));
 * ```
 */
export function standaloneRequest(request: Request): Request {
  const text = detachedText(request);
  return text === undefined ? request : withFormBody(request, text);
}

/**
 * Writes new form text into a {@link DetachedFormRequest} and returns true; returns false for any
 * other request, which must be copied instead ({@link withFormBody}).
 */
export function replaceFormBody(request: Request, text: string): boolean {
  if (detachedText(request) === undefined) return false;
  (request as DetachedFormRequest)[FORM_BODY] = text;
  return true;
}

function copyWith(request: Request, body: string, Kind: typeof FormRequest): FormRequest {
  const signal = request instanceof FormRequest ? request[INIT_SIGNAL] : request.signal;
  return new Kind(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: signal ?? null,
    redirect: request.redirect,
    credentials: request.credentials,
    keepalive: request.keepalive,
  });
}

/**
 * A standard copy of `request` with another body, built from its parts: much cheaper than
 * `new Request(request, { body })`, which clones the original's body stream and signal. A
 * FormRequest hands on the signal it was given (none if none), so copies do not pile listeners
 * onto a signal of its own.
 */
export function withFormBody(request: Request, body: string): FormRequest {
  return copyWith(request, body, FormRequest);
}
