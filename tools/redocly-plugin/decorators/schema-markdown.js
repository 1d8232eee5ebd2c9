// Renders a schema of the bundled spec as Markdown (its description, its values or its fields),
// for documentation sections that Redoc shows as plain Markdown.

function resolve(schema, components) {
  let node = schema;
  for (let hops = 0; node && typeof node.$ref === "string" && hops < 10; hops += 1) {
    const name = node.$ref.split("/").pop();
    node = components?.schemas?.[name];
  }
  return node ?? {};
}

function cell(text) {
  return String(text ?? "")
    .replace(/\s*\n\s*/g, " ")
    .trim();
}

function firstSentence(text) {
  if (typeof text !== "string") return "";
  const flat = text.replace(/\s*\n\s*/g, " ").trim();
  const end = flat.search(/\.(\s|$)/);
  return end === -1 ? flat : flat.slice(0, end + 1);
}

function typeOf(schema, ref) {
  const base = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
  const name = ref ? ref.split("/").pop() : undefined;
  if (Array.isArray(schema.enum)) return `${base}, one of ${schema.enum.map((v) => `\`${v}\``).join(", ")}`;
  return name && name !== base ? `${base} (${name})` : base;
}

function valuesTable(schema) {
  const final = new Set(Array.isArray(schema["x-final-statuses"]) ? schema["x-final-statuses"] : []);
  const rows = schema.enum.map(
    (value) => `| \`${value}\` | ${final.size > 0 ? (final.has(value) ? "yes" : "no") : ""} |`,
  );
  const head = final.size > 0 ? "| value | final |\n| --- | --- |" : "| value | |\n| --- | --- |";
  return `${head}\n${rows.join("\n")}`;
}

// A list, not a table: the description column of Redoc is too narrow for four columns.
function fieldsList(schema, components) {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .map(([name, property]) => {
      const target = resolve(property, components);
      // A shared schema's description can run long; its first sentence is enough here.
      const description = property.description ?? firstSentence(target.description);
      const flags = [typeOf(target, property.$ref), required.has(name) ? "required" : "optional"].join(", ");
      return `- \`${name}\` (${cell(flags)})${description ? `: ${cell(description)}` : ""}`;
    })
    .join("\n");
}

/**
 * Describes `components.schemas[name]` in Markdown: its description, then a table of its enum
 * values (marking `x-final-statuses`) or a list of its fields.
 *
 * @example
 * schemaMarkdown(root.components, "TransactionStatus");
 * // "Status of a transaction ...\n\n| value | final |\n| --- | --- |\n| `processing` | no |\n..."
 */
export function schemaMarkdown(components, name) {
  const schema = components?.schemas?.[name];
  if (!schema) return undefined;
  const parts = [];
  if (typeof schema.description === "string") parts.push(schema.description.trim());
  if (Array.isArray(schema.enum)) parts.push(valuesTable(schema));
  else if (schema.properties) parts.push(fieldsList(schema, components));
  parts.push(`Schema: \`${name}\`.`);
  return parts.join("\n\n");
}
