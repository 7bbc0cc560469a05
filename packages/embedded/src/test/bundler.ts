// The chain side of the tests against anvil and the bundler (web-test-runner.config.mjs).
import { executeServerCommand } from '@web/test-runner-commands'

/**
 * EntryPoints v0.7 and v0.8, the account factory, Simple7702Account and the bundler (started
 * with the server; 10-30 s on a loaded machine); resolves with the test ERC-20's address. A
 * command answers within 20 s, so a slow start is asked again, up to 6 times.
 */
export async function bundlerUp(): Promise<{ token: `0x${string}` }> {
  for (let tries = 1; ; tries++) {
    const up = await executeServerCommand('start-bundler').then(
      (answer) => answer as { token: `0x${string}` },
      (error: Error) => {
        if (tries >= 6 || !/Did not receive a server response/.test(error.message)) throw error
        return undefined
      },
    )
    if (up) return up
  }
}

/** The runner's anvil (chain 31337) as a modal network. */
export const anvilNetwork = (rpcUrl: string) => ({
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  chainNamespace: 'eip155' as const,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
})
