// @openmodal/vue/compiler: what a build configuration imports. It loads nothing else, so a
// vite.config.ts can use it without loading the kit in Node.
export { isCustomElement } from '../is-custom-element.js'
