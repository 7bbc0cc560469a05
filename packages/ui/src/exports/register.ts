// Side-effect entry: `import '@openmodal/ui/register'` defines the public elements
// (<w3m-modal>, <w3m-button>, <w3m-connect-button>, <w3m-account-button>, <w3m-network-button>).
import { defineElements } from '../elements/define-elements.js'

defineElements()
