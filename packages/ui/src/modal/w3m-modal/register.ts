// Defines `<w3m-modal>`: the one place that does. Apart from the class's module because
// `@openmodal/ui` exports the class (for types and subclasses) and importing it must not define
// the shell: it loads later than the page, with the first view group (every group's chunk
// imports this module, see features/groups.ts).
import { define } from '../../utils/define.js'
import { warmStyles } from '../../utils/warm.js'
import { W3mModal } from './w3m-modal.js'

define('w3m-modal', W3mModal)
// The shell loads before it shows (when the page is idle, or on open): its stylesheets are
// built now, not in the opening frame.
warmStyles(['w3m-modal', 'w3m-router', 'wui-toast'])
