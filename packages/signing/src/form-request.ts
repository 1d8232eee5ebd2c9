const FORM_BODY = Symbol.for("@card-processing/form-body");
const INIT_SIGNAL = Symbol.for("@card-processing/init-signal");

/**
 * A `Request` that remembers the form-encoded text it was built with, so that signing can read
 * the body without draining its stream and send it on without copying the request. The client
 * of `@card-processing/client` builds its requests with it; any other `Request` still works, at
 * the cost of one body read and one request copy per signature.
 *
 * @example
 * ```ts
 * import createClient from "openapi-fetch";
 * import { FormRequest } from "@card-processing/signing";
 * const client = createClient({ baseUrl: "https://sandbox.gateway.example/paynet", Request: FormRequest });
 * ```
 */
export class FormRequest extends Request {
  readonly [FORM_BODY]: string | undefined;
  readonly [INIT_SIGNAL]: AbortSignal | undefined;

  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    this[FORM_BODY] = typeof init?.body === "string" ? init.body : undefined;
    this[INIT_SIGNAL] = init?.signal ?? undefined;
  }
}

/**
 * The form text a {@link FormRequest} was built with, or `undefined` for any other request.
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
 * A copy of `request` with another body, built from its parts: much cheaper than
 * `new Request(request, { body })`, which clones the original's body stream and signal. A
 * FormRequest hands on the signal it was given (none if none), so copies do not pile listeners
 * onto a signal of its own.
 */
export function withFormBody(request: Request, body: string): FormRequest {
  const signal = request instanceof FormRequest ? request[INIT_SIGNAL] : request.signal;
  return new FormRequest(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: signal ?? null,
    redirect: request.redirect,
    credentials: request.credentials,
    keepalive: request.keepalive,
  });
}
