/**
 * Tells Vue's template compiler that a tag is one of OpenModal's custom elements (`w3m-*`), so
 * it renders the element instead of looking for a Vue component of that name (and warning
 * "Failed to resolve component"). Pass it as `compilerOptions.isCustomElement`; it answers
 * `false` for every other tag.
 *
 * @example
 * // vite.config.ts, where `vue` is @vitejs/plugin-vue's default export
 * import { isCustomElement } from '@openmodal/vue/compiler'
 * export default { plugins: [vue({ template: { compilerOptions: { isCustomElement } } })] }
 */
export function isCustomElement(tag: string): boolean {
  return tag.startsWith('w3m-')
}
