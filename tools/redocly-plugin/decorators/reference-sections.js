import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { schemaMarkdown } from "./schema-markdown.js";

// Redoc lists operations by tag and does not list schemas. This decorator gives chosen schemas
// (statuses, error codes) and chosen Markdown files (tables the docs build writes from the one home
// of their values: the sandbox's test values, signing's currency exponents) a section of their own:
// a trait tag whose description is the text, and tag groups that keep them, and the tags of the
// spec's webhooks, apart from the operations the merchant sends.

function sectionText(section, components) {
  if (typeof section.markdownFile === "string") {
    try {
      return readFileSync(resolve(section.markdownFile), "utf8").trim();
    } catch (cause) {
      throw new Error(`reference-sections: cannot read ${section.markdownFile} for "${section.tag}".`, { cause });
    }
  }
  if (typeof section.property === "string") {
    const description = components?.schemas?.[section.schema]?.properties?.[section.property]?.description;
    if (typeof description !== "string") {
      throw new Error(`reference-sections: ${section.schema}.${section.property} has no description.`);
    }
    return `${description.trim()}\n\nSchema: \`${section.schema}\`, field \`${section.property}\`.`;
  }
  return schemaMarkdown(components, section.schema);
}

function sectionTag(section, components) {
  const intro = typeof section.description === "string" ? `${section.description.trim()}\n\n` : "";
  return {
    name: section.tag,
    "x-traitTag": true,
    description: `${intro}${sectionText(section, components)}\n`,
  };
}

// Tags that only webhooks carry: what comes to the merchant, shown beside the sections.
function webhookOnlyTags(root) {
  const tagsOf = (pathItems) =>
    new Set(
      Object.values(pathItems ?? {}).flatMap((item) =>
        Object.values(item ?? {}).flatMap((operation) => (Array.isArray(operation?.tags) ? operation.tags : [])),
      ),
    );
  const onPaths = tagsOf(root.paths);
  return [...tagsOf(root.webhooks)].filter((tag) => !onPaths.has(tag));
}

/**
 * Adds a documentation section per configured entry (`sections: [{ tag, schema, property?,
 * description? }]`, or `{ tag, markdownFile }` for a Markdown file relative to the working
 * directory) and groups tags into `operationsGroup` and `sectionsGroup` with `x-tagGroups`; the
 * tags of the webhooks join the sections group.
 *
 * @example
 * // docs/redocly.yaml
 * // decorators:
 * //   card-processing/reference-sections:
 * //     sections:
 * //       - { tag: Transaction statuses, schema: TransactionStatus }
 * //       - { tag: Error codes, schema: ValidationErrorResponse, property: error-code }
 *
 * @param {{ sections?: Array<{ tag: string; schema?: string; property?: string; markdownFile?: string; description?: string }>; operationsGroup?: string; sectionsGroup?: string }} [options]
 */
export function referenceSections({
  sections = [],
  operationsGroup = "Operations",
  sectionsGroup = "Callbacks, statuses and values",
} = {}) {
  return {
    Root: {
      leave(root) {
        const schemas = root.components?.schemas ?? {};
        const listed = sections.filter(Boolean);
        const missing = listed.filter(
          (section) => typeof section.markdownFile !== "string" && !schemas[section.schema],
        );
        if (missing.length > 0) {
          throw new Error(
            `reference-sections: no schema named ${missing.map((s) => s.schema).join(", ")} in components.schemas.`,
          );
        }
        const webhookTags = webhookOnlyTags(root);
        const operationTags = (root.tags ?? []).map((tag) => tag.name).filter((name) => !webhookTags.includes(name));
        root.tags = [...(root.tags ?? []), ...listed.map((section) => sectionTag(section, root.components))];
        root["x-tagGroups"] = [
          { name: operationsGroup, tags: operationTags },
          { name: sectionsGroup, tags: [...webhookTags, ...listed.map((section) => section.tag)] },
        ];
      },
    },
  };
}
