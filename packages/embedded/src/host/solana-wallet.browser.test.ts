// The wallet-standard Solana wallet over the frame, against the local Solana RPC of
// @openmodal/testing: sign a message, sign a transaction, sign and send SOL, each after the
// user approved it in the frame (a real click through Playwright).
import { ed25519 } from '@noble/curves/ed25519'
import { expect } from '@open-wc/testing'
import { parseWallet } from '@openmodal/solana'
import { base58 } from '@scure/base'
import type { WalletAccount } from '@wallet-standard/base'
import { executeServerCommand } from '@web/test-runner-commands'
import { typeCode } from '../test/login.js'
import { createSecureFrame, type SecureFrame } from './frame.js'
import { createEmbeddedSolanaWallet } from './solana-wallet.js'

const { origin: secureOrigin, solana } = (await (
  await fetch('/__openmodal/secure-site.json')
).json()) as { origin: string; solana: { rpcUrl: string; cluster: `solana:${string}` } }
const EMAIL = `sol-${crypto.randomUUID().slice(0, 8)}@example.com`

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result: T; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

const balanceOf = async (address: string) =>
  BigInt((await rpc<{ value: number }>('getBalance', [address])).value)

/**
 * A legacy System Program transfer, laid out by hand from the wire format (so the test shares
 * no code with the frame's decoder): 1 signature slot, header [1, 0, 1], accounts [from, to,
 * system], blockhash, one instruction (index 2, accounts [0, 1], u32 2 + u64 lamports).
 */
function transferTransaction(from: string, to: string, lamports: bigint, blockhash: string) {
  const data = new DataView(new ArrayBuffer(12))
  data.setUint32(0, 2, true)
  data.setBigUint64(4, lamports, true)
  const message = Uint8Array.from([
    1,
    0,
    1,
    3,
    ...base58.decode(from),
    ...base58.decode(to),
    ...new Uint8Array(32),
    ...base58.decode(blockhash),
    1,
    2,
    2,
    0,
    1,
    12,
    ...new Uint8Array(data.buffer),
  ])
  return { message, transaction: Uint8Array.from([1, ...new Uint8Array(64), ...message]) }
}

const approve = () => executeServerCommand('frame-click', { name: 'Approve' })
const dialogText = () => executeServerCommand<unknown, string>('frame-text')

describe('embedded Solana wallet (wallet-standard over the frame)', () => {
  let frame: SecureFrame
  let wallet: ReturnType<typeof createEmbeddedSolanaWallet>
  let account: WalletAccount

  before(async () => {
    frame = createSecureFrame({ secureOrigin, projectId: 'p-ok', chainId: 31337, version: '0.1.0' })
    await frame.request('CONNECT_EMAIL', { email: EMAIL })
    const mail = await fetch(`${secureOrigin}/__test/mailbox?email=${encodeURIComponent(EMAIL)}`)
    await typeCode(frame, ((await mail.json()) as { otp: string }).otp)
    wallet = createEmbeddedSolanaWallet(frame, { chains: [solana.cluster] })
  })
  after(() => frame.destroy())

  it('has the shape the Solana adapter accepts and connects to the frame account', async () => {
    expect(parseWallet(wallet)?.name).to.equal('E-mail wallet')
    const changes: number[] = []
    const off = (
      wallet.features['standard:events'] as {
        on: (event: 'change', f: (p: { accounts?: unknown[] }) => void) => () => void
      }
    ).on('change', ({ accounts }) => changes.push(accounts?.length ?? -1))
    const { accounts } = await (
      wallet.features['standard:connect'] as {
        connect: () => Promise<{ accounts: WalletAccount[] }>
      }
    ).connect()
    off()
    const user = await frame.request('GET_USER', {})
    const expected = user.accounts?.find((a) => a.namespace === 'solana')?.address
    expect(accounts.map((a) => a.address)).to.deep.equal([expected])
    expect(wallet.accounts).to.deep.equal(accounts)
    expect(changes).to.deep.equal([1])
    account = accounts[0] as WalletAccount
  })

  it('signs a message after approval', async () => {
    const message = new TextEncoder().encode('Sign in to the dapp')
    const feature = wallet.features['solana:signMessage'] as {
      signMessage: (i: {
        account: WalletAccount
        message: Uint8Array
      }) => Promise<{ signature: Uint8Array }[]>
    }
    const signing = feature.signMessage({ account, message })
    await approve()
    const [output] = await signing
    expect(
      ed25519.verify(output?.signature as Uint8Array, message, account.publicKey as Uint8Array),
    ).to.be.true
  })

  it('signs and sends SOL through the local RPC after approval, showing the transfer', async () => {
    await rpc('requestAirdrop', [account.address, 2_000_000_000])
    const to = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const { message, transaction } = transferTransaction(
      account.address,
      to,
      500_000_000n,
      value.blockhash,
    )
    const feature = wallet.features['solana:signAndSendTransaction'] as {
      signAndSendTransaction: (i: {
        account: WalletAccount
        transaction: Uint8Array
        chain: string
      }) => Promise<{ signature: Uint8Array }[]>
    }
    const sending = feature.signAndSendTransaction({
      account,
      transaction,
      chain: solana.cluster,
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const shown = await dialogText()
    // Decoded: the System transfer's from, to and amount.
    expect(shown).to.contain('SOL transfer')
    expect(shown).to.contain(`To${to}`)
    expect(shown).to.contain('Amount0.5 SOL')
    await approve()
    const [output] = await sending
    const signature = output?.signature as Uint8Array
    expect(ed25519.verify(signature, message, account.publicKey as Uint8Array)).to.be.true
    const [status] = (
      await rpc<{ value: ({ err: unknown } | null)[] }>('getSignatureStatuses', [
        [base58.encode(signature)],
      ])
    ).value
    expect(status?.err).to.equal(null)
    expect(await balanceOf(to)).to.equal(500_000_000n)
  })

  it('signs a transaction without sending it', async () => {
    const to = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const { message, transaction } = transferTransaction(account.address, to, 1n, value.blockhash)
    const feature = wallet.features['solana:signTransaction'] as {
      signTransaction: (i: {
        account: WalletAccount
        transaction: Uint8Array
      }) => Promise<{ signedTransaction: Uint8Array }[]>
    }
    const signing = feature.signTransaction({ account, transaction })
    await approve()
    const [output] = await signing
    const signed = output?.signedTransaction as Uint8Array
    expect(Array.from(signed.slice(65))).to.deep.equal(Array.from(message))
    expect(ed25519.verify(signed.slice(1, 65), message, account.publicKey as Uint8Array)).to.be.true
    expect(await balanceOf(to)).to.equal(0n) // not sent
  })

  it('refuses a transaction this account does not sign, before asking the user', async () => {
    const other = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    const blockhash = base58.encode(new Uint8Array(32).fill(1))
    const { transaction } = transferTransaction(other, account.address, 1n, blockhash)
    const shown: boolean[] = []
    frame.onVisibility((visible) => shown.push(visible))
    const feature = wallet.features['solana:signTransaction'] as {
      signTransaction: (i: { account: WalletAccount; transaction: Uint8Array }) => Promise<unknown>
    }
    const error = (await feature.signTransaction({ account, transaction }).catch((e) => e)) as {
      code: number
      message: string
    }
    expect(error.code).to.equal(-32602)
    expect(error.message).to.contain('not signed by this account')
    expect(shown).to.deep.equal([]) // no dialog for a transaction it cannot sign
  })
})
