import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { bytesToHex, hexToBytes } from 'viem'
import { fromBase64 } from './bytes.js'
import { createEntropy, deriveKeys, toMnemonic } from './derive.js'
import { unwrapRecoveryShare, WrongPassphraseError, wrapRecoveryShare } from './recovery.js'
import { CommitmentMismatchError, rebuildKeys, splitEntropy } from './shares.js'
import { deriveEd25519 } from './slip10.js'
import { createWallet, recoverWallet, unlockWallet } from './wallet.js'

const ABANDON = `${'abandon '.repeat(11)}about`

describe('derivation', () => {
  it("derives the well-known EVM address of the test mnemonic at m/44'/60'/0'/0/0", () => {
    const keys = deriveKeys(mnemonicToEntropy(ABANDON, wordlist))
    assert.equal(keys.commitment.eip155, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
  })

  it('follows SLIP-0010 ed25519 test vector 1', () => {
    const seed = hexToBytes('0x000102030405060708090a0b0c0d0e0f')
    const master = deriveEd25519(seed, 'm')
    assert.equal(
      bytesToHex(master.privateKey),
      '0x2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    )
    assert.equal(
      bytesToHex(master.chainCode),
      '0x90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
    )
    assert.equal(
      bytesToHex(deriveEd25519(seed, "m/0'").privateKey),
      '0x68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    )
  })

  it('refuses a non-hardened ed25519 path', () => {
    assert.throws(() => deriveEd25519(new Uint8Array(16), "m/44'/501'/0"), /hardened/)
  })

  it('makes 128-bit entropy, a 12-word mnemonic and distinct wallets', () => {
    const a = createEntropy()
    assert.equal(a.length, 16)
    assert.equal(toMnemonic(a).split(' ').length, 12)
    assert.notDeepEqual(deriveKeys(a).commitment, deriveKeys(createEntropy()).commitment)
  })
})

describe('shares', () => {
  it('rebuilds from any two of the three shares', async () => {
    const entropy = createEntropy()
    const { commitment } = deriveKeys(entropy)
    const { device, auth, recovery } = await splitEntropy(entropy)
    for (const pair of [
      [device, auth],
      [auth, recovery],
      [device, recovery],
      [recovery, device],
    ] as const) {
      const rebuilt = await rebuildKeys(pair, commitment)
      assert.deepEqual(rebuilt.entropy, entropy)
      assert.deepEqual(rebuilt.commitment, commitment)
    }
  })

  it('refuses a rebuild from one share twice or from shares of another wallet', async () => {
    const entropy = createEntropy()
    const { commitment } = deriveKeys(entropy)
    const mine = await splitEntropy(entropy)
    const other = await splitEntropy(createEntropy())
    await assert.rejects(
      rebuildKeys([mine.device, other.auth], commitment),
      CommitmentMismatchError,
    )
    await assert.rejects(
      rebuildKeys([other.device, other.auth], commitment),
      CommitmentMismatchError,
    )
    const tampered = mine.auth.slice()
    tampered[3] = (tampered[3] ?? 0) ^ 1
    await assert.rejects(rebuildKeys([mine.device, tampered], commitment), CommitmentMismatchError)
  })
})

describe('recovery', () => {
  it('wraps under a passphrase and refuses a wrong one', async () => {
    const share = crypto.getRandomValues(new Uint8Array(17))
    const wrapped = await wrapRecoveryShare(share, 'correct horse battery')
    assert.deepEqual(await unwrapRecoveryShare(wrapped, 'correct horse battery'), share)
    await assert.rejects(unwrapRecoveryShare(wrapped, 'wrong horse battery'), WrongPassphraseError)
    await assert.rejects(wrapRecoveryShare(share, 'short'), /at least 8/)
  })

  for (const mode of ['automatic', 'passphrase'] as const) {
    it(`recovers on a new device in ${mode} mode and retires the old shares`, async () => {
      const passphrase = mode === 'passphrase' ? 'correct horse battery' : undefined
      const created = await createWallet(mode, passphrase)
      const { commitment } = created.upload
      assert.equal(created.upload.recovery, mode)
      assert.equal(mode === 'passphrase', created.upload.recoveryShareWrapped !== undefined)
      assert.equal(mode === 'automatic', created.upload.recoveryShare !== undefined)
      const onOldDevice = await unlockWallet(
        created.deviceShare,
        created.upload.authShare,
        commitment,
      )
      assert.deepEqual(onOldDevice.commitment, commitment)

      const vault = { ...created.upload }
      const recovered = await recoverWallet(vault, commitment, passphrase)
      assert.deepEqual(recovered.keys.commitment, commitment)
      assert.notEqual(recovered.upload.authShare, created.upload.authShare)
      // the new split works; the old device share with the new auth share is refused
      const again = await unlockWallet(
        recovered.deviceShare,
        recovered.upload.authShare,
        commitment,
      )
      assert.equal(again.evmPrivateKey, onOldDevice.evmPrivateKey)
      await assert.rejects(
        rebuildKeys([created.deviceShare, fromBase64(recovered.upload.authShare)], commitment),
        CommitmentMismatchError,
      )
    })
  }
})
