// The part of `embeddedWallet()` that loads on demand: the secure frame, the EIP-1193 provider
// over it (announced for the EVM adapter, EIP-6963), and what the modal does around its
// requests (spec §4, §5, §8): unsafe ones show ApproveTransaction, where the frame's own
// approval UI takes the modal's place, and pop back after; a method on neither list opens the
// modal, logs "Requested RPC call is not allowed" and shows "Action not allowed" 300 ms later;
// a reply saying the login session is gone raises the "Session Expired" alert; closing the
// modal with no transaction pending rejects the outstanding requests.
import type {
  $chain,
  $connections,
  $modal,
  $router,
  closeModal,
  connect,
  EmbeddedWalletAction,
  EmbeddedWalletLoaded,
  goBack,
  openModal,
  openView,
  push,
  reset,
  setModalCovered,
  showAlert,
  showSnack,
  storage,
} from '@openmodal/core/internal'
import { AUTH_TOAST_MESSAGES, adapterError } from '@openmodal/core/internal'
import { ProviderRpcError } from '../host/errors.js'
import { switchEmbeddedNetwork } from '../host/network.js'
import { createEmbeddedProvider, type EmbeddedEip1193Provider } from '../host/provider.js'
import { createFrame, type SecureFrame } from '../host/secure-frame.js'
import { createEmbeddedSolanaWallet } from '../host/solana-wallet.js'
import { methodKind, unsupportedMessage } from '../protocol/methods.js'
import type { EmbeddedWalletOptions } from './embedded-wallet-entry.js'
import { EMBEDDED_CONNECTOR_ID } from './identity.js'

/** Spec §8: the modal's error for an unknown method shows this long after the modal opens. */
export const UNSUPPORTED_METHOD_ERROR_DELAY_MS = 300

/**
 * What the entry reads from the modal when it loads this module, and the modal's stores and
 * actions. They come from the entry (in the page's bundle) and this module imports none: a lazy
 * chunk that imports core's stores makes bundlers split core into extra initial files
 * (measured with apps/size, app (e): 8 initial files instead of 3, +4 kB gzip).
 */
export interface ModalContext {
  projectId: string
  chainId: string | number
  version: string
  /** Spec §1/§3: the host's `defaultAccountTypes.eip155` (the spec's default: smartAccount). */
  defaultAccountType?: 'eoa' | 'smartAccount' | undefined
  kit: {
    $chain: typeof $chain
    $connections: typeof $connections
    $modal: typeof $modal
    $router: typeof $router
    closeModal: typeof closeModal
    connect: typeof connect
    goBack: typeof goBack
    openModal: typeof openModal
    openView: typeof openView
    push: typeof push
    reset: typeof reset
    setModalCovered: typeof setModalCovered
    showAlert: typeof showAlert
    showSnack: typeof showSnack
    storage: typeof storage
  }
}

/** The loaded embedded wallet: the steps core and the views use, plus its frame and provider. */
export interface LoadedEmbeddedWallet extends EmbeddedWalletLoaded {
  readonly frame: SecureFrame
  readonly provider: EmbeddedEip1193Provider
  /** Removes the frame, stops announcing and watching the modal. */
  destroy(): void
}

// A small envelope icon (data: URL, spec: wallet icons are data:image/ or https).
const ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Crect width="24" height="24" rx="6" fill="%23475569"/%3E%3Cpath d="M5 8l7 5 7-5M5 7h14v10H5z" fill="none" stroke="%23fff" stroke-width="1.6" stroke-linejoin="round"/%3E%3C/svg%3E'

/**
 * Creates the secure frame (requests go from its ready event on), the provider over it with the
 * modal's handling of unsafe and unknown methods, and announces the provider.
 *
 * @example const wallet = await loadEmbeddedWallet({ secureOrigin }, { projectId, chainId: 1, version })
 */
