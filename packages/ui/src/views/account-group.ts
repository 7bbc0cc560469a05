// The account feature group: loaded on the first navigation to Account, RegisterAccountName
// or RegisterAccountNameSuccess (one chunk: the name views share the account's core modules).
import { registerModal } from '../modal/w3m-modal/register.js'
import { define } from '../utils/define.js'
import { W3mAccountView } from './w3m-account-view/w3m-account-view.js'
import { W3mRegisterAccountNameSuccessView } from './w3m-register-account-name-success-view/w3m-register-account-name-success-view.js'
import { W3mRegisterAccountNameView } from './w3m-register-account-name-view/w3m-register-account-name-view.js'

export function registerViews(): void {
  registerModal()
  define('w3m-account-view', W3mAccountView)
  define('w3m-register-account-name-view', W3mRegisterAccountNameView)
  define('w3m-register-account-name-success-view', W3mRegisterAccountNameSuccessView)
}
