// Sign In With Farcaster, the modal's half (spec §4 "Farcaster uses a URL fetched from the auth
// connector and is cancelled if the modal closes"; issue 26). The secure frame opens a relay
// channel at the dapp's server; the modal shows its URL as a QR code and a link; the phone's
// Farcaster wallet signs; the frame polls the server and opens the wallet. Only the lazily
// loaded ConnectingFarcaster view imports this module.

import type { EmbeddedWalletLoaded, EmbeddedWalletUser } from '../adapters/embedded-wallet.js'
import { BaseError } from '../errors/base.js'
import { kitError } from '../errors/errors.js'
import { frameError } from '../errors/frame-messages.js'
import { storage } from '../storage/storage.js'
import { $options } from '../stores/options.js'
import { connect } from './connect.js'

/** Spec §8: any Farcaster login that did not complete. */
const failed = (cause?: unknown) => frameError('FAILED_TO_CONNECT_FARCASTER', { cause })

/**
 * Runs a Sign In With Farcaster login: hands the channel's URL to `onUri` (the QR code and the
 * link), waits until the phone signed in, stores the login as after an e-mail code and connects
 * the modal. `signal` (the modal closed, the view left) cancels the login at the server, so a
 * signature sent later logs nobody in, and rejects with "Modal closed". Any other failure is
 * "Failed to connect to farcaster", except the kit's own errors (rate limited, timeouts…).
 *
 * @example await connectFarcaster({ onUri: (url) => (qr.uri = url), signal })
 */
export async function connectFarcaster({
  onUri,
  signal,
}: {
  onUri: (url: string) => void
  signal?: AbortSignal
}): Promise<EmbeddedWalletUser> {
  const entry = $options.get()?.embeddedWallet
  if (!entry) throw frameError('NO_AUTH_CONNECTOR')
  const closed = () => signal?.reason ?? kitError('MODAL_CLOSED')
  if (signal?.aborted) throw closed()
  const own = (error: unknown) =>
    error instanceof BaseError && error.code !== 'UNKNOWN' ? error : failed(error)
  const loaded: EmbeddedWalletLoaded = await entry.load()
  let url: string
  try {
    url = await loaded.getFarcasterUri()
  } catch (error) {
    throw own(error)
  }
  const cancel = () => void loaded.cancelFarcaster().catch(() => undefined)
  if (signal?.aborted) {
    cancel()
    throw closed()
  }
  onUri(url)
  const connected = loaded.connectFarcaster()
  let stop = () => {}
  const stopped = new Promise<never>((_, reject) => {
    const onAbort = () => {
      cancel()
      reject(closed())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    stop = () => signal?.removeEventListener('abort', onAbort)
  })
  let user: EmbeddedWalletUser
  try {
    user = await Promise.race([connected, stopped])
  } catch (error) {
    connected.catch(() => undefined)
    if (signal?.aborted) throw closed()
    throw own(error)
  } finally {
    stop()
  }
  // Spec §3/§4: the login's flag and username, as after a social login.
  storage.set('emailLoginUsed', true)
  storage.remove('lastEmailLoginTime')
  storage.remove('email')
  if (user.userName) storage.set('socialUsername', user.userName)
  else storage.remove('socialUsername')
  storage.set('socialProvider', 'farcaster')
  await connect({ connectorId: entry.id })
  return user
}
