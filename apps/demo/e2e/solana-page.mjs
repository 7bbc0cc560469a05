// Shared by the Solana e2e tests: the local cluster, anvil, the built demo and Chromium started
// together, the page configured as `pnpm demo` configures it (optionally with apps/server for
// balances), the Solana dev wallet connected through the modal, and reads of the cluster that
// share no code with the page (lamports, token amounts).
import { rpc } from './preview.mjs'
import { pageHelpers as stackPageHelpers, startStack } from './stack.mjs'

export const SOLANA_WALLET = 'OpenModal Solana Dev Wallet'
// The Solana dev wallet's account 0 (@openmodal/testing SOLANA_DEV_ADDRESSES[0]).
export const SOL_ADDRESS = 'FZQwydwD6YfmqGgBnZxw6rEhV6d5T5hDnAp2M2sYcKQ1'

/** Lamports of `address` on the cluster. */
export async function lamportsOf(rpcUrl, address) {
  return BigInt((await rpc(rpcUrl, 'getBalance', [address])).value)
}

/** Raw amounts of `owner`'s token accounts of `mint` (0n when it has none), and how many. */
export async function tokenAmountOf(rpcUrl, owner, mint) {
  const { value } = await rpc(rpcUrl, 'getTokenAccountsByOwner', [
    owner,
    { mint },
    { encoding: 'jsonParsed' },
  ])
  return {
    amount: value.reduce(
      (sum, { account }) => sum + BigInt(account.data.parsed.info.tokenAmount.amount),
      0n,
    ),
    accounts: value.length,
  }
}

/**
 * Starts the cluster, anvil (`chainIds`), the built demo and Chromium (./stack.mjs), and opens
 * the demo in a page configured as `pnpm demo` does (`window.__openmodalDemo`). `prepare(rpc)`
 * runs once the cluster is up (airdrops, mints) and may return the cluster's entry (an object)
 * for apps/server's project config (`{ splTokens }`): then the server runs too (balances of SOL
 * and SPL tokens) and the page gets its URL. `initScript` runs in the page before the demo's
 * own code. `bitcoin`: also the regtest ledger (`regtest`), its network and the Bitcoin dev
 * wallet, as `pnpm demo` adds them.
 *
 * @example const demo = await startSolanaDemo({ prepare: (rpc) => rpc.airdrop(SOL_ADDRESS, 10n ** 9n) })
 */
export async function startSolanaDemo({
  chainIds,
  prepare,
  initScript,
  bitcoin = false,
  goto = true,
  timeout = 10_000,
} = {}) {
  const stack = await startStack({
    chainIds,
    solana: true,
    bitcoin,
    prepare: ({ rpc }) => prepare?.(rpc),
    server: ({ local, localnet, rpc, prepared }) =>
      typeof prepared === 'object' &&
      prepared !== null && {
        chains: () => [
          ...local.map(({ chainId, rpcUrl }) => ({
            caipNetworkId: `eip155:${chainId}`,
            rpcUrls: [rpcUrl],
          })),
          { caipNetworkId: localnet, rpcUrls: [rpc.rpcUrl], ...prepared },
        ],
      },
    demo: ({ local, rpc, server, regtest }) => ({
      chains: local,
      devWallet: true,
      solana: { rpcUrl: rpc.rpcUrl, genesisHash: rpc.genesisHash },
      ...(regtest ? { bitcoin: { esploraUrl: regtest.url } } : {}),
      ...(server ? { apiUrl: server.url } : {}),
    }),
    initScripts: initScript ? [initScript] : [],
    goto: goto ? '' : undefined,
    timeout,
  })
  return Object.assign(stack, pageHelpers(stack.page, timeout))
}

/**
 * Locators and waits on the demo page: `view(selector)` inside the modal's dialog, `text()`
 * with whitespace collapsed (./stack.mjs), `closed()`, `connectSolana()` through the modal.
 */
export function pageHelpers(page, timeout = 10_000) {
  const { view, text } = stackPageHelpers(page, timeout)
  const closed = () => page.locator('w3m-modal dialog').waitFor({ state: 'hidden', timeout })
  return {
    view,
    text,
    closed,
    /** Clicks <w3m-button>, picks the Solana dev wallet, waits until connected and closed. */
    async connectSolana() {
      await page.locator('w3m-button button').click()
      await view(`w3m-connect-view button[data-id="${SOLANA_WALLET}"]`).click({ timeout })
      await page.waitForFunction(
        () => window.__openmodal.getAccount('solana').status === 'connected',
        null,
        { timeout },
      )
      await closed()
    },
  }
}
