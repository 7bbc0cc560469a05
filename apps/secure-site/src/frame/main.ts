// The /frame page: answers the dapp's handshake only when `event.origin` is an allowed
// origin of the project (and, where the browser tells, the page that embeds us), then talks
// only over the MessageChannel port it hands over. Every request is checked with the
// protocol schemas before it runs.
import {
  APP_EVENTS,
  type AppEventType,
  appRequest,
  type FrameFeature,
  HANDSHAKE_ACCEPT,
  HANDSHAKE_REFUSE,
  handshake,
  type LoginStatus,
  tryMessage,
} from '@openmodal/embedded/protocol'
import * as v from 'valibot'
import { requestPersistentStorage } from '../keys/device-store.js'
import { ApiError, createApi } from './api.js'
import { createLookups } from './lookups.js'
import { originAllowed } from './origin.js'
import { RpcError } from './rpc-error.js'
import { checkStoredSession } from './stored-session.js'
import { frameLook } from './theme.js'

/** How often the frame asks the server whether the provider sent the visitor back. */
const SOCIAL_POLL_MS = 1_000
/** Spec §8: a Sign In With Farcaster login that did not complete. */
const FARCASTER_FAILED = 'Failed to connect to farcaster'
const query = new URLSearchParams(location.search)
const projectId = query.get('projectId') ?? ''
const rawChainId = query.get('chainId') ?? '1'
/** The active network: an EVM chain id, or a CAIP-2 id of another namespace (`solana:<ref>`). */
let chainId: string | number = /^\d+$/.test(rawChainId) ? Number(rawChainId) : rawChainId
/** The EVM chain the EVM methods use, kept while a Solana cluster is active. */
const initialNetwork = networkOf(chainId)
let evmChainId = initialNetwork?.namespace === 'eip155' ? initialNetwork.evmChainId : 1

/** The namespace of a network id the frame can serve, or undefined. */
function networkOf(
  id: string | number,
): { namespace: 'eip155'; evmChainId: number } | { namespace: 'solana' } | undefined {
  if (typeof id === 'number') return { namespace: 'eip155', evmChainId: id }
  const [namespace, reference = ''] = id.split(':')
  if (namespace === 'eip155' && /^[1-9]\d{0,15}$/.test(reference)) {
    return { namespace, evmChainId: Number(reference) }
  }
  if (namespace === 'solana' && /^[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(reference)) return { namespace }
  return undefined
}

const frameConfig = v.object({
  apiUrl: v.pipe(v.string(), v.url()),
  allowedOrigins: v.array(v.string()),
  /** JSON-RPC URL per EVM chain id (the project server's RPC proxy in production). */
  rpcUrls: v.optional(v.record(v.string(), v.pipe(v.string(), v.url())), {}),
  /** The project's recovery mode: who can open a new wallet's recovery share. */
  recovery: v.optional(v.picklist(['non-custodial', 'custodial']), 'non-custodial'),
  /** The smart-account-enabled EVM chains (spec §7): their ERC-4337 bundler by chain id. */
  bundlerUrls: v.optional(v.record(v.string(), v.pipe(v.string(), v.url())), {}),
  /**
   * The smart-account-enabled chains whose smart account is the EOA itself (EIP-7702, delegated
   * to Simple7702Account) or a Safe 4337 (it signs messages); the others use ERC-4337 v0.7
   * Simple accounts.
   */
  smartAccountModes: v.optional(
    v.record(v.string(), v.picklist(['erc4337', 'eip7702', 'safe'])),
    {},
  ),
  /**
   * The smart-account-enabled chains whose userOperations the project sponsors: their ERC-7677
   * paymaster service by chain id.
   */
  paymasterUrls: v.optional(v.record(v.string(), v.pipe(v.string(), v.url())), {}),
  /**
   * ERC-7811 `wallet_getAssets`, by EVM chain id: the native currency (default Ether) and the
   * ERC-20 contracts the project names.
   */
  evmAssets: v.optional(
    v.record(
      v.string(),
      v.object({
        nativeCurrency: v.optional(
          v.object({
            name: v.pipe(v.string(), v.maxLength(64)),
            symbol: v.pipe(v.string(), v.maxLength(16)),
            decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(36)),
          }),
        ),
        tokens: v.optional(
          v.pipe(v.array(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))), v.maxLength(100)),
          [],
        ),
      }),
    ),
    {},
  ),
})

