import {
  type Application,
  type Context,
  Converter,
  type DeclarationReflection,
  makeRecursiveVisitor,
  type SignatureReflection,
  type SomeType,
} from "typedoc";
import ts from "typescript";

/** Drops the reflections an expanded type registered, so the project holds no orphans. */
function forget(context: Context, type: SomeType | undefined): void {
  type?.visit(makeRecursiveVisitor({ reflection: (t) => context.project.removeReflection(t.declaration) }));
}

/**
 * Whether every type a node names is one a reader can open: exported from its file, or from a
 * declaration file (the standard library, a dependency). A private helper type stays resolved.
 */
function namesOnlyExported(context: Context, node: ts.Node): boolean {
  if (ts.isTypeReferenceNode(node)) {
    let symbol = context.checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = context.checker.getAliasedSymbol(symbol);
    const readable = (symbol?.getDeclarations() ?? []).every(
      (d) =>
        d.getSourceFile().isDeclarationFile ||
        ts.isTypeParameterDeclaration(d) ||
        (ts.getCombinedModifierFlags(d as ts.Declaration) & ts.ModifierFlags.Export) !== 0,
    );
    if (!readable) return false;
  }
  return ts.forEachChild(node, (child) => (namesOnlyExported(context, child) ? undefined : true)) !== true;
}

/**
 * TypeDoc shows a member's type as the compiler resolves it: `sale(body: GatewayBody<"sale">)`
 * becomes the sale's whole body object, written out three times on the page, and each path of
 * `paths` the whole operation. That made the `Gateway` and `paths` pages about 1 to 3 MB. Showing
 * the type as the source writes it (`GatewayBody<"sale">`, `operations["sale"]`) keeps each page
 * small, links to the named type's own page, and reads as the code a user writes.
 */
export function showWrittenTypes(app: Application): void {
  // The conversion runs in the member's own scope, as TypeDoc's converters do.
  const fromNode = (
    context: Context,
    reflection: DeclarationReflection | SignatureReflection,
    node: ts.TypeNode | undefined,
  ) =>
    node && reflection.parent === context.scope && namesOnlyExported(context, node)
      ? context.converter.convertType(context.withScope(reflection), node)
      : undefined;

  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    const declaration = context.getSymbolFromReflection(reflection)?.getDeclarations()?.[0];
    if (!declaration || !(ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration))) return;
    const written = fromNode(context, reflection, declaration.type);
    if (!written) return;
    forget(context, reflection.type);
    reflection.type = written;
  });

  app.converter.on(Converter.EVENT_CREATE_SIGNATURE, (context, signature, declaration) => {
    if (!declaration || !("parameters" in declaration) || ts.isJSDocSignature(declaration)) return;
    if (signature.parent !== context.scope) return;
    const returns = fromNode(context, signature, declaration.type);
    if (returns) {
      forget(context, signature.type);
      signature.type = returns;
    }
    const inSignature = context.withScope(signature);
    for (const [index, parameter] of (signature.parameters ?? []).entries()) {
      const node = declaration.parameters[index];
      if (!node?.type || !parameter.type || node.dotDotDotToken || !namesOnlyExported(context, node.type)) continue;
      forget(context, parameter.type);
      parameter.type = inSignature.converter.convertType(inSignature.withScope(parameter), node.type);
    }
  });
}
