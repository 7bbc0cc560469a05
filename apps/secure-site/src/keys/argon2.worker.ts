// Argon2id off the frame's main thread: @noble/hashes yields only to microtasks, so 64 MiB x 3
// (~10 s) in the page would freeze the dialog (no status, no clicks) for that long.
import { argon2idAsync } from '@noble/hashes/argon2'

type Job = {
  password: string
  salt: Uint8Array
  options: { t: number; m: number; p: number; dkLen: number }
}

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<Job>) => void) | null
  postMessage(message: unknown, transfer?: Transferable[]): void
}

scope.onmessage = async ({ data }) => {
  try {
    const key = await argon2idAsync(data.password, data.salt, data.options)
    scope.postMessage({ key }, [key.buffer as ArrayBuffer])
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : 'Argon2id failed' })
  }
}
