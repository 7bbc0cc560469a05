// The siwx feature's view in the pseudo-locale (i18n/pseudo-locale.test.ts).
import { $siwx, connect, type SiwxConfigLike, signInWithX } from '@openmodal/core/internal'
import { setupClient, until } from '../../test/helpers.js'
import type { Scenarios } from '../../test/scenario.js'

/** A SIWX config (the contract of @openmodal/siwx's) with no sessions and a long message. */
const longSiwx: SiwxConfigLike = {
  async createMessage({ accountAddress, chainId }) {
    const data = {
      accountAddress,
      chainId,
      domain: 'a-very-long-subdomain-of-the-application.example-organisation.org',
      statement:
        'I accept the Terms of Service of the Example Organisation and sign in to its application with this account',
    }
    return Object.defineProperty(data, 'toString', { value: () => JSON.stringify(data) })
  },
  addSession: async () => {},
  revokeSession: async () => {},
  getSessions: async () => [],
  getRequired: () => false,
}

export const scenarios: Scenarios = {
  async SIWXSignMessage() {
    // A long statement and domain, and the wallet's "no" below them (spec §8).
    const adapter = setupClient({}, { siwx: longSiwx })
    adapter.signMessage = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    await connect({ connectorId: 'io.alpha' })
    await until(() => $siwx.get().message, 'the message')
    const target = $siwx.get().target
    if (target) await signInWithX(target)
  },
}
