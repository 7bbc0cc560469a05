import { isCustomElement } from '@openmodal/vue/compiler'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vite'

export default defineConfig({
  // <w3m-button> and the other w3m-* tags are custom elements, not Vue components.
  plugins: [vue({ template: { compilerOptions: { isCustomElement } } })],
})
