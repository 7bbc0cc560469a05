// Spec §4 network switch through the real frame: within EVM the frame switches and the
// provider says chainChanged; across namespaces the wallet reconnects with the account of the
// new namespace; a namespace it cannot serve falls back to a plain switch.
import { expect } from '@open-wc/testing'
import { typeCode } from '../test/login.js'
import { createSecureFrame, type SecureFrame } from './frame.js'
import { switchEmbeddedNetwork } from './network.js'
import { createEmbeddedProvider } from './provider.js'

const { origin: secureOrigin, solana } = (await (
  await fetch('/__openmodal/secure-site.json')
).json()) as { origin: string; solana: { cluster: `solana:${string}` } }
const EMAIL = `net-${crypto.randomUUID().slice(0, 8)}@example.com`
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'

describe('switchEmbeddedNetwork', () => {
  let frame: SecureFrame
  let evmAddress: string
  let solanaAddress: string

  before(async () => {
    frame = createSecureFrame({ secureOrigin, projectId: 'p-ok', chainId: 31337, version: '0.1.0' })
    await frame.request('CONNECT_EMAIL', { email: EMAIL })
    const mail = await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(EMAIL)}`)
    await typeCode(frame, ((await mail.json()) as { otp: string }).otp)
    const user = await frame.request('GET_USER', {})
    evmAddress = user.address
    solanaAddress = user.accounts?.find((a) => a.namespace === 'solana')?.address ?? ''
    expect(solanaAddress).to.not.equal('')
  })
  after(() => frame.destroy())

  it('switches within EVM through the frame and emits chainChanged', async () => {
    const provider = createEmbeddedProvider(frame)
    const changes: string[] = []
    provider.on('chainChanged', (chainId) => changes.push(chainId))
    const result = await switchEmbeddedNetwork(frame, {
      from: 'eip155:31337',
      to: 'eip155:10',
      provider,
    })
    expect(result).to.deep.equal({ outcome: 'switched', caipNetworkId: 'eip155:10' })
    expect(changes).to.deep.equal(['0xa'])
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0xa')
    expect(await frame.request('GET_CHAIN_ID', {})).to.deep.equal({ chainId: 10 })
    await switchEmbeddedNetwork(frame, { from: 'eip155:10', to: 'eip155:31337' })
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x7a69')
  })

  it('reconnects across namespaces with the account of the new one, and back', async () => {
    const provider = createEmbeddedProvider(frame)
    const toSolana = await switchEmbeddedNetwork(frame, {
      from: 'eip155:31337',
      to: solana.cluster,
    })
    expect(toSolana).to.deep.equal({
      outcome: 'reconnected',
      caipNetworkId: solana.cluster,
      address: solanaAddress,
    })
    expect(await frame.request('GET_CHAIN_ID', {})).to.deep.equal({ chainId: solana.cluster })
    expect((await frame.request('GET_USER', {})).address).to.equal(solanaAddress)
    // The EVM side keeps its chain for EVM calls meanwhile.
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x7a69')

    const back = await switchEmbeddedNetwork(frame, { from: solana.cluster, to: 'eip155:31337' })
    expect(back).to.deep.equal({
      outcome: 'reconnected',
      caipNetworkId: 'eip155:31337',
      address: evmAddress,
    })
    expect(await frame.request('GET_CHAIN_ID', {})).to.deep.equal({ chainId: 31337 })
  })

  it('falls back to a plain switch when the wallet cannot reconnect in that namespace', async () => {
    const result = await switchEmbeddedNetwork(frame, { from: 'eip155:31337', to: BITCOIN })
    expect(result.outcome).to.equal('fallback')
    expect(result.caipNetworkId).to.equal(BITCOIN)
    const error = (result as { error: { code?: number; message?: string } }).error
    expect([error.code, error.message]).to.deep.equal([4902, 'Unsupported chain'])
    // The frame stays on the network it had.
    expect(await frame.request('GET_CHAIN_ID', {})).to.deep.equal({ chainId: 31337 })
  })

  it('lets a failed switch within a namespace reach the caller', async () => {
    const error = (await switchEmbeddedNetwork(frame, {
      from: 'eip155:31337',
      to: 'eip155:zero',
    }).catch((e: unknown) => e)) as Error
    expect(error.message).to.equal('Invalid EVM network eip155:zero')
    const refused = (await switchEmbeddedNetwork(frame, {
      from: BITCOIN,
      to: 'bip122:000000000933ea01ad0ee984209779ba',
    }).catch((e: unknown) => e)) as { code: number }
    expect(refused.code).to.equal(4902)
  })
})
