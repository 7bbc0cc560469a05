// What @vitejs/plugin-vue does with a template at build time: compileTemplate with the
// project's compilerOptions.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { compileTemplate } from 'vue/compiler-sfc'
import { isCustomElement } from './exports/compiler.js'

const TEMPLATE = '<w3m-button label="Pay" /><w3m-network-button /><my-widget /><wui-text />'

function compile(compilerOptions = {}): string {
  const { code, errors } = compileTemplate({
    source: TEMPLATE,
    filename: 'App.vue',
    id: 'app',
    compilerOptions,
  })
  assert.deepEqual(errors, [])
  return code
}

test('compiles w3m-* tags as custom elements, not as components to resolve', () => {
  const code = compile({ isCustomElement })
  assert.doesNotMatch(code, /resolveComponent\("w3m-/)
  assert.match(code, /"w3m-button", \{ label: "Pay" \}/)
  assert.match(code, /"w3m-network-button"/)
  // Other tags stay components: the app's own, and the kit's internal primitives.
  assert.match(code, /resolveComponent\("my-widget"\)/)
  assert.match(code, /resolveComponent\("wui-text"\)/)
})

test('without it, Vue looks for a component named w3m-button', () => {
  assert.match(compile(), /resolveComponent\("w3m-button"\)/)
})

test('answers only for OpenModal tags', () => {
  assert.equal(isCustomElement('w3m-modal'), true)
  assert.equal(isCustomElement('w3m-account-button'), true)
  for (const tag of ['div', 'my-w3m-button', 'W3mButton', 'w3m', 'wui-text']) {
    assert.equal(isCustomElement(tag), false, tag)
  }
})
