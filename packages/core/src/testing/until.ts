// Waiting in tests for something asynchronous to happen, without a fixed delay: a fixed
// `setTimeout(20)` fails on a loaded machine, where a dynamic import alone can take longer.

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Resolves as soon as `check` holds; rejects after about 2 s (400 checks, 5 ms apart), naming
 * `what`.
 *
 * @example await until(() => $remoteConfig.get().status === 'loaded', 'the config')
 */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return
    await wait(5)
  }
  throw new Error(`Timed out waiting for ${what}`)
}
