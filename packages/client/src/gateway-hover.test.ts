import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

// What an editor shows on hover over `gateway.<operation>`, read from TypeScript's language
// service over a probe file, checked against the bundled spec (not against the generator).

const srcDir = dirname(fileURLToPath(import.meta.url));
const probeFile = join(srcDir, "hover-probe.ts");
const spec = JSON.parse(readFileSync(resolve(srcDir, "../../types/openapi.json"), "utf8")) as {
  paths: Record<string, { post: SpecOperation }>;
};

interface SpecOperation {
  operationId: string;
  summary: string;
  "x-signature": { scheme: string; terms: string[] };
  "x-moves-money"?: boolean;
  requestBody: { content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }> };
}

// The API's operations are its POSTs; the transactions report (a GET beside the API) is a hand-written method.
const operations = Object.values(spec.paths).flatMap((item) => (item.post ? [item.post] : []));

interface Hover {
  display: string;
  documentation: string;
  tags: Map<string, string>;
}

/** A language service over the client's sources plus one file that is not on disk. */
function languageService(files: Map<string, string>): ts.LanguageService {
  const configFile = join(srcDir, "../tsconfig.json");
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configFile, ts.sys.readFile).config,
    ts.sys,
    dirname(configFile),
  );
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => config.options,
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: () => "1",
    getScriptSnapshot: (file) => {
      const text = files.get(file) ?? ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => srcDir,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => files.has(file) || ts.sys.fileExists(file),
    readFile: (file) => files.get(file) ?? ts.sys.readFile(file),
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath!,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

const probeHead = [
  'import { createGateway } from "./index.js";',
  'const gateway = createGateway({ baseUrl: "https://sandbox.gateway.example/paynet", endpointId: 1111, login: "m", controlKey: "k" });',
  "",
];

describe("hovering a named operation of the gateway", () => {
  const hovers = new Map<string, Hover>();

  beforeAll(() => {
    const probe = [...probeHead, ...operations.map((op) => `void gateway.${op.operationId};`)].join("\n");
    const service = languageService(new Map([[probeFile, probe]]));
    for (const op of operations) {
      const position = probe.indexOf(`gateway.${op.operationId};`) + "gateway.".length;
      const info = service.getQuickInfoAtPosition(probeFile, position);
      if (!info) throw new Error(`no quick info for gateway.${op.operationId}`);
      hovers.set(op.operationId, {
        display: ts.displayPartsToString(info.displayParts),
        documentation: ts.displayPartsToString(info.documentation),
        tags: new Map((info.tags ?? []).map((tag) => [tag.name, ts.displayPartsToString(tag.text)])),
      });
    }
  }, 60_000); // a TypeScript language service over the built packages: seconds on a loaded machine

  it("covers every operation of the spec", () => {
    expect(operations.length).toBeGreaterThan(0);
    expect([...hovers.keys()].sort()).toEqual(operations.map((op) => op.operationId).sort());
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    "shows %s as a method with its summary first",
    (id, op) => {
      const hover = hovers.get(id)!;
      expect(hover.display).toContain(
        `(method) GatewayOperations.${id}(body: GatewayBody<"${id}">, options?: CallOptions)`,
      );
      expect(hover.documentation.startsWith(op.summary)).toBe(true);
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))(
    "spells out how %s is signed and whether it moves money",
    (id, op) => {
      const { documentation } = hovers.get(id)!;
      const { scheme, terms } = op["x-signature"];
      const words: Record<string, string> = {
        control: `SHA-1 of ${[...terms.map((t) => (t === "amount" ? "`amount` (minor units)" : `\`${t}\``)), "merchant control key"].join(" + ")}`,
        "oauth-hmac-sha1":
          "OAuth 1.0a HMAC-SHA1 in the `Authorization` header, keyed with the merchant control key followed by `&`",
        "oauth-rsa-sha256": "OAuth 1.0a RSA-SHA256 in the `Authorization` header, with the merchant's RSA private key",
        none: "Not signed.",
      };
      expect(documentation).toContain(words[scheme]);
      expect(documentation).toContain(
        op["x-moves-money"] ? "**Moves money**, so it is never retried" : "Moves no money.",
      );
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))(
    "shows the spec's example of %s without the signer's fields",
    (id, op) => {
      // A comment cannot hold `*/`, so a string value holding it reads `*\/`: the same string in JS.
      const example = (hovers.get(id)!.tags.get("example") ?? "").replaceAll("*\\/", "*/");
      expect(example).toContain(`await gateway.${id}({`);
      const value = Object.values(Object.values(op.requestBody.content)[0]!.examples)[0]!.value;
      const signerFields = op["x-signature"].terms.includes("login") ? ["control", "login"] : ["control"];
      for (const [field, fieldValue] of Object.entries(value)) {
        const line = `${/^[A-Za-z_$][\w$]*$/.test(field) ? field : JSON.stringify(field)}: ${JSON.stringify(fieldValue)},`;
        if (signerFields.includes(field)) expect(example, field).not.toContain(line);
        else expect(example, field).toContain(line);
      }
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))("links %s to its page in the API reference", (id) => {
    expect(hovers.get(id)!.tags.get("see")).toMatch(
      new RegExp(`^\\{@link https://\\S+/api/index\\.html#/[a-z0-9-]+/${id.toLowerCase()}\\b`),
    );
  });

  it("shows examples that compile against the gateway's types", () => {
    const calls = operations.map((op) => {
      const code = (hovers.get(op.operationId)!.tags.get("example") ?? "").replace(/^```ts\n|```\s*$/g, "");
      return `async function ${op.operationId}Example() {\n${code}\n  return { data, error };\n}\nvoid ${op.operationId}Example;`;
    });
    const examples = [...probeHead, ...calls].join("\n");
    const diagnostics = languageService(new Map([[probeFile, examples]])).getSemanticDiagnostics(probeFile);
    expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  }, 60_000); // type-checks every example of the gateway's operations: 7-12 s on a loaded machine
});
