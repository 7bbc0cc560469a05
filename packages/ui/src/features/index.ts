// Every feature of the modal: the plain table the router reads (views, their group and title).
// A feature's folder holds the rest: its views, strings for every locale and tests (see the
// package README, "Adding a feature"). An object, not `export *` read as a namespace: a
// namespace object costs a bundler runtime helper, which Rolldown put in an initial file of
// its own (+0.5 kB gzip, a fourth initial file in app (a), measured with apps/size).
import { account } from './account/feature.js'
import { connect } from './connect/feature.js'
import { email } from './email/feature.js'
import { network } from './network/feature.js'
import { onramp } from './onramp/feature.js'
import { profile } from './profile/feature.js'
import { send } from './send/feature.js'
import { siwx } from './siwx/feature.js'
import { social } from './social/feature.js'
import { swap } from './swap/feature.js'
import { walletconnect } from './walletconnect/feature.js'

export const FEATURES = {
  account,
  connect,
  email,
  network,
  onramp,
  profile,
  send,
  siwx,
  social,
  swap,
  walletconnect,
}