/**
 * The project's API and allowed origins, from the server that serves this site: in this page
 * (a JSON data block the server adds) or else from `/frame-config`.
 */
const inlined = document.getElementById('frame-config')?.textContent
const config = (
  inlined
    ? Promise.resolve(inlined).then((text): unknown => JSON.parse(text))
    : fetch(`/frame-config?projectId=${encodeURIComponent(projectId)}`, {
        credentials: 'omit',
      }).then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
      )
).then((data) => v.parse(frameConfig, data))

let connected = false

/**
 * The wallet's code (keys, signing, the session; not needed for the handshake): its load starts
 * with the page, while the frame config and the handshake are on their way.
 */
const walletCode = Promise.all([import('./rpc.js'), import('./wallet-session.js')])
walletCode.catch(() => undefined)

/** The e-mail code entry (its dialog and lit), loaded on the first login. */
const codeEntry = () => import('./om-code.js')
/** Requests whose code the visitor types in the frame: a code the page sends is refused. */
const CODES_TYPED_HERE = new Set<string>([
  'CONNECT_OTP',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
])

window.addEventListener('message', async (event: MessageEvent) => {
  if (connected || event.source !== window.parent) return
  const hello = tryMessage(handshake, event.data)
  if (!hello) return
  const {
    allowedOrigins,
    apiUrl,
    rpcUrls,
    bundlerUrls,
    smartAccountModes,
    paymasterUrls,
    evmAssets,
    recovery,
  } = await config
  // location.ancestorOrigins (Chromium, WebKit) names the real embedder: a message from any
  // other origin (a nested foreign frame posting to our parent is not our parent) is refused.
  const ancestor = location.ancestorOrigins?.[0]
  const allowed =
    originAllowed(event.origin, allowedOrigins) &&
    (ancestor === undefined || ancestor === event.origin)
  const target = event.source as Window
  if (!allowed) {
    target.postMessage({ type: HANDSHAKE_REFUSE, nonce: hello.nonce }, event.origin)
    return
  }
  connected = true
  const channel = new MessageChannel()
  target.postMessage({ type: HANDSHAKE_ACCEPT, nonce: hello.nonce }, event.origin, [channel.port2])
  // What this frame can do beyond the base requests (the host offers a control only for
  // these): a custodial project has no factor to change.
  const features: FrameFeature[] = recovery === 'custodial' ? [] : ['changeRecovery']
  await serve(channel.port1, event.origin, apiUrl, rpcUrls, bundlerUrls, evmAssets, features, {
    smartAccountModes,
    paymasterUrls,
  })
})

/**
 * The attempt a Telegram mini app's `result_uri` names: `/loading?social=done&attempt=…` on this
 * origin. Throws the spec's "Failed to initiate social connection" for a failed login and
 * "Invalid input" for anything else. Only this device's key can collect the attempt.
 */
function attemptOfResult(uri: string): string {
  let result: URL
  try {
    result = new URL(uri)
  } catch {
    throw new Error('Invalid input')
  }
  const attempt = result.searchParams.get('attempt') ?? ''
  if (
    result.origin !== location.origin ||
    result.pathname !== '/loading' ||
    !/^[A-Za-z0-9_-]{10,64}$/.test(attempt)
  ) {
    throw new Error('Invalid input')
  }
  if (result.searchParams.get('social') !== 'done') {
    throw new Error('Failed to initiate social connection')
  }
  return attempt
}

