// The older `siweConfig` option (SIWE only) through the SIWXConfig contract: the modal speaks
// one contract, and apps written for siweConfig keep working.
import { SiwxError } from '../errors.js'
import type { SiwxChainId } from '../message/siwx.js'
import { loadMessages } from './lazy.js'
import { isSameAccount, type SIWXConfig, type SIWXSession, toSiwxMessage } from './types.js'

/** What `createMessage` of a siweConfig receives. */
export interface SIWECreateMessageArgs {
  domain: string
  uri: string
  /** EIP-55 address. */
  address: string
  version: '1'
  nonce: string
  chainId: number
  statement?: string | undefined
  iat?: string | undefined
  exp?: string | undefined
  nbf?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/** The message parameters a siweConfig supplies. */
export interface SIWEMessageParams {
  domain?: string | undefined
  uri?: string | undefined
  chains?: readonly number[] | undefined
  statement?: string | undefined
  iat?: string | undefined
  exp?: string | undefined
  nbf?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/** The legacy SIWE-only option (spec §5: it cannot be set together with `siwx`). */
export interface SIWEConfig {
  getNonce(address?: string): Promise<string>
  createMessage(args: SIWECreateMessageArgs): string
  verifyMessage(args: { message: string; signature: string; cacao?: unknown }): Promise<boolean>
  getSession(): Promise<{ address: string; chainId: number } | null>
  signOut(): Promise<boolean>
  getMessageParams?(): Promise<SIWEMessageParams>
  onSignIn?(session?: { address: string; chainId: number }): void
  onSignOut?(): void
  required?: boolean | undefined
  signOutOnDisconnect?: boolean | undefined
}

/** What every siweConfig must have. */
const SIWE_CONFIG_METHODS = [
  'getNonce',
  'createMessage',
  'verifyMessage',
  'getSession',
  'signOut',
] as const

/**
 * Wraps a `siweConfig` as a SIWXConfig. Its `createMessage` must write strict EIP-4361 (the
 * text is parsed, and a field the grammar refuses throws naming it); eip155 only. A session it
 * reports through `getSession` carries the message and signature only when this page signed
 * it; otherwise those are empty strings.
 *
 * @example
 * const siwx = fromSiweConfig(siweConfig)
 */
export function fromSiweConfig(siwe: SIWEConfig): SIWXConfig {
  const missing = SIWE_CONFIG_METHODS.filter(
    (name) => typeof (siwe as unknown as Record<string, unknown> | null)?.[name] !== 'function',
  )
  if (missing.length > 0) {
    throw new TypeError(
      `siweConfig: expected the functions ${SIWE_CONFIG_METHODS.join(', ')}; missing ${missing.join(', ')}`,
    )
  }
  let last: SIWXSession | undefined

  const evmChain = (chainId: SiwxChainId) => {
    const [namespace, reference] = chainId.split(':')
    if (namespace !== 'eip155' || !reference || !/^[0-9]+$/.test(reference)) {
      throw new SiwxError(
        'unsupported-namespace',
        `siweConfig signs in on eip155 chains only, not ${chainId}`,
        {
          field: 'chainId',
        },
      )
    }
    return Number(reference)
  }

  const current = async (chainId: SiwxChainId, address: string) => {
    const session = await siwe.getSession()
    if (!session) return undefined
    const sessionChain: SiwxChainId = `eip155:${session.chainId}`
    return isSameAccount(
      { chainId: sessionChain, accountAddress: session.address },
      chainId,
      address,
    )
      ? session
      : undefined
  }

  return {
    async createMessage(input) {
      const chainId = evmChain(input.chainId)
      const params = (await siwe.getMessageParams?.()) ?? {}
      const location = (globalThis as { location?: { host: string; origin: string } }).location
      const domain = params.domain ?? location?.host
      const uri = params.uri ?? location?.origin
      if (!domain || !uri) {
        throw new TypeError('siweConfig: getMessageParams must give domain and uri outside a page')
      }
      const [nonce, { checksumAddress, parseSiwxMessage }] = await Promise.all([
        siwe.getNonce(input.accountAddress),
        loadMessages(),
      ])
      const text = siwe.createMessage({
        domain,
        uri,
        address: checksumAddress(input.accountAddress),
        version: '1',
        nonce,
        chainId,
        statement: params.statement,
        iat: params.iat ?? new Date().toISOString(),
        exp: params.exp,
        nbf: input.notBefore ?? params.nbf,
        requestId: params.requestId,
        resources: params.resources,
      })
      return toSiwxMessage(parseSiwxMessage(text), text)
    },

    async addSession(session) {
      const valid = await siwe.verifyMessage({
        message: session.message,
        signature: session.signature,
        ...(session.cacao ? { cacao: session.cacao } : {}),
      })
      if (!valid) {
        throw new SiwxError(
          'invalid-signature',
          'The signature does not match this account and message',
          {
            field: 'signature',
          },
        )
      }
      last = session
      siwe.onSignIn?.({
        address: session.data.accountAddress,
        chainId: evmChain(session.data.chainId),
      })
    },

    async revokeSession(chainId, address) {
      if (!(await current(chainId, address))) return
      await siwe.signOut()
      if (last && isSameAccount(last.data, chainId, address)) last = undefined
      siwe.onSignOut?.()
    },

    async setSessions(sessions) {
      const [session] = sessions.slice(-1)
      if (session) return this.addSession(session)
      await siwe.signOut()
      last = undefined
      siwe.onSignOut?.()
    },

    async getSessions(chainId, address) {
      const session = await current(chainId, address)
      if (!session) return []
      if (last && isSameAccount(last.data, chainId, address)) return [last]
      return [
        {
          data: {
            accountAddress: session.address,
            chainId,
            domain: '',
            uri: '',
            version: '1',
            nonce: '',
            issuedAt: '',
          },
          message: '',
          signature: '',
        },
      ]
    },

    getRequired: () => siwe.required ?? false,
    signOutOnDisconnect: siwe.signOutOnDisconnect ?? true,
  }
}
