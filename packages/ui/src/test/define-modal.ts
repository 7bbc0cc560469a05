// Test side-effect module: defines <w3m-modal>, which the kit otherwise defines when the first
// view group loads.
import { registerModal } from '../modal/w3m-modal/register.js'

registerModal()
