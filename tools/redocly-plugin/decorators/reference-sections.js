import { schemaMarkdown } from "./schema-markdown.js";

// Redoc lists operations by tag and does not list schemas. This decorator gives chosen schemas
// (statuses, callback, customer return) a section of their own: a trait tag whose description is
// the schema rendered as Markdown, and tag groups that keep them apart from the operations. The
// schema (its description, values, fields and signature) stays the single source of the text.

function sectionTag(section, components) {
  const intro = typeof section.description === "string" ? `${section.description.trim()}\n\n` : "";
  return {
    name: section.tag,
    "x-traitTag": true,
    description: `${intro}${schemaMarkdown(components, section.schema)}\n`,
  };
}

/**
 * Adds a documentation section per configured schema (`sections: [{ tag, schema, description? }]`)
 * and groups tags into `operationsGroup` and `sectionsGroup` with `x-tagGroups`.
 *
 * @example
 * // docs/redocly.yaml
 * // decorators:
 * //   card-processing/reference-sections:
 * //     sections:
 * //       - { tag: Server callback, schema: CallbackParams }
 *
 * @param {{ sections?: Array<{ tag: string; schema: string; description?: string }>; operationsGroup?: string; sectionsGroup?: string }} [options]
 */
export function referenceSections({
  sections = [],
  operationsGroup = "Operations",
  sectionsGroup = "Statuses, callback and return",
} = {}) {
  return {
    Root: {
      leave(root) {
        const schemas = root.components?.schemas ?? {};
        const present = sections.filter((section) => section && schemas[section.schema]);
        const missing = sections.filter((section) => section && !schemas[section.schema]);
        if (missing.length > 0) {
          throw new Error(
            `reference-sections: no schema named ${missing.map((s) => s.schema).join(", ")} in components.schemas.`,
          );
        }
        const operationTags = (root.tags ?? []).map((tag) => tag.name);
        root.tags = [...(root.tags ?? []), ...present.map((section) => sectionTag(section, root.components))];
        root["x-tagGroups"] = [
          { name: operationsGroup, tags: operationTags },
          { name: sectionsGroup, tags: present.map((section) => section.tag) },
        ];
      },
    },
  };
}
