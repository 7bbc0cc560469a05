// React wrappers of the public custom elements, made with @lit/react: element properties are set
// as properties (not attributes). None of these elements dispatches an event today (state flows
// through core's stores, read with the hooks), so there is no `events` map yet; when one gains an
// event, map it here as `events: { onW3mSomething: 'w3m-something' }`.
import { createComponent } from '@lit/react'
import {
  loadModal,
  W3mAccountButton as W3mAccountButtonElement,
  W3mButton as W3mButtonElement,
  W3mConnectButton as W3mConnectButtonElement,
  type W3mModal as W3mModalElement,
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

// The modal shell loads with `import()` (`loadModal`), so this wrapper must not hold its class:
// a plain object with an empty prototype stands in for it (and needs no DOM, for SSR). Its one
// property, `embedded`, then reaches the element through React's own custom-element handling:
// a property once the element is defined, the (reflected) attribute before.
const W3mModalBase = createComponent({
  react: React,
  tagName: 'w3m-modal',
  elementClass: { prototype: {} } as unknown as typeof W3mModalElement,
  displayName: 'W3mModalElement',
})

/**
 * `<w3m-modal>`: the modal itself. `createModal` already appends one to `<body>`; render this
 * only to place the modal yourself. Rendering it loads the modal shell.
 *
 * @example
 * <W3mModal embedded />
 */
export function W3mModal(props: React.ComponentProps<typeof W3mModalBase>): React.ReactElement {
  React.useEffect(() => {
    loadModal().catch((error: unknown) => {
      console.error('OpenModal: the modal could not be loaded.', error)
    })
  }, [])
  return React.createElement(W3mModalBase, props)
}
