// The phone's part of Sign In With Farcaster in tests: `@farcaster/auth-client`'s wallet client
// reads a channel's URL, builds the SIWF message, signs it with a custody key and posts it to
// the relay, as a Farcaster wallet app does.
import assert from 'node:assert/strict'
import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import type { Hex, LocalAccount } from 'viem'

/**
 * Signs in to the channel of `url` as `fid` with `signer`, posting to `relay`; `nonce` and
 * `domain` replace the channel's (a message made for another channel or site).
 *
 * @example
 * await phoneSignsIn({ relay, rpcUrl, authKey, url, fid, signer: custody, username: 'alice' })
 */
export async function phoneSignsIn(input: {
  relay: string
  rpcUrl: string
  authKey: string
  url: string
  fid: number
  signer: LocalAccount
  username: string
  nonce?: string
  domain?: string
}) {
  const wallet = createWalletClient({
    relay: input.relay,
    ethereum: viemConnector({ rpcUrl: input.rpcUrl }),
  })
  const { channelToken } = wallet.parseSignInURI({ uri: input.url })
  const params = new URL(input.url).searchParams
  const { message } = wallet.buildSignInMessage({
    address: input.signer.address,
    fid: input.fid,
    uri: params.get('siweUri') ?? '',
    domain: input.domain ?? params.get('domain') ?? '',
    nonce: input.nonce ?? params.get('nonce') ?? '',
  })
  assert.ok(message, 'the wallet client built a message')
  return wallet.authenticate({
    channelToken,
    authKey: input.authKey,
    message,
    signature: (await input.signer.signMessage({ message })) as Hex,
    fid: input.fid,
    username: input.username,
    displayName: 'Test user',
    bio: '',
    pfpUrl: '',
  })
}
