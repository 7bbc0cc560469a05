// Shared by the Account panel tests: the addresses the test server
// (src/test/blockchain-api-server.mjs) answers for, and opening the Account view on one.
import { connect, openModal, reset } from '@openmodal/core/internal'
import type { W3mModal } from '../modal/w3m-modal/w3m-modal.js'
import { deep, setupClient, until } from './helpers.js'

export const ALICE = '0x1111111111111111111111111111111111111111'
export const EMPTY = '0x2222222222222222222222222222222222222222'
export const FAILING = '0x3333333333333333333333333333333333333333'
export const SLOW = '0x4444444444444444444444444444444444444444'
export const GROWING = '0x5555555555555555555555555555555555555555'
export const OTHER = '0x9999999999999999999999999999999999999999'
export const HOSTILE = '<img src=x onerror="window.__pwned=1">'

declare global {
  interface Window {
    __pwned?: number
  }
}

/** Connects `address` over the test server and opens the modal on Account. */
export async function openAccount(modal: W3mModal, address = ALICE) {
  setupClient({ accounts: [address] }, { apiUrl: location.origin })
  await connect({ connectorId: 'io.alpha' })
  reset('Account')
  openModal()
  await modal.updateComplete
  return until(() => deep(modal, 'w3m-router', 'w3m-account-view'), 'the account view')
}

/** Selects a tab of the Account view and waits until it is selected. */
export async function selectTab(view: HTMLElement, tab: 'tokens' | 'nfts' | 'activity') {
  const button = await until(() => deep(view, `[data-tab="${tab}"]`), `the ${tab} tab`)
  button.click()
  await until(() => button.getAttribute('aria-selected') === 'true', `${tab} selected`)
}

/** The text of `element`, whitespace collapsed. */
export const text = (element: Element | null | undefined) =>
  element?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
