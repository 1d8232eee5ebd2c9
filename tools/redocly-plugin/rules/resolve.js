// Follows a `$ref` (if any) through the linter's resolver and returns the target node.
export function resolveNode(node, ctx) {
  if (node && typeof node === "object" && typeof node.$ref === "string") {
    return ctx.resolve(node).node;
  }
  return node;
}