async function serve(
  port: MessagePort,
  dappOrigin: string,
  apiUrl: string,
  rpcUrls: Record<string, string>,
  bundlerUrls: Record<string, string>,
  evmAssets: v.InferOutput<typeof frameConfig>['evmAssets'],
  features: FrameFeature[],
  {
    smartAccountModes,
    paymasterUrls,
  }: Pick<v.InferOutput<typeof frameConfig>, 'smartAccountModes' | 'paymasterUrls'>,
) {
  // READY goes out as soon as the port is up: the spec's 500 ms wait after it runs while the
  // wallet's code finishes loading and the session restores. Requests sent meanwhile wait in
  // the port's queue until `onmessage` is set below.
  // A grant from an earlier visit applies without a gesture: then the stored keys are back.
  let persistent = await requestPersistentStorage()
  // A stored session (a reload) is checked with the server while the wallet's code loads.
  const api = createApi(apiUrl, projectId)
  const restoring = checkStoredSession(api, projectId)
  restoring.catch(() => undefined)
  port.postMessage({ event: 'STORAGE', persistent })
  port.postMessage({ event: 'READY', features })
  const loaded = await walletCode.catch((error: unknown) => {
    // An offline chunk: every request gets the reason instead of waiting for its timeout.
    const message = `The secure frame could not load: ${(error as Error).message}`.slice(0, 1024)
    port.onmessage = (event: MessageEvent) => {
      const request = tryMessage(appRequest, event.data)
      if (request) port.postMessage({ id: request.id, status: 'ERROR', payload: { message } })
    }
  })
  if (!loaded) return
  const [{ handleRpc }, { createWalletSession }] = loaded
  const setVisible = (visible: boolean) => port.postMessage({ event: visible ? 'SHOW' : 'HIDE' })
  // The recovery dialogs (passkey, passphrase) load on first use, shown in the visible frame.
  const shown = async <T>(show: () => Promise<T>) => {
    setVisible(true)
    try {
      return await show()
    } finally {
      setVisible(false)
    }
  }
  const preferPassphrase = query.get('recovery') === 'passphrase'
  // The host hears that the visitor now chooses or uses the recovery factor here.
  const recoveryShown = () => port.postMessage({ event: 'LOGIN', status: 'recovery' })
  const session = createWalletSession(apiUrl, projectId, {
    api,
    recovery: async () => (await config).recovery,
    chooseRecovery: (who, use) =>
      shown(async () => {
        recoveryShown()
        return (await import('./om-passkey.js')).chooseRecovery({ preferPassphrase, ...who }, use)
      }),
    unlockRecovery: (factor, use) =>
      shown(async () => {
        // A custodial wallet opens with no dialog.
        if (factor.kind !== 'custodial') recoveryShown()
        return (await import('./om-passkey.js')).unlockRecovery(factor, use)
      }),
  })
  let storageAsked = false
  const reportStorage = (value: boolean) => {
    persistent = value
    port.postMessage({ event: 'STORAGE', persistent })
  }
  let attemptId: string | undefined
  let loginEmail = ''
  /**
   * Where the e-mail login stands after its code: `verified` while the wallet is still to open
   * (the visitor cancelled the recovery dialog: Try again asks for the factor again, no new
   * code), `stale` once the server found that login too old to open it (a new code is mailed
   * to the same address and typed in the frame, then the factor).
   */
  let verified: 'verified' | 'stale' | undefined
  /** The social login under way (one at a time): its attempt and the name to show. */
  let social: { attemptId: string } | undefined
  let socialName: string | undefined
  /** The Sign In With Farcaster login under way (one at a time). */
  let farcaster: { attemptId: string } | undefined
  /** Ends the wait of CONNECT_SOCIAL early: the popup said the provider sent it back. */
  let socialWake: (() => void) | undefined
  // The popup's page (/loading on this origin) tells this frame through a same-origin channel
  // when the provider is done: only a speed-up, the server's status is what counts.
  try {
    new BroadcastChannel('openmodal-social').onmessage = () => socialWake?.()
  } catch {}
  let updateAttemptId: string | undefined
  let updateEmail = ''
  /** Spec §1/§6: the visitor's account type on the EVM chains; the smart account per chain. */
  let preferred: 'eoa' | 'smartAccount' = 'eoa'
  const smartAccounts = new Map<number, { address: `0x${string}`; deployed: boolean }>()
  const smartChain = (id: number) => {
    const bundlerUrl = bundlerUrls[String(id)]
    const rpcUrl = rpcUrls[String(id)]
    const mode = smartAccountModes[String(id)] ?? 'erc4337'
    const paymasterUrl = paymasterUrls[String(id)]
    return bundlerUrl && rpcUrl
      ? { chainId: id, rpcUrl, bundlerUrl, mode, ...(paymasterUrl && { paymasterUrl }) }
      : undefined
  }
  const activeSmartAccount = () => {
    if (preferred !== 'smartAccount') return undefined
    const chain = smartChain(evmChainId)
    const known = smartAccounts.get(evmChainId)
    return chain && known ? { ...chain, address: known.address } : undefined
  }
  /** Finds (and caches) the smart account of the wallet's key on `id`; its deployed state fresh. */
  const loadSmartAccount = async (id: number) => {
    const chain = smartChain(id)
    const owner = session.commitment?.eip155 as `0x${string}` | undefined
    if (!chain || !owner) return undefined
    const { smartAccountOf } = await import('./smart-account.js')
    const found = await smartAccountOf(owner, chain)
    smartAccounts.set(id, found)
    return found
  }
  const rpc = {
    session,
    dappOrigin,
    chainId: () => evmChainId,
    setChainId: (id: string | number) => {
      const network = networkOf(id)
      if (network?.namespace === 'eip155')
        [chainId, evmChainId] = [network.evmChainId, network.evmChainId]
    },
    setVisible,
    // Keys in memory only (a browser denying third-party storage): the approval click is the
    // user gesture the Storage Access API needs; asked once per load.
    afterApproval: async () => {
      if (persistent || storageAsked) return
      storageAsked = true
      reportStorage(await requestPersistentStorage({ gesture: true }))
    },
    rpcUrl: () => rpcUrls[String(evmChainId)],
    smartAccount: activeSmartAccount,
    // ERC-7811: every EVM chain with a node, its native currency and the project's tokens.
    assetChains: () =>
      Object.entries(rpcUrls).flatMap(([id, rpcUrl]) => {
        if (!/^[1-9]\d{0,15}$/.test(id)) return []
        const assets = evmAssets[id]
        return [
          {
            chainId: Number(id),
            rpcUrl,
            nativeCurrency: assets?.nativeCurrency ?? {
              name: 'Ether',
              symbol: 'ETH',
              decimals: 18,
            },
            tokens: (assets?.tokens ?? []) as `0x${string}`[],
          },
        ]
      }),
    lookups: createLookups(apiUrl, projectId),
    solanaRpcUrl: (chain?: string) => {
      if (chain) return rpcUrls[chain]
      const clusters = Object.keys(rpcUrls).filter((key) => key.startsWith('solana:'))
      const current = String(chainId)
      const key = current.startsWith('solana:') ? current : clusters[0]
      return key ? rpcUrls[key] : undefined
    },
  }

  const user = (network: string | number = chainId) => {
    const { commitment, user: who } = session
    if (!commitment || !who) throw new RpcError(4100, 'Not connected to email or social')
    const smart = smartAccounts.get(evmChainId)
    const active = activeSmartAccount()
    return {
      email: who.email,
      // The account of the asked (default: active) network's namespace.
      address:
        networkOf(network)?.namespace === 'solana'
          ? commitment.solana
          : (active?.address ?? commitment.eip155),
      chainId,
      accounts: [
        { address: commitment.eip155, type: 'eoa' as const, namespace: 'eip155' as const },
        ...(smart
          ? [
              {
                address: smart.address,
                type: 'smartAccount' as const,
                namespace: 'eip155' as const,
              },
            ]
          : []),
        { address: commitment.solana, type: 'eoa' as const, namespace: 'solana' as const },
      ],
      preferredAccountType: active ? ('smartAccount' as const) : ('eoa' as const),
      smartAccountDeployed: smart?.deployed ?? false,
      // The provider's username after a social login (Discord's `name#0` as given).
      ...(socialName ? { userName: socialName } : {}),
    }
  }

  /**
   * Shows the frame's code entry for one step of an e-mail update (the code to the current
   * address, then the one to the new address) until the server accepts a code. The first step
   * can send its code again (a new update attempt to the same new address); the second cannot
   * (cancel, then start the update again).
   */
  const updateCode = async (
    step: 'update_primary' | 'update_secondary',
    email: string,
    verify: (otp: string) => Promise<void>,
  ) => {
    const status = (value: LoginStatus) => port.postMessage({ event: 'LOGIN', status: value })
    const { enterCode } = await codeEntry()
    await shown(() =>
      enterCode({
        email,
        heading:
          step === 'update_primary' ? 'Confirm your current e-mail' : 'Confirm your new e-mail',
        mailStatus: async () => {
          if (!updateAttemptId) throw new Error('Start the e-mail update first')
          return (await session.api.mailStatus({ attemptId: updateAttemptId, step })).mail
        },
        verify,
        ...(step === 'update_primary'
          ? {
              resend: async () => {
                updateAttemptId = (await session.api.updateStart({ newEmail: updateEmail }))
                  .attemptId
              },
            }
          : {}),
        onStatus: status,
      }),
    )
    status('ready')
  }

  /**
   * Polls a social attempt until the server completed it (its refusal is thrown as the server
   * said it). Ends with "Modal closed" once `wanted()` is false: the host gave up on it.
   */
  const untilDone = async (attemptId: string, wanted: () => boolean) => {
    for (;;) {
      // A visitor who takes minutes at the provider outlasts the per-address burst: a
      // refused poll waits for the bucket to refill instead of failing the login.
      const answer = await session.api.socialStatus({ attemptId }).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'RATE_LIMITED') return undefined
        throw error
      })
      if (answer?.status === 'done') return answer
      // A newer login replaced this one: this wait ends (the host gave up on it).
      if (!wanted()) throw new Error('Modal closed')
      await new Promise<void>((resolve) => {
        socialWake = resolve
        setTimeout(resolve, answer ? SOCIAL_POLL_MS : 2 * SOCIAL_POLL_MS)
      })
    }
  }
  /** Cancels the Farcaster login under way at the server; its wait ends on its next turn. */
  const giveUpFarcaster = async () => {
    const current = farcaster
    if (!current) return false
    farcaster = undefined
    socialWake?.()
    return (await session.api.farcasterCancel({ attemptId: current.attemptId })).cancelled
  }

  const handlers: Partial<Record<AppEventType, (payload: never) => Promise<unknown>>> = {
    // The host opened the popup in the click; this gives the provider's URL to send it to.
    GET_SOCIAL_REDIRECT_URI: async ({
      provider,
      returnTo,
    }: {
      provider: string
      returnTo?: string
    }) => {
      const answer = await session.api.socialStart({
        projectId,
        provider,
        dappOrigin,
        ...(returnTo ? { returnTo } : {}),
      })
      social = { attemptId: answer.attemptId }
      return { uri: answer.url }
    },
    // Polls the attempt until the server completed it (a failure ends it with the server's
    // "Failed to initiate social connection"), then opens the wallet as after an e-mail code.
    // `uri`: a Telegram mini app's `result_uri` (the page left for the provider and came back,
    // this frame is a new one): /loading on this origin naming the attempt and its outcome.
    CONNECT_SOCIAL: async ({ uri }: { uri: string }) => {
      if (uri) social = { attemptId: attemptOfResult(uri) }
      const current = social
      if (!current) throw new Error('Start the social login first')
      const answer = await untilDone(current.attemptId, () => social === current)
      socialName = answer.user.username ?? undefined
      social = undefined
      await session.open()
      return user()
    },
    // Sign In With Farcaster: the server opens a relay channel for this device's key; its URL
    // goes in the QR code the modal shows. An earlier login still waiting is given up.
    GET_FARCASTER_URI: async () => {
      await giveUpFarcaster()
      const answer = await session.api.farcasterStart({ projectId, dappOrigin })
      farcaster = { attemptId: answer.attemptId }
      return { url: answer.url }
    },
    // Polls the attempt (the relay completes it when the phone's signature verifies), then
    // opens the wallet. Any failure is the spec's "Failed to connect to farcaster".
    CONNECT_FARCASTER: async () => {
      const current = farcaster
      if (!current) throw new Error('Start the farcaster login first')
      let answer: Awaited<ReturnType<typeof untilDone>>
      try {
        answer = await untilDone(current.attemptId, () => farcaster === current)
      } catch {
        // Given up by the host (CANCEL_FARCASTER, a newer login): it rejected with the same.
        if (farcaster !== current) throw new Error('Modal closed')
        farcaster = undefined
        throw new Error(FARCASTER_FAILED)
      }
      farcaster = undefined
      socialName = answer.user.username ?? undefined
      await session.open()
      return { userName: socialName ?? '' }
    },
    CANCEL_FARCASTER: async () => ({ cancelled: await giveUpFarcaster() }),
    CONNECT_EMAIL: async ({ email }: { email: string }) => {
      // The code entry loads while the server answers: it shows as soon as the host asks.
      void codeEntry().catch(() => undefined)
      const answer = await session.api.start({ projectId, email, dappOrigin })
      attemptId = answer.attemptId
      loginEmail = email
      verified = undefined
      return { action: answer.action }
    },
    CONNECT_DEVICE: async () => ({}),
    // The visitor types the code in the frame's own entry; the host hears only the status.
    CONNECT_OTP: async () => {
      const status = (value: LoginStatus) => port.postMessage({ event: 'LOGIN', status: value })
      /** The frame's code entry until a code verifies (a new code first after a stale login). */
      const typeCode = async () => {
        if (verified === 'stale') {
          void codeEntry().catch(() => undefined)
          attemptId = (await session.api.start({ projectId, email: loginEmail, dappOrigin }))
            .attemptId
          verified = undefined
        }
        if (!attemptId) throw new Error('Send the e-mail first')
        const { enterCode } = await codeEntry()
        await shown(() =>
          enterCode({
            email: loginEmail,
            mailStatus: async () => {
              if (!attemptId) throw new Error('Send the e-mail first')
              return (await session.api.mailStatus({ attemptId })).mail
            },
            verify: async (otp) => {
              if (!attemptId) throw new Error('Send the e-mail first')
              await session.api.verify({ attemptId, otp })
              attemptId = undefined
              verified = 'verified'
            },
            resend: async () => {
              const answer = await session.api.start({ projectId, email: loginEmail, dappOrigin })
              attemptId = answer.attemptId
            },
            onStatus: status,
          }),
        )
      }
      // Try again after a cancelled recovery: the verified login goes on to the factor.
      const reopened = verified === 'verified'
      if (!reopened) await typeCode()
      try {
        await session.open()
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'SESSION_NOT_FRESH')) throw error
        verified = 'stale'
        if (!reopened) throw error
        // That login is too old to open the wallet now: a new code to the same address.
        await typeCode()
        await session.open()
      }
      verified = undefined
      status('ready')
      return {}
    },
    GET_USER: async ({ chainId: network }: { chainId?: string | number }) => user(network),
    IS_CONNECTED: async () => ({ isConnected: session.commitment !== undefined }),
    GET_CHAIN_ID: async () => ({ chainId }),
    SWITCH_NETWORK: async ({ chainId: next }: { chainId: string | number }) => {
      const network = networkOf(next)
      // Spec §8 wallet code 4902: a network the embedded wallet has no account for.
      if (!network) throw new RpcError(4902, 'Unsupported chain')
      if (network.namespace === 'eip155') evmChainId = network.evmChainId
      chainId = network.namespace === 'eip155' ? network.evmChainId : next
      return { chainId }
    },
    SIGN_OUT: async () => {
      verified = undefined
      await session.signOut()
      return {}
    },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => ({
      smartAccountEnabledNetworks: Object.keys(bundlerUrls)
        .map(Number)
        .filter((id) => Number.isSafeInteger(id) && rpcUrls[String(id)] !== undefined),
    }),
    INIT_SMART_ACCOUNT: async () => {
      await loadSmartAccount(evmChainId)
      return {}
    },
    // Spec §4/§8: a smart account the project's chain cannot give leaves the EOA, with the
    // spec's words; the host falls back to the EOA.
    SET_PREFERRED_ACCOUNT: async ({ type }: { type: 'eoa' | 'smartAccount' }) => {
      if (type === 'smartAccount') {
        const found = await loadSmartAccount(evmChainId).catch(() => undefined)
        if (!found) {
          preferred = 'eoa'
          throw new Error('This application might not support Smart Accounts')
        }
      }
      preferred = type
      return { type, address: user(evmChainId).address }
    },
    UPDATE_EMAIL: async ({ email }: { email: string }) => {
      // The code entry loads while the server answers.
      void codeEntry().catch(() => undefined)
      const answer = await session.api.updateStart({ newEmail: email })
      updateAttemptId = answer.attemptId
      updateEmail = email
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    // Both codes of an e-mail update are typed in the frame, like the login's: the host hears
    // only where the step stands.
    UPDATE_EMAIL_PRIMARY_OTP: async () => {
      if (!updateAttemptId) throw new Error('Start the e-mail update first')
      await updateCode('update_primary', session.user?.email ?? '', async (otp) => {
        if (!updateAttemptId) throw new Error('Start the e-mail update first')
        await session.api.updatePrimary({ attemptId: updateAttemptId, otp })
      })
      return { action: 'VERIFY_SECONDARY_OTP' }
    },
    UPDATE_EMAIL_SECONDARY_OTP: async () => {
      if (!updateAttemptId) throw new Error('Start the e-mail update first')
      let changed = ''
      await updateCode('update_secondary', updateEmail, async (otp) => {
        if (!updateAttemptId) throw new Error('Start the e-mail update first')
        changed = (await session.api.updateSecondary({ attemptId: updateAttemptId, otp })).email
      })
      updateAttemptId = undefined
      if (session.user) session.user = { ...session.user, email: changed }
      return { newEmail: changed }
    },
    // A known device changes its recovery factor. The page can only ask: the visitor confirms
    // with a new code typed here (a stolen or old session is not enough), then picks the new
    // passkey or passphrase in this frame; the server swaps the shares in one signed step.
    CHANGE_RECOVERY: async () => {
      const who = session.user
      if (!who || !session.commitment) throw new RpcError(4100, 'Not connected to email or social')
      const email = who.email
      if (!email) throw new Error('Changing the recovery needs an e-mail on the account')
      // A device that recovered the wallet lately is held (the server refuses its change): say
      // so before a code is mailed and typed for nothing.
      const { hold } = await session.api.me()
      if (hold) {
        throw new ApiError(
          403,
          'NEW_DEVICE_HOLD',
          'This device recovered the wallet recently: it can change what recovers it later',
          hold.until,
        )
      }
      void codeEntry().catch(() => undefined)
      let changeAttempt = (await session.api.start({ projectId, email, dappOrigin })).attemptId
      const status = (value: LoginStatus) => port.postMessage({ event: 'LOGIN', status: value })
      const { enterCode } = await codeEntry()
      await shown(() =>
        enterCode({
          email,
          heading: 'Confirm it is you',
          mailStatus: async () => (await session.api.mailStatus({ attemptId: changeAttempt })).mail,
          verify: async (otp) => {
            await session.api.verify({ attemptId: changeAttempt, otp })
          },
          resend: async () => {
            changeAttempt = (await session.api.start({ projectId, email, dappOrigin })).attemptId
          },
          onStatus: status,
        }),
      )
      const me = await session.api.me()
      if (me.user.id !== who.id) throw new Error('That code signed in another account')
      await session.keepSession()
      const factor = await session.changeRecovery()
      status('ready')
      return { recovery: factor.kind }
    },
    RPC_REQUEST: async (request: { method: string; params?: unknown }) => ({
      result: await handleRpc(rpc, request),
    }),
    SYNC_THEME: async ({ themeMode }: { themeMode?: string }) => {
      if (themeMode === 'light' || themeMode === 'dark') frameLook.theme = themeMode
      return {}
    },
    SYNC_DAPP_DATA: async () => ({}),
    RELOAD: async () => {
      setTimeout(() => location.reload(), 0)
      return {}
    },
  }

  await session.restore(restoring).catch(() => false)
  port.onmessage = async (event: MessageEvent) => {
    const request = tryMessage(appRequest, event.data)
    if (!request) return
    const reply = (status: 'SUCCESS' | 'ERROR', payload: unknown) =>
      port.postMessage({ id: request.id, status, payload })
    try {
      // The code is typed in the frame: a code the page sends is refused, never checked.
      if (
        CODES_TYPED_HERE.has(request.type) &&
        (request.payload as { otp?: unknown })?.otp !== undefined
      )
        throw new RpcError(-32602, 'The code is typed in the secure frame, not sent to it')
      const payload = v.safeParse(APP_EVENTS[request.type].payload, request.payload)
      if (!payload.success)
        throw new RpcError(-32602, payload.issues[0]?.message ?? 'Invalid params')
      const handler = handlers[request.type]
      if (!handler) throw new Error(`${request.type} is not supported by this secure site yet`)
      reply('SUCCESS', await handler(payload.output as never))
    } catch (error) {
      const code = error instanceof RpcError ? error.code : (error as { code?: unknown }).code
      const errorCode =
        error instanceof ApiError ? error.code : (error as { errorCode?: unknown }).errorCode
      const message =
        error instanceof ApiError || error instanceof Error ? error.message : 'An error occurred'
      // When a server refusal ends (a new device's hold), for the host to name the time.
      const until = error instanceof ApiError ? error.until : undefined
      reply('ERROR', {
        message: message.slice(0, 1024),
        ...(typeof code === 'number' ? { code } : {}),
        // The server's code (or the frame's own, SESSION_EXPIRED), so the host can name the
        // error (and a UI translate it).
        ...(typeof errorCode === 'string' && /^[A-Z][A-Z_]{0,39}$/.test(errorCode)
          ? { errorCode }
          : {}),
        ...(until !== undefined && Number.isSafeInteger(until) ? { until } : {}),
        // A 429's wait, so the host can say "try again after N seconds" in its own words.
        ...(error instanceof ApiError && error.retryAfter !== undefined
          ? { retryAfter: error.retryAfter }
          : {}),
      })
    }
  }
}
