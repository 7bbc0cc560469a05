// The account feature group: loaded on the first navigation to Account.
import { define } from '../utils/define.js'
import { W3mAccountView } from './w3m-account-view/w3m-account-view.js'

export function registerViews(): void {
  define('w3m-account-view', W3mAccountView)
}
