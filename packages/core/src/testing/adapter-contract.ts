// The contract every ChainAdapter must keep, as runner-agnostic test cases: node:test,
// mocha in Chromium (web-test-runner) or anything with `test(name, fn)` can run them.
//
//   for (const c of adapterContract(setup)) test(c.name, c.run)
import type { AdapterEvent, ChainAdapter, Connector } from '../adapters/types.js'
import type { CaipNetwork } from '../types/network.js'
import { isAddressFor } from '../utils/address.js'

export interface ContractContext {
  adapter: ChainAdapter
  /** A connector the adapter discovers and that connects without a person. */
  connectorId: string
  network: CaipNetwork
  /** A second network the wallet knows, to test switching. */
  otherNetwork?: CaipNetwork
  /** Verifies a signature independently (e.g. with viem or tweetnacl). */
  verifySignature?: (params: {
    address: string
    message: string
    signature: string
  }) => Promise<boolean>
  /** Makes the wallet change its accounts (to test events). */
  triggerAccountsChanged?: () => Promise<void> | void
  teardown?: () => Promise<void> | void
}

export interface ContractCase {
  name: string
  run: () => Promise<void>
}

export class ContractViolation extends Error {
  override name = 'ContractViolation'
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ContractViolation(message)
}

const SAFE_IMAGE = /^(data:image\/(svg\+xml|png|webp|jpeg|gif)[;,]|https:\/\/)/i
const CONNECTOR_TYPES = [
  'EXTERNAL',
  'ANNOUNCED',
  'INJECTED',
  'MULTI_CHAIN',
  'AUTH',
  'WALLET_CONNECT',
]

function discover(adapter: ChainAdapter, timeoutMs = 2000): Promise<readonly Connector[]> {
  return new Promise((resolve, reject) => {
    let stop: (() => void) | undefined
    const timer = setTimeout(() => {
      stop?.()
      reject(new ContractViolation('watchConnectors reported no connector within 2 s'))
    }, timeoutMs)
    let done = false
    stop = adapter.watchConnectors((connectors) => {
      if (done || connectors.length === 0) return
      done = true
      clearTimeout(timer)
      queueMicrotask(() => stop?.())
      resolve(connectors)
    })
    if (done) stop()
  })
}

/**
 * The adapter contract as test cases. `setup` is called before each case and must give a
 * fresh, disconnected adapter; `teardown` (if any) runs after it.
 */
