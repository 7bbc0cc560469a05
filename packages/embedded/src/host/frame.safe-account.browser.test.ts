// The Safe smart account (smartAccountMode 'safe') through the real secure site: it signs a
// SIWX message after the approval (ERC-6492 while counterfactual, ERC-1271 once deployed) and
// its batch is sponsored by the project's ERC-7677 paymaster (the account holds no ETH); a
// paymaster URL the project did not configure is refused before any dialog.
import { expect } from '@open-wc/testing'
import { executeServerCommand } from '@web/test-runner-commands'
import { createPublicClient, http } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { loginByEmail } from '../test/login.js'
import { smartAccountsUp } from '../test/smart-accounts.js'
import { createSecureFrame } from './frame.js'
import { createEmbeddedProvider } from './provider.js'

const { origin: secureOrigin, rpcUrl } = (await (
  await fetch('/__openmodal/secure-site.json')
).json()) as { origin: string; rpcUrl: string }
const ERC6492_SUFFIX = /(6492){16}$/
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const dialogText = async () => String(await executeServerCommand('frame-text'))

describe('the Safe smart account in the secure frame', () => {
  it('signs SIWX counterfactual and deployed; its sponsored batch deploys it', async () => {
    const { paymasterUrl } = await smartAccountsUp()
    const chain = createPublicClient({ transport: http(rpcUrl) })
    const frame = createSecureFrame({
      secureOrigin,
      projectId: 'p-safe',
      chainId: 31337,
      version: '0.1.0',
    })
    try {
      const provider = createEmbeddedProvider(frame)
      const email = `safe-${crypto.randomUUID().slice(0, 8)}@example.com`
      await loginByEmail(frame, secureOrigin, email)
      const eoa = (await frame.request('GET_USER', {})).address
      const switched = await frame.request('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })
      const safe = switched.address as `0x${string}`
      expect(safe.toLowerCase()).to.not.equal(eoa.toLowerCase())
      expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([safe])
      expect(
        await provider.request({ method: 'wallet_getCapabilities', params: [safe] }),
      ).to.deep.equal({
        '0x7a69': {
          atomic: { status: 'supported' },
          paymasterService: { supported: true },
          assetDiscovery: { supported: true },
        },
      })

      const signIn = async () => {
        const message = createSiweMessage({
          address: safe,
          chainId: 31337,
          domain: location.host,
          nonce: crypto.randomUUID().replaceAll('-', ''),
          uri: location.origin,
          version: '1',
          statement: 'Sign in with the smart account',
        })
        const signing = provider.request({ method: 'personal_sign', params: [message, safe] })
        // The approval shows the message as text, like every signature.
        expect(await dialogText()).to.include('Sign in with the smart account')
        await executeServerCommand('frame-click', { name: 'Approve' })
        const signature = (await signing) as `0x${string}`
        expect(await chain.verifySiweMessage({ message, signature })).to.equal(true)
        return signature
      }
      // Counterfactual: the signature carries the Safe's deployment (ERC-6492).
      expect(await chain.getCode({ address: safe })).to.equal(undefined)
      expect(await signIn()).to.match(ERC6492_SUFFIX)

      // A dapp's paymaster URL the project did not configure: 5700, no dialog.
      const foreign = (await provider
        .request({
          method: 'wallet_sendCalls',
          params: [
            {
              version: '2.0.0',
              calls: [{ to: eoa, value: '0x0' }],
              capabilities: { paymasterService: { url: 'http://127.0.0.1:9/pm' } },
            },
          ],
        })
        .catch((error: unknown) => error)) as { code?: number }
      expect(foreign.code).to.equal(5700)

      // The configured paymaster, named by the dapp too: the Safe has no ETH, the batch lands.
      expect(await chain.getBalance({ address: safe })).to.equal(0n)
      const sending = provider.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            calls: [
              { to: eoa, value: '0x0' },
              { to: '0x000000000000000000000000000000000000bEEF', value: '0x0' },
            ],
            capabilities: { paymasterService: { url: paymasterUrl } },
          },
        ],
      }) as Promise<{ id: string }>
      expect(await dialogText()).to.include('2 calls, sent together')
      await executeServerCommand('frame-click', { name: 'Approve' })
      const { id } = await sending
      let status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
        status: number
      }
      for (let tries = 0; status.status === 100 && tries < 600; tries++) {
        await sleep(50)
        status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
          status: number
        }
      }
      expect(status.status).to.equal(200)
      expect(await chain.getBalance({ address: safe })).to.equal(0n)
      expect(await chain.getCode({ address: safe })).to.not.equal(undefined)

      // Deployed: a plain ERC-1271 signature.
      expect(await signIn()).to.not.match(ERC6492_SUFFIX)
    } finally {
      frame.destroy()
    }
  })
})
