// React wrappers of the public custom elements, made with @lit/react: element properties are set
// as properties (not attributes). None of these elements dispatches an event today (state flows
// through core's stores, read with the hooks), so there is no `events` map yet; when one gains an
// event, map it here as `events: { onW3mSomething: 'w3m-something' }`.
import { createComponent } from '@lit/react'
import {
  W3mAccountButton as W3mAccountButtonElement,
  W3mButton as W3mButtonElement,
  W3mConnectButton as W3mConnectButtonElement,
  W3mModal as W3mModalElement,
  W3mNetworkButton as W3mNetworkButtonElement,
} from '@openmodal/ui'
import * as React from 'react'

/**
 * `<w3m-button>`: the connect button when disconnected, the account button when connected.
 *
 * @example
 * <W3mButton />
 */
export const W3mButton = createComponent({
  react: React,
  tagName: 'w3m-button',
  elementClass: W3mButtonElement,
  displayName: 'W3mButton',
})

/**
 * `<w3m-connect-button>`: opens the modal on the Connect view.
 *
 * @example
 * <W3mConnectButton />
 */
export const W3mConnectButton = createComponent({
  react: React,
  tagName: 'w3m-connect-button',
  elementClass: W3mConnectButtonElement,
  displayName: 'W3mConnectButton',
})

/**
 * `<w3m-account-button>`: the connected account (balance, address), opens the Account view.
 *
 * @example
 * <W3mAccountButton />
 */
export const W3mAccountButton = createComponent({
  react: React,
  tagName: 'w3m-account-button',
  elementClass: W3mAccountButtonElement,
  displayName: 'W3mAccountButton',
})

/**
 * `<w3m-network-button>`: the active network, opens the Networks view.
 *
 * @example
 * <W3mNetworkButton />
 */
export const W3mNetworkButton = createComponent({
  react: React,
  tagName: 'w3m-network-button',
  elementClass: W3mNetworkButtonElement,
  displayName: 'W3mNetworkButton',
})

/**
 * `<w3m-modal>`: the modal itself. `createModal` already appends one to `<body>`; render this
 * only to place the modal yourself.
 *
 * @example
 * <W3mModal />
 */
export const W3mModal = createComponent({
  react: React,
  tagName: 'w3m-modal',
  elementClass: W3mModalElement,
  displayName: 'W3mModal',
})
