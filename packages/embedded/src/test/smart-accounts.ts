// The smart-account fixtures of the browser tests' server (web-test-runner.config.mjs): the
// EntryPoints, the Safe contracts, the bundler and the paymaster service, started with the
// server and up within a minute.
import { executeServerCommand } from '@web/test-runner-commands'

export interface SmartAccountFixtures {
  bundlerUrl: string
  /** The test ERC-20. */
  token: `0x${string}`
  /** The ERC-7677 paymaster service of project `p-safe`. */
  paymasterUrl: string
}

/**
 * Waits until the server's smart-account fixtures are up: a command answers within 20 s, a
 * loaded machine may need longer to start the bundler, so it asks again (6 times at most).
 */
export async function smartAccountsUp(): Promise<SmartAccountFixtures> {
  for (let tries = 1; ; tries++) {
    const up = await executeServerCommand('start-bundler').then(
      (answer) => answer as SmartAccountFixtures,
      (error: Error) => {
        if (tries >= 6 || !/Did not receive a server response/.test(error.message)) throw error
        return undefined
      },
    )
    if (up) return up
  }
}
