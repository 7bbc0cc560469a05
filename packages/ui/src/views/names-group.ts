// The names group: RegisterAccountName and RegisterAccountNameSuccess, loaded on the first
// navigation to either.
import { define } from '../utils/define.js'
import { W3mRegisterAccountNameSuccessView } from './w3m-register-account-name-success-view/w3m-register-account-name-success-view.js'
import { W3mRegisterAccountNameView } from './w3m-register-account-name-view/w3m-register-account-name-view.js'

export function registerViews(): void {
  define('w3m-register-account-name-view', W3mRegisterAccountNameView)
  define('w3m-register-account-name-success-view', W3mRegisterAccountNameSuccessView)
}
