import { $adapters } from '../adapters/registry.js'
import { isWalletConnectId, type WalletConnectEntry } from '../adapters/walletconnect.js'
import { errorMessage } from '../errors/base.js'
import { storage } from '../storage/storage.js'
import { getAccountState } from '../stores/account.js'
import { $activeNamespace, findNetwork, setActiveNetwork } from '../stores/chain.js'
import { $attempts, $connections, $recentWallets } from '../stores/connection.js'
import { $discovered, findConnector } from '../stores/connectors.js'
import { emitEvent } from '../stores/events.js'
import { $options } from '../stores/options.js'
import { applyConnection, forgetConnectorId, networkFor } from './internal.js'

/**
 * Silently restores earlier connections on page load (spec §4): per namespace, the most
 * recent connector is tried first, then the other recent wallets; the account ends
 * `connected` if any succeeds, otherwise `disconnected`. Never prompts the wallet.
 *
 * @example await reconnect()
 */
export async function reconnect(): Promise<void> {
  const stored = storage.get('connectedConnectorIds') ?? {}
  const auto = $adapters.get().some((adapter) => adapter.autoConnectorId)
  if (Object.keys(stored).length === 0 && !auto) return

  const recent = $recentWallets.get().map((w) => w.id)
  // A stored connection means the wallet is wanted now: run discovery while reconnecting so
  // the account shows the wallet's own name and icon.
  const keepDiscovering = $discovered.listen(() => {})
  try {
    await reconnectAll(stored, recent)
  } finally {
    keepDiscovering()
  }
}

async function reconnectAll(
  stored: Partial<Record<string, string>>,
  recent: readonly string[],
): Promise<void> {
  const { walletConnect: wc, embeddedWallet: auth } = $options.get() ?? {}
  const loading = new Map<unknown, Promise<void>>()
  await Promise.all(
    $adapters.get().map(async (adapter) => {
      const namespace = adapter.namespace
      const saved = stored[namespace]
      if (!saved && !adapter.autoConnectorId) return
      if (getAccountState(namespace).status === 'connected') return
      const network = networkFor(namespace)
      if (!network) return
      $attempts.setKey(namespace, 'reconnecting')
      // The wallet the page runs inside (a Safe app's Safe) comes before any stored one.
      const auto = adapter.autoConnectorId
        ? await adapter.autoConnectorId().catch(() => undefined)
        : undefined
      const last = auto ?? saved
      if (!last) {
        $attempts.setKey(namespace, undefined)
        return
      }
      // Recent wallets stand in only for a stored connection, never for an auto connector.
      const candidates = saved ? [...new Set([last, ...recent])] : [last]
      // A stored WalletConnect or e-mail login (embedded wallet) connection: its client or
      // secure frame (an `import()`) must be loaded and its providers announced before the
      // adapter looks for them; the frame restores its session without a new code. Nothing
      // loads otherwise.
      const lazy = [wc, auth as WalletConnectEntry | undefined].find(
        (entry) => entry && isWalletConnectId(entry, last),
      )
      if (lazy) {
        if (!loading.has(lazy)) {
          loading.set(
            lazy,
            lazy.load().then(
              () => undefined,
              (error: unknown) => {
                emitEvent('RECONNECT_FAILED', {
                  namespace,
                  connectorId: lazy.id,
                  message: errorMessage(error),
                })
              },
            ),
          )
        }
        await loading.get(lazy)
      }
      for (const connectorId of candidates) {
        try {
          const result = await adapter.reconnect({ connectorId, network })
          if (!result || result.accounts.length === 0) continue
          const connector = findConnector(connectorId) ?? { id: connectorId, name: connectorId }
          await applyConnection(namespace, { ...connector, id: connectorId }, result, connector)
          emitEvent('RECONNECT_SUCCESS', { namespace, connectorId })
          return
        } catch (error) {
          emitEvent('RECONNECT_FAILED', { namespace, connectorId, message: errorMessage(error) })
        }
      }
      $attempts.setKey(namespace, undefined)
      forgetConnectorId(namespace)
    }),
  )
  // The header describes the active namespace: when its wallet did not come back but another
  // namespace's did, that one becomes active, rather than "Connect Wallet" beside a connected
  // wallet.
  const active = $activeNamespace.get()
  if (active && getAccountState(active).status === 'connected') return
  const back = $adapters
    .get()
    .find((adapter) => getAccountState(adapter.namespace).status === 'connected')
  if (!back) return
  const chainId = $connections.get()[back.namespace]?.chainId
  const network = findNetwork(`${back.namespace}:${chainId}`) ?? networkFor(back.namespace)
  if (network) setActiveNetwork(network.caipNetworkId)
}
