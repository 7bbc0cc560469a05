// localSiwx's implementation, loaded with import() on the config's first call (local.ts).

import { SiwxError } from '../errors.js'
import { loadMessages, loadVerifier } from './lazy.js'
import {
  DEFAULT_SESSION_TTL_MS,
  LOCAL_NONCE_TTL_MS,
  type LocalSiwxOptions,
  type SiwxStorage,
} from './local-options.js'
import { pageDefaults } from './page.js'
import { isSameAccount, type SIWXConfig, type SIWXSession, toSiwxMessage } from './types.js'

/**
 * A SIWXConfig keeping sessions in localStorage. Each session is verified when added (its nonce
 * must be one this config issued, once) and again on every read, so an edited, expired or
 * foreign entry is dropped instead of trusted.
 *
 * @example
 * createModal({ …, siwx: localSiwx({ statement: 'Sign in to Example', required: true }) })
 */
export function createLocalSiwx(options: LocalSiwxOptions): SIWXConfig {
  const key = options.storageKey ?? '@openmodal/siwx/sessions'
  const now = options.now ?? (() => new Date())
  const issued = new Map<string, number>()
  const storage = (): SiwxStorage => {
    const store = options.storage ?? (globalThis as { localStorage?: SiwxStorage }).localStorage
    if (!store) throw new TypeError('localSiwx: no localStorage here; pass `storage`')
    return store
  }

  const read = (): SIWXSession[] => {
    try {
      const parsed = JSON.parse(storage().getItem(key) ?? '[]')
      return Array.isArray(parsed) ? parsed : []
    } catch {
      return []
    }
  }
  const write = (sessions: readonly SIWXSession[]) => {
    if (sessions.length) storage().setItem(key, JSON.stringify(sessions))
    else storage().removeItem(key)
  }

  const verify = async (session: SIWXSession, nonce?: string): Promise<SIWXSession> => {
    if (
      typeof session !== 'object' ||
      session === null ||
      typeof session.message !== 'string' ||
      typeof session.signature !== 'string'
    ) {
      throw new SiwxError(
        'invalid-message',
        'Invalid SIWX session: message and signature are required',
        {
          field: 'message',
        },
      )
    }
    const { domain } = pageDefaults(options)
    const { verifySiwxMessage } = await loadVerifier()
    const data = await verifySiwxMessage({
      message: session.message,
      signature: session.signature,
      domain,
      nonce,
      chains: options.chains,
      time: now(),
      getClient: options.getClient,
      verifiers: options.verifiers,
    })
    return {
      data,
      message: session.message,
      signature: session.signature,
      ...(session.cacao ? { cacao: session.cacao } : {}),
    }
  }

  /** The stored sessions that still verify; the others are removed from storage. */
  const valid = async (): Promise<SIWXSession[]> => {
    const stored = read()
    const kept: SIWXSession[] = []
    for (const session of stored) {
      try {
        kept.push(await verify(session))
      } catch (error) {
        if (!(error instanceof SiwxError)) throw error
      }
    }
    if (kept.length !== stored.length) write(kept)
    return kept
  }

  return {
    async createMessage(input) {
      const { domain, uri } = pageDefaults(options)
      const { createSiwxMessageData, formatSiwxMessage } = await loadMessages()
      const data = createSiwxMessageData({
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        domain,
        uri,
        statement: options.statement,
        issuedAt: now(),
        expiresInMs: options.expiresInMs ?? DEFAULT_SESSION_TTL_MS,
        ...(input.notBefore ? { notBefore: new Date(input.notBefore) } : {}),
      })
      const time = now().getTime()
      for (const [nonce, at] of issued) if (time - at > LOCAL_NONCE_TTL_MS) issued.delete(nonce)
      issued.set(data.nonce, time)
      return toSiwxMessage(data, formatSiwxMessage(data))
    },

    async addSession(session) {
      const nonce = /\nNonce: ([A-Za-z0-9]+)\n/.exec(session?.message ?? '')?.[1]
      const at = nonce === undefined ? undefined : issued.get(nonce)
      if (nonce === undefined || at === undefined || now().getTime() - at > LOCAL_NONCE_TTL_MS) {
        throw new SiwxError(
          'nonce-mismatch',
          'The message does not carry a nonce this app issued',
          {
            field: 'nonce',
          },
        )
      }
      const verified = await verify(session, nonce)
      issued.delete(nonce)
      const others = (await valid()).filter(
        (s) => !isSameAccount(s.data, verified.data.chainId, verified.data.accountAddress),
      )
      write([...others, verified])
    },

    async revokeSession(chainId, address) {
      write(read().filter((s) => !(s?.data && isSameAccount(s.data, chainId, address))))
    },

    async setSessions(sessions) {
      const verified: SIWXSession[] = []
      for (const session of sessions) verified.push(await verify(session))
      write(verified)
    },

    async getSessions(chainId, address) {
      return (await valid()).filter((s) => isSameAccount(s.data, chainId, address))
    },

    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}