export function adapterContract(
  setup: () => Promise<ContractContext> | ContractContext,
): ContractCase[] {
  const withContext =
    (body: (ctx: ContractContext) => Promise<void>) => async (): Promise<void> => {
      const ctx = await setup()
      try {
        await body(ctx)
      } finally {
        await ctx.teardown?.()
      }
    }
  const connected = async (ctx: ContractContext) => {
    const result = await ctx.adapter.connect({ connectorId: ctx.connectorId, network: ctx.network })
    const first = result.accounts[0]
    check(first, 'connect returned no account')
    return { result, address: first.address }
  }

  return [
    {
      name: 'discovers connectors with valid fields and safe icons',
      run: withContext(async ({ adapter, connectorId }) => {
        const connectors = await discover(adapter)
        check(
          connectors.some((c) => c.id === connectorId),
          `connector ${connectorId} not discovered`,
        )
        for (const c of connectors) {
          check(
            typeof c.id === 'string' && c.id.length > 0,
            'connector id must be a non-empty string',
          )
          check(typeof c.name === 'string' && c.name.length > 0, `connector ${c.id} has no name`)
          check(CONNECTOR_TYPES.includes(c.type), `connector ${c.id} has unknown type ${c.type}`)
          check(c.namespaces.includes(adapter.namespace), `connector ${c.id} lacks its namespace`)
          check(!c.imageUrl || SAFE_IMAGE.test(c.imageUrl), `connector ${c.id} has an unsafe icon`)
        }
      }),
    },
    {
      name: 'connects and returns accounts of its namespace and a chain id',
      run: withContext(async (ctx) => {
        const { result } = await connected(ctx)
        check(result.chainId !== undefined && result.chainId !== '', 'connect returned no chain id')
        for (const account of result.accounts) {
          check(account.namespace === ctx.adapter.namespace, 'account of another namespace')
          check(
            isAddressFor(ctx.adapter.namespace, account.address),
            `invalid address ${account.address}`,
          )
        }
        const accounts = await ctx.adapter.getAccounts()
        check(
          accounts.some(
            (a) => a.address.toLowerCase() === result.accounts[0]?.address.toLowerCase(),
          ),
          'getAccounts does not include the connected account',
        )
      }),
    },
    {
      name: 'reconnects silently after a connect',
      run: withContext(async (ctx) => {
        const { address } = await connected(ctx)
        const again = await ctx.adapter.reconnect({
          connectorId: ctx.connectorId,
          network: ctx.network,
        })
        check(again, 'reconnect returned null for an authorized connector')
        check(
          again.accounts.some((a) => a.address.toLowerCase() === address.toLowerCase()),
          'reconnect returned another account',
        )
      }),
    },
    {
      name: 'disconnect leaves no connected account',
      run: withContext(async (ctx) => {
        await connected(ctx)
        await ctx.adapter.disconnect()
        const accounts = await ctx.adapter.getAccounts()
        check(
          accounts.length === 0,
          `getAccounts returned ${accounts.length} accounts after disconnect`,
        )
      }),
    },
    {
      name: 'reads the native balance with the network currency',
      run: withContext(async (ctx) => {
        const { address } = await connected(ctx)
        const balance = await ctx.adapter.getBalance({ address, network: ctx.network })
        check(
          typeof balance.value === 'bigint' && balance.value >= 0n,
          'balance value must be a bigint ≥ 0',
        )
        check(
          balance.decimals === ctx.network.nativeCurrency.decimals,
          'balance decimals differ from the network',
        )
        check(
          balance.symbol === ctx.network.nativeCurrency.symbol,
          'balance symbol differs from the network',
        )
      }),
    },
    {
      name: 'estimates a transfer fee as { value, cap? } and takes the cap back',
      run: withContext(async (ctx) => {
        if (!ctx.adapter.estimateTransferFee) return
        const { address } = await connected(ctx)
        const fee = await ctx.adapter.estimateTransferFee({ to: address, value: 0n })
        check(typeof fee.value === 'bigint' && fee.value >= 0n, 'fee value must be a bigint ≥ 0')
        const { cap } = fee
        if (!cap) return
        const price = 'gasPrice' in cap ? cap.gasPrice : cap.maxFeePerGas
        check(
          typeof price === 'bigint' &&
            price >= 0n &&
            ('gasPrice' in cap || cap.maxPriorityFeePerGas <= cap.maxFeePerGas),
          'fee cap must be bigints, the priority fee within maxFeePerGas',
        )
        // Estimated at its own cap, the fee is the same: the ceiling travels unchanged.
        const again = await ctx.adapter.estimateTransferFee({ to: address, value: 0n, fee: cap })
        check(again.value === fee.value, 'estimating at the returned cap changed the fee')
      }),
    },
    {
      name: 'signs a message with the connected account',
      run: withContext(async (ctx) => {
        const { address } = await connected(ctx)
        const message = `OpenModal contract ${Date.now()}`
        const signature = await ctx.adapter.signMessage({ message, address })
        check(typeof signature === 'string' && signature.length > 0, 'empty signature')
        if (ctx.verifySignature) {
          check(
            await ctx.verifySignature({ address, message, signature }),
            'signature does not verify',
          )
        }
      }),
    },
    {
      name: 'switches to another known network and reports chainChanged',
      run: withContext(async (ctx) => {
        const other = ctx.otherNetwork
        if (!other) return
        await connected(ctx)
        const seen: AdapterEvent[] = []
        const off = ctx.adapter.on((event) => seen.push(event))
        try {
          await ctx.adapter.switchNetwork(other)
          // Wallets report the change asynchronously; give the event loop a moment.
          for (let i = 0; i < 50 && !seen.some((e) => e.type === 'chainChanged'); i++) {
            await new Promise((r) => setTimeout(r, 20))
          }
          const changed = seen.find((e) => e.type === 'chainChanged')
          check(
            changed && String(changed.chainId) === String(other.id),
            'no chainChanged to the new network',
          )
        } finally {
          off()
        }
      }),
    },
    {
      name: 'stops delivering events after unsubscribe',
      run: withContext(async (ctx) => {
        if (!ctx.triggerAccountsChanged) return
        await connected(ctx)
        const seen: AdapterEvent[] = []
        const off = ctx.adapter.on((event) => seen.push(event))
        await ctx.triggerAccountsChanged()
        await new Promise((r) => setTimeout(r, 50))
        check(
          seen.some((e) => e.type === 'accountsChanged'),
          'accountsChanged was not delivered',
        )
        off()
        const count = seen.length
        await ctx.triggerAccountsChanged()
        await new Promise((r) => setTimeout(r, 50))
        check(seen.length === count, 'events still delivered after unsubscribe')
      }),
    },
    {
      name: 'exposes a provider for the host',
      run: withContext(async (ctx) => {
        await connected(ctx)
        const provider = ctx.adapter.getProvider()
        check(provider !== undefined && provider !== null, 'getProvider returned nothing')
      }),
    },
  ]
}
