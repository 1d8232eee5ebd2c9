import { callbackSignature, exampleMerchant } from "../../packages/types/src/index.ts";
import type { CodeSample } from "./code-samples.ts";

const terms = callbackSignature.terms;
const rule = `SHA-1 of ${[...terms, "the control key"].join(" + ")}`;

function pythonReceiver(): string {
  return `# A callback endpoint (your server_callback_url) that checks each callback's control:
# the ${rule}.
# Python 3, standard library only. Listens on 127.0.0.1, port PORT (default 8000).
import hashlib
import hmac
import os
import urllib.parse
from http.server import BaseHTTPRequestHandler, HTTPServer

CONTROL_KEY = "${exampleMerchant.controlKey}"


class Callback(BaseHTTPRequestHandler):
    def answer(self, query):
        params = {name: values[0] for name, values in urllib.parse.parse_qs(query, keep_blank_values=True).items()}
        signed = ${terms.map((term) => `params.get("${term}", "")`).join(" + ")}
        expected = hashlib.sha1((signed + CONTROL_KEY).encode()).hexdigest()
        if not hmac.compare_digest(expected, params.get("control", "").lower()):
            self.send_response(403)
            self.end_headers()
            self.wfile.write(b"control does not match")
            return
        # Here the shop records the order's new status (once per order and status: callbacks repeat).
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"OK")

    def do_GET(self):
        self.answer(urllib.parse.urlsplit(self.path).query)

    def do_POST(self):
        self.answer(self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode())


HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8000"))), Callback).serve_forever()
`;
}

function phpReceiver(): string {
  return `<?php
// A callback endpoint (your server_callback_url) that checks each callback's control:
// the ${rule}.
// Run it with PHP's own server: php -S 127.0.0.1:8000 callback.php
$controlKey = '${exampleMerchant.controlKey}';

// The callback arrives as a GET, or as a POST form.
$params = $_SERVER['REQUEST_METHOD'] === 'POST' ? $_POST : $_GET;
$text = fn ($name) => is_string($params[$name] ?? null) ? $params[$name] : '';
$expected = sha1(${terms.map((term) => `$text('${term}')`).join(" . ")} . $controlKey);
if (!hash_equals($expected, strtolower($text('control')))) {
    http_response_code(403);
    echo 'control does not match';
    return;
}
// Here the shop records the order's new status (once per order and status: callbacks repeat).
echo 'OK';
`;
}

/** The callback endpoints of "Using the API without TypeScript", from the spec's callback signature rule. */
export function callbackReceivers(): CodeSample[] {
  return [
    { lang: "Python", label: "Python", source: pythonReceiver(), file: "callback.py", command: "python3" },
    { lang: "PHP", label: "PHP", source: phpReceiver(), file: "callback.php", command: "php" },
  ];
}