export async function loadEmbeddedWallet(
  options: EmbeddedWalletOptions,
  modal: ModalContext,
): Promise<LoadedEmbeddedWallet> {
  const {
    $modal,
    $router,
    closeModal,
    goBack,
    openModal,
    openView,
    push,
    reset,
    setModalCovered,
    showSnack,
    storage,
  } = modal.kit
  const frame = createFrame({
    onAlert: (error) => modal.kit.showAlert(error.alert),
    secureOrigin: options.secureOrigin,
    projectId: modal.projectId,
    chainId: modal.chainId,
    version: modal.version,
    ...(options.enableLogger !== undefined ? { enableLogger: options.enableLogger } : {}),
    ...(options.recovery ? { recovery: options.recovery } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  })
  // Requests may go on the frame's ready event (they queue in its port until it answers):
  // waiting out the spec's 500 ms after it as well took a reload from ~1.5 s to connected.
  try {
    await frame.answering
  } catch (error) {
    frame.destroy()
    throw error
  }
  const stopCovering = frame.onVisibility(setModalCovered)
  const inner = createEmbeddedProvider(frame)
  let unsafePending = 0

  // Spec §4: closing the modal with no transaction pending rejects the outstanding requests
  // (a login step, a read waiting for the frame); safe reads are never aborted.
  let wasOpen = $modal.get().open
  const stopWatching = $modal.listen(({ open }) => {
    if (wasOpen && !open && unsafePending === 0) frame.abortPending()
    wasOpen = open
  })

  function showApproval() {
    if ($modal.get().open) push('ApproveTransaction')
    else {
      reset('ApproveTransaction')
      openModal()
    }
  }

  // Spec §4: the success or error of an unsafe request pops the transaction stack, or closes
  // the modal when nothing is below it.
  function popApproval() {
    if (unsafePending > 0) return
    const { history } = $router.get()
    if (history.at(-1)?.view !== 'ApproveTransaction') return
    if (history.length > 1) goBack()
    else closeModal({ force: true })
  }

  function refuse(method: string): never {
    const error = adapterError('UNSUPPORTED_METHOD', { details: method })
    console.error(`OpenModal embedded wallet: ${method}: ${error.shortMessage}`)
    if (!$modal.get().open) openView()
    // The console and the caller get "Requested RPC call is not allowed"; the modal says
    // "Action not allowed" (spec §8, the unsafe action's UI message).
    setTimeout(
      () =>
        showSnack(AUTH_TOAST_MESSAGES.ACTION_NOT_ALLOWED, {
          variant: 'error',
          code: 'ACTION_NOT_ALLOWED',
        }),
      UNSUPPORTED_METHOD_ERROR_DELAY_MS,
    )
    frame.abortPending()
    throw new ProviderRpcError(4200, error.shortMessage, { cause: error })
  }

  // The e-mail account's Solana side: a wallet-standard wallet over the frame, registered once
  // the visitor is logged in, where @openmodal/solana's discovery (`getWallets()`) finds it.
  const solanaAccount = registerSolanaWallet(frame, modal.kit.$chain.get().networks, options.name)

  // Spec §4: a network switch across namespaces (the Networks view, EVM ↔ Solana) reconnects
  // the embedded wallet in the new namespace; on failure core's plain switch stands.
  const { $chain, $connections } = modal.kit
  const connectorIds: Record<string, string> = {
    eip155: EMBEDDED_CONNECTOR_ID,
    solana: solanaAccount.name,
  }
  const namespaceOf = (caipNetworkId: string) => caipNetworkId.split(':')[0] ?? ''
  let activeNetwork = $chain.get().activeCaipNetworkId
  const stopSwitching = $chain.listen(({ activeCaipNetworkId: to }) => {
    const from = activeNetwork
    activeNetwork = to
    if (!from || !to || namespaceOf(from) === namespaceOf(to) || !solanaAccount.registered) return
    const [fromSpace, toSpace] = [namespaceOf(from), namespaceOf(to)]
    const connections = $connections.get() as Record<string, { connectorId: string } | undefined>
    const connectorId = connectorIds[toSpace]
    if (!connectorId || connections[toSpace]) return
    if (connections[fromSpace]?.connectorId !== connectorIds[fromSpace]) return
    void switchEmbeddedNetwork(frame, { from, to })
      .then(async (result) => {
        if (result.outcome !== 'reconnected') return
        await modal.kit.connect({ connectorId, namespace: toSpace as 'eip155' | 'solana' })
      })
      .catch((error: unknown) => console.error('OpenModal embedded wallet: reconnect', error))
  })

  // Spec §4/§9: disconnect signs out, waiting at most 3 000 ms (the frame's SIGN_OUT timeout);
  // never rejects.
  const signOut = async () => {
    solanaAccount.unregister()
    await frame.request('SIGN_OUT', {}).catch(() => undefined)
  }

  const provider: EmbeddedEip1193Provider = {
    async request(args) {
      // The EVM adapter's disconnect revokes the page's permission (EIP-2255): for the embedded
      // wallet that is the sign-out, with nothing to approve.
      if (args.method === 'wallet_revokePermissions' && revokesAccounts(args.params)) {
        await signOut()
        return null
      }
      const kind = methodKind(args.method)
      if (kind === 'unknown') refuse(args.method)
      // A dapp probing for ERC-7715 gets a plain "not supported", no snack: it is not a fault.
      if (kind === 'unsupported') throw new ProviderRpcError(4200, unsupportedMessage(args.method))
      if (kind === 'safe') return inner.request(args)
      unsafePending++
      showApproval()
      try {
        return await inner.request(args)
      } finally {
        unsafePending--
        popApproval()
      }
    },
    on: inner.on,
    removeListener: inner.removeListener,
  }

  /** The active EVM chain's id (the modal's, else the one the frame started on). */
  const activeChainId = () =>
    Number(modal.kit.$chain.get().activeCaipNetworkId?.split(':')[1] ?? modal.chainId)
  /** A balance in wei (decimal), or undefined when the chain does not answer. */
  const balanceOf = (address: string) =>
    inner
      .request({ method: 'eth_getBalance', params: [address, 'latest'] })
      .then((wei) => (typeof wei === 'string' ? BigInt(wei).toString() : undefined))
      .catch(() => undefined)

  // EIP-6963: the EVM adapter finds and drives the provider like any announced wallet.
  const target = options.target ?? (globalThis as unknown as EventTarget)
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: crypto.randomUUID(),
      name: options.name ?? 'Email',
      icon: ICON,
      rdns: EMBEDDED_CONNECTOR_ID,
    }),
    provider,
  })
  const announce = () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  target.addEventListener('eip6963:requestProvider', announce)
  announce()

  /**
   * After a login: the smart-account-enabled networks into storage (spec §4: a failed fetch
   * stores an empty list), then spec §1's default account type. A smart account the frame
   * cannot give falls back to the EOA with spec §8's "This application might not support
   * Smart Accounts". Runs before the EVM adapter asks for the account, so it gets the right one.
   */
  const applyAccountType = async () => {
    const enabled = await frame
      .request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
      .then(({ smartAccountEnabledNetworks }) => smartAccountEnabledNetworks)
      .catch((): number[] => [])
    storage.set('smartAccountEnabledNetworks', enabled)
    const chainId = Number(
      modal.kit.$chain.get().activeCaipNetworkId?.split(':')[1] ?? modal.chainId,
    )
    if ((modal.defaultAccountType ?? 'smartAccount') !== 'smartAccount') return
    if (!enabled.includes(chainId)) return
    await preferAccount('smartAccount').catch(() => undefined)
  }

  /**
   * Spec §4/§8: a smart account the frame cannot give falls back to the EOA with "This
   * application might not support Smart Accounts". Resolves with the account now active.
   */
  async function preferAccount(type: 'eoa' | 'smartAccount') {
    try {
      return await frame.request('SET_PREFERRED_ACCOUNT', { type })
    } catch (error) {
      if (type === 'eoa') throw error
      const eoa = await frame.request('SET_PREFERRED_ACCOUNT', { type: 'eoa' })
      showSnack('This application might not support Smart Accounts', { variant: 'error' })
      return eoa
    }
  }

  // Spec §4: a past login the frame no longer knows (signed out elsewhere, session expired)
  // deletes the cached login data.
  if (storage.get('emailLoginUsed')) {
    const { isConnected } = await frame.request('IS_CONNECTED', {}).catch(() => ({
      isConnected: false,
    }))
    if (!isConnected) storage.clearLoginData()
    else {
      await applyAccountType()
      solanaAccount.register()
    }
  }

  // Spec §2: a Telegram mini app back from the provider with `result_uri` completes the social
  // login it stored, and the parameter leaves the address. After this module's load settled:
  // connecting loads the entry again.
  const telegram = telegramResult(storage)
  if (telegram) {
    setTimeout(() => {
      void completeTelegramLogin(telegram).catch((error: unknown) =>
        // Spec §8: a social login failure on this path is only logged.
        console.error('OpenModal embedded wallet: social login', error),
      )
    })
  }
  async function completeTelegramLogin({ uri, provider }: { uri: string; provider: string }) {
    const user = await frame.request('CONNECT_SOCIAL', { uri })
    solanaAccount.register()
    storage.set('emailLoginUsed', true)
    storage.remove('lastEmailLoginTime')
    if (user.email) storage.set('email', user.email)
    else storage.remove('email')
    // Spec §5: Discord's trailing `#0` is not shown.
    const username =
      provider === 'discord' && user.userName?.endsWith('#0')
        ? user.userName.slice(0, -2)
        : user.userName
    if (username) storage.set('socialUsername', username)
    else storage.remove('socialUsername')
    storage.set('socialProvider', provider)
    await modal.kit.connect({ connectorId: EMBEDDED_CONNECTOR_ID })
  }

  const action = async (answer: Promise<{ action: EmbeddedWalletAction }>) => (await answer).action

  return {
    frame,
    provider,
    connectEmail: (email) => action(frame.request('CONNECT_EMAIL', { email })),
    connectDevice: async () => {
      await frame.request('CONNECT_DEVICE', {})
      await applyAccountType()
      solanaAccount.register()
    },
    // The frame shows its own code entry; the page hears only where the login stands.
    connectOtp: async ({ onStatus } = {}) => {
      const stop = onStatus ? frame.onLoginStatus(onStatus) : () => {}
      try {
        await frame.request('CONNECT_OTP', {})
      } finally {
        stop()
      }
      await applyAccountType()
      solanaAccount.register()
    },
    getSocialRedirectUri: async (provider, { returnTo } = {}) =>
      (
        await frame.request('GET_SOCIAL_REDIRECT_URI', {
          provider,
          ...(returnTo ? { returnTo } : {}),
        })
      ).uri,
    // The frame polls the server until the login completed, then opens the wallet (a new
    // device asks for the recovery factor in the frame, as after an e-mail code).
    connectSocial: async () => {
      const user = await frame.request('CONNECT_SOCIAL', { uri: '' })
      solanaAccount.register()
      return {
        email: user.email,
        address: user.address,
        chainId: user.chainId,
        ...(user.userName ? { userName: user.userName } : {}),
      }
    },
    getFarcasterUri: async () => (await frame.request('GET_FARCASTER_URI', {})).url,
    // The frame polls the server until the phone signed in, then opens the wallet.
    connectFarcaster: async () => {
      await frame.request('CONNECT_FARCASTER', {})
      solanaAccount.register()
      const user = await frame.request('GET_USER', {})
      return {
        email: user.email,
        address: user.address,
        chainId: user.chainId,
        ...(user.userName ? { userName: user.userName } : {}),
      }
    },
    cancelFarcaster: async () => {
      await frame.request('CANCEL_FARCASTER', {})
    },
    abort: () => frame.abortPending(),
    getUser: async () => {
      const user = await frame.request('GET_USER', {})
      return {
        email: user.email,
        address: user.address,
        chainId: user.chainId,
        ...(user.userName ? { userName: user.userName } : {}),
      }
    },
    isConnected: async () => (await frame.request('IS_CONNECTED', {})).isConnected,
    updateEmail: (email) => action(frame.request('UPDATE_EMAIL', { email })),
    // The frame shows its own code entry for each step; the page hears only the status.
    updateEmailPrimaryOtp: async ({ onStatus } = {}) => {
      const stop = onStatus ? frame.onLoginStatus(onStatus) : () => {}
      try {
        return await action(frame.request('UPDATE_EMAIL_PRIMARY_OTP', {}))
      } finally {
        stop()
      }
    },
    updateEmailSecondaryOtp: async ({ onStatus } = {}) => {
      const stop = onStatus ? frame.onLoginStatus(onStatus) : () => {}
      try {
        return (await frame.request('UPDATE_EMAIL_SECONDARY_OTP', {})).newEmail
      } finally {
        stop()
      }
    },
    canChangeRecovery: () => frame.supports('changeRecovery'),
    // The frame asks for a new code and the new factor itself; the page only asks.
    changeRecovery: async ({ onStatus } = {}) => {
      const stop = onStatus ? frame.onLoginStatus(onStatus) : () => {}
      try {
        return (await frame.request('CHANGE_RECOVERY', {})).recovery
      } finally {
        stop()
      }
    },
    // Spec §2 ProfileWallets: the EOA and, on a smart-account network, the smart account
    // (INIT_SMART_ACCOUNT finds its address, counterfactual or not, and whether it is deployed).
    // A smart account at the EOA's own address is the EOA delegated by EIP-7702 (an ERC-4337
    // account's address is a factory's CREATE2 result, never the key's): one account.
    getAccounts: async () => {
      const enabled = storage.get('smartAccountEnabledNetworks') ?? []
      const smart = enabled.includes(activeChainId())
        ? await frame.request('INIT_SMART_ACCOUNT', {}).then(
            () => true,
            () => false,
          )
        : false
      const user = await frame.request('GET_USER', {})
      const eoa = user.accounts?.find((a) => a.namespace === 'eip155' && a.type === 'eoa')
      const account = smart
        ? user.accounts?.find((a) => a.namespace === 'eip155' && a.type === 'smartAccount')
        : undefined
      if (!eoa) throw new Error('Not connected to email or social')
      const preferred = user.preferredAccountType ?? 'eoa'
      if (account && account.address.toLowerCase() === eoa.address.toLowerCase()) {
        return {
          mode: 'eip7702' as const,
          preferred,
          account: {
            address: eoa.address,
            delegated: user.smartAccountDeployed ?? false,
            balance: await balanceOf(eoa.address),
          },
        }
      }
      const [eoaBalance, smartBalance] = await Promise.all([
        balanceOf(eoa.address),
        account ? balanceOf(account.address) : undefined,
      ])
      return {
        preferred,
        eoa: { address: eoa.address, balance: eoaBalance },
        ...(account && {
          smartAccount: {
            address: account.address,
            deployed: user.smartAccountDeployed ?? false,
            balance: smartBalance,
          },
        }),
      }
    },
    // The EVM adapter hears the new address through the provider's accountsChanged.
    setPreferredAccount: async (type) => {
      const active = await preferAccount(type)
      inner.announceAccounts?.([active.address])
      return active
    },
    signOut,
    get persistentStorage() {
      return frame.persistentStorage
    },
    onStorage: (listener) => frame.onStorage(listener),
    destroy() {
      stopCovering()
      stopWatching()
      stopSwitching()
      solanaAccount.unregister()
      target.removeEventListener('eip6963:requestProvider', announce)
      setModalCovered(false)
      frame.destroy()
    },
  }
}

