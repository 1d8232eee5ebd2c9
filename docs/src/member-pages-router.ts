import {
  type Application,
  DefaultTheme,
  DefaultThemeRenderContext,
  KindRouter,
  type PageEvent,
  PageKind,
  type Reflection,
  ReflectionKind,
  type RouterTarget,
} from "typedoc";

/**
 * The declarations whose members each get a page of their own, by name: the gateway's
 * operations (about 10 KB of documentation and examples each, hundreds of KB on one page), and
 * the generated types that hold the whole spec (`paths` and `operations` one entry per operation,
 * `components.schemas` one per schema, the operation table one entry per path).
 */
const ownPageMembersOf = new Set([
  "Gateway",
  "GatewayOperations",
  "paths",
  "operations",
  "components",
  "schemas",
  "operationTable",
]);

/** The declaration that holds `target` as a member, looking through a type literal (`{ ... }`). */
function holder(target: Reflection): Reflection | undefined {
  const parent = target.parent;
  if (parent?.kindOf(ReflectionKind.TypeLiteral)) return parent.parent;
  return parent;
}

/**
 * TypeDoc's default router (pages by kind), except that the members of the declarations above get
 * their own page, linked from the declaration's page, which keeps every page light. Registered
 * with `app.renderer.defineRouter`, as TypeDoc documents custom routers.
 */
export class MemberPagesRouter extends KindRouter {
  constructor(application: Application) {
    super(application);
    // The folders of the new pages, beside KindRouter's own (classes/, interfaces/...).
    this.directories.set(ReflectionKind.Method, "methods");
    this.directories.set(ReflectionKind.Property, "properties");
  }

  protected override getPageKind(target: RouterTarget): PageKind | undefined {
    if (
      "kindOf" in target &&
      target.kindOf(ReflectionKind.Method | ReflectionKind.Property) &&
      ownPageMembersOf.has(holder(target)?.name ?? "")
    )
      return PageKind.Reflection;
    return super.getPageKind(target);
  }
}

/**
 * The default theme, except that the code preview at the top of a declaration whose members have
 * pages of their own is left out: it would print every member in full again (all of the spec's
 * schemas on `components`). The index below it links each member's page. Registered with
 * `app.renderer.defineTheme`, as TypeDoc documents custom themes.
 */
export class MemberPagesTheme extends DefaultTheme {
  override getRenderContext(page: PageEvent<Reflection>): DefaultThemeRenderContext {
    const context = new DefaultThemeRenderContext(this.router, this, page, this.application.options);
    const preview = context.reflectionPreview;
    context.reflectionPreview = (props) => (ownPageMembersOf.has(props.name) ? undefined : preview(props));
    return context;
  }
}
