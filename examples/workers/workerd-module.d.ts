// The `workerd` npm package ships no types: its default export is the path of the workerd binary.
declare module "workerd" {
  const binary: string;
  export default binary;
  /** The newest compatibility date the binary supports. */
  export const compatibilityDate: string;
}
