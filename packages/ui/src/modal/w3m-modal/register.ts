// `<w3m-modal>` is defined by `registerModal()`, which every view group calls when it loads: the
// shell (the dialog, its router, toast and styles) loads with the first view group, never with
// the page. (A separate `import()` of the shell would be cheaper to read but Vite 8's bundler
// then splits the page's entry into several initial files, which costs more than it saves.)
import { define } from '../../utils/define.js'
import { warmStyles } from '../../utils/warm.js'
import { W3mModal } from './w3m-modal.js'

/** Defines `<w3m-modal>` unless something already did. */
export function registerModal(): void {
  define('w3m-modal', W3mModal)
  warmStyles(['w3m-modal', 'w3m-router', 'wui-toast'])
}