const WALLET_STANDARD_CLUSTERS: Record<string, `solana:${string}`> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

type RegisterWallet = (wallet: ReturnType<typeof createEmbeddedSolanaWallet>) => () => void

/**
 * Registers the frame's Solana wallet with the page's wallet-standard registry, the way a wallet
 * extension does (`@wallet-standard/wallet`'s `registerWallet`): a `register-wallet` event for a
 * registry already listening, and an answer to its later `app-ready` event. Nothing happens when
 * the modal has no Solana network. `register` is idempotent; `unregister` removes the wallet.
 */
function registerSolanaWallet(
  frame: SecureFrame,
  networks: readonly { chainNamespace: string; caipNetworkId: string }[],
  name: string | undefined,
) {
  const chains = networks
    .filter((network) => network.chainNamespace === 'solana')
    .map((network) => network.caipNetworkId as `solana:${string}`)
  const [first, ...rest] = chains
  // The names wallet-standard apps (and @openmodal/solana's `walletChain`) give these clusters:
  // mainnet, devnet and testnet by genesis hash, `solana:localnet` for the one other cluster.
  const aliases: Record<`solana:${string}`, `solana:${string}`> = {}
  const others = chains.filter((chain) => {
    const alias = WALLET_STANDARD_CLUSTERS[chain]
    if (alias) aliases[alias] = chain
    return !alias
  })
  if (others.length === 1 && others[0]) aliases['solana:localnet'] = others[0]
  const wallet = first
    ? createEmbeddedSolanaWallet(frame, {
        chains: [first, ...rest],
        aliases,
        ...(name ? { name } : {}),
      })
    : undefined
  let registered = false
  const walletName = wallet?.name ?? 'E-mail wallet'
  const unregisters: (() => void)[] = []
  const callback = ({ register }: { register: RegisterWallet }) => {
    if (registered && wallet) unregisters.push(register(wallet))
  }
  const onAppReady = (event: Event) =>
    callback((event as CustomEvent<{ register: RegisterWallet }>).detail)
  return {
    /** The wallet's name: the Solana adapter's id for it. */
    name: walletName,
    get registered() {
      return registered
    },
    register() {
      if (!wallet || registered) return
      registered = true
      globalThis.addEventListener?.('wallet-standard:app-ready', onAppReady)
      globalThis.dispatchEvent?.(
        new CustomEvent('wallet-standard:register-wallet', { detail: callback }),
      )
    },
    unregister() {
      if (!registered) return
      registered = false
      globalThis.removeEventListener?.('wallet-standard:app-ready', onAppReady)
      for (const unregister of unregisters.splice(0)) unregister()
    },
  }
}

/** EIP-2255's `wallet_revokePermissions` of `eth_accounts` (the EVM adapter's disconnect). */
function revokesAccounts(params: unknown): boolean {
  const [permissions] = Array.isArray(params) ? params : [params]
  return (
    typeof permissions === 'object' &&
    permissions !== null &&
    Object.keys(permissions).length === 1 &&
    'eth_accounts' in permissions
  )
}

/**
 * A Telegram mini app's way back from the provider (spec §2, §6): `window.Telegram.WebApp`, a
 * `result_uri` parameter and the provider stored when the login left. Takes both away (the
 * parameter from the address, the provider from storage): the result is used once.
 */
function telegramResult(
  storage: ModalContext['kit']['storage'],
): { uri: string; provider: string } | undefined {
  if (!(globalThis as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp) return undefined
  const address = new URL(location.href)
  const uri = address.searchParams.get('result_uri')
  const provider = storage.get('telegramSocialProvider')
  if (uri === null) return undefined
  address.searchParams.delete('result_uri')
  history.replaceState(history.state, '', address.href)
  storage.remove('telegramSocialProvider')
  return provider ? { uri, provider } : undefined
}
