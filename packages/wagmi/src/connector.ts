// The wagmi connector: wagmi's state follows the modal's EVM connection, and wagmi's connect,
// switchChain and disconnect go through the modal. One source of truth, the modal: the
// connector reads its account and network from the public host API (`getAccount('eip155')`,
// `$activeAccount`, `subscribeState`) and tells wagmi what changed through the connector's
// emitter (`connect`, `change`, `disconnect`), the same events an injected wallet's provider
// drives. Written for @wagmi/core 2 and 3, whose connector contracts differ only in
// `connect`'s `withCapabilities` answer (3 adds it to `connect`'s result shape).
import { $activeAccount, isUserRejection, type ModalInstance } from '@openmodal/core'
import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import {
  type Address,
  type EIP1193Provider,
  getAddress,
  SwitchChainError,
  UserRejectedRequestError,
} from 'viem'

export interface OpenModalParameters {
  /** The instance `createModal` returned. */
  modal: ModalInstance
}

/** The modal's EVM connection as wagmi sees it; `undefined` while disconnected. */
interface Snapshot {
  accounts: readonly Address[]
  chainId: number
}

/** What the modal's EVM side is doing: settled (connected or not) or busy (connecting). */
type ModalEvm = { busy: true } | { busy: false; connection: Snapshot | undefined }

openModal.type = 'openmodal' as const

/**
 * A wagmi connector driven by an OpenModal modal: connecting in the modal (any wallet it
 * offers) connects wagmi, and wagmi's `connect`, `switchChain` and `disconnect` open, switch
 * and disconnect the modal.
 *
 * @example
 * const modal = createModal({ projectId, networks: [mainnet], adapters: [evmAdapter()] })
 * const config = createConfig({ chains: [viemMainnet], connectors: [openModal({ modal })], transports })
 */
export function openModal({ modal }: OpenModalParameters) {
  return createConnector<EIP1193Provider | undefined>((config) => {
    /** The last state wagmi was told about, to send only what changed. */
    let told: Snapshot | undefined

    const read = (): ModalEvm => {
      const account = modal.getAccount('eip155')
      if (account.status === 'connecting' || account.status === 'reconnecting')
        return { busy: true }
      if (account.status !== 'connected' || !account.caipAddress) {
        return { busy: false, connection: undefined }
      }
      const chainId = Number(account.caipAddress.split(':')[1])
      const accounts = account.allAccounts.map((a) => getAddress(a.address))
      return { busy: false, connection: { accounts, chainId } }
    }

    /** Calls `listener` on every change of the modal's account, network or open state. */
    const watch = (listener: () => void): (() => void) => {
      const stops = [
        $activeAccount.listen(listener),
        modal.subscribeState(listener),
        modal.subscribeEvents(listener),
      ]
      return () => {
        for (const stop of stops) stop()
      }
    }

    /** Resolves with the modal's EVM connection once no connect or reconnect is under way. */
    const settled = () =>
      new Promise<Snapshot | undefined>((resolve) => {
        const check = () => {
          const state = read()
          if (state.busy) return false
          stop?.()
          resolve(state.connection)
          return true
        }
        let stop: (() => void) | undefined
        if (check()) return
        stop = watch(check)
      })

    /** Tells wagmi what changed since it was last told. */
    const sync = () => {
      const state = read()
      if (state.busy) return
      const now = state.connection
      const before = told
      told = now
      if (!now) {
        if (before) config.emitter.emit('disconnect')
        return
      }
      if (!before) {
        config.emitter.emit('connect', { accounts: now.accounts, chainId: now.chainId })
        return
      }
      if (now.accounts.join() !== before.accounts.join()) {
        config.emitter.emit('change', { accounts: now.accounts })
      }
      if (now.chainId !== before.chainId) config.emitter.emit('change', { chainId: now.chainId })
    }

    return {
      id: 'openmodal',
      name: 'OpenModal',
      type: openModal.type,

      async setup() {
        told = undefined
        watch(sync)
        // wagmi calls setup while it creates its store: tell it about a live connection after.
        queueMicrotask(sync)
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let connection = await settled()
        if (!connection) {
          if (isReconnecting) throw new UserRejectedRequestError(new Error('Not connected'))
          connection = await connectInModal()
        }
        if (chainId !== undefined && chainId !== connection.chainId) {
          await this.switchChain?.({ chainId })
          connection = (await settled()) ?? connection
        }
        told = connection
        const accounts = withCapabilities
          ? connection.accounts.map((address) => ({ address, capabilities: {} }))
          : connection.accounts
        // biome-ignore lint/suspicious/noExplicitAny: the shape depends on withCapabilities (wagmi 3)
        return { accounts: accounts as any, chainId: connection.chainId }
      },

      async disconnect() {
        told = undefined
        await modal.disconnect('eip155')
      },

      async getAccounts() {
        const state = read()
        return state.busy ? [] : (state.connection?.accounts ?? [])
      },

      async getChainId() {
        const state = read()
        if (!state.busy && state.connection) return state.connection.chainId
        const selected = modal.getState().selectedNetworkId
        const [namespace, reference] = selected?.split(':') ?? []
        if (namespace === 'eip155' && reference) return Number(reference)
        return config.chains[0].id
      },

      async getProvider() {
        const connection = await settled()
        if (!connection) return undefined
        return modal.getProvider('eip155') as EIP1193Provider
      },

      async isAuthorized() {
        return (await settled()) !== undefined
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        try {
          await modal.switchNetwork(`eip155:${chainId}`)
        } catch (error) {
          if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        sync()
        return chain
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      onDisconnect() {
        told = undefined
        config.emitter.emit('disconnect')
      },
    }

    /** Opens the modal and waits for an EVM connection, or rejects when it closes without one. */
    function connectInModal(): Promise<Snapshot> {
      return new Promise<Snapshot>((resolve, reject) => {
        let opened = false
        const stop = watch(() => {
          const state = read()
          if (state.busy) return
          const open = modal.getState().open
          if (state.connection) {
            stop()
            resolve(state.connection)
          } else if (opened && !open) {
            stop()
            reject(new UserRejectedRequestError(new Error('The modal was closed')))
          }
          opened ||= open
        })
        modal.open()
      })
    }
  })
}
