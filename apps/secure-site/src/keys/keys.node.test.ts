import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { bytesToHex, hexToBytes } from 'viem'
import { fromBase64, source } from './bytes.js'
import { createEntropy, deriveKeys, toMnemonic } from './derive.js'
import {
  generatePassphrase,
  newPrfSalt,
  passphraseProblem,
  unwrapRecoveryShare,
  WrongPasskeyError,
  WrongPassphraseError,
  wrapRecoveryShare,
} from './recovery.js'
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
  const share = crypto.getRandomValues(new Uint8Array(17))
  const passphrase = 'correct horse battery staple'
  // The other tests use small Argon2id costs; this one the real ones.
  const CHEAP = { name: 'argon2id', m: 64, t: 1, p: 1 } as const

  it('wraps under a passphrase with Argon2id 64 MiB x 3 and refuses a wrong one', async () => {
    const started = performance.now()
    const { wrapped, factor } = await wrapRecoveryShare(share, { kind: 'passphrase', passphrase })
    const ms = Math.round(performance.now() - started)
    assert.deepEqual(factor.kind === 'passphrase' && factor.kdf, {
      name: 'argon2id',
      m: 65_536,
      t: 3,
      p: 1,
    })
    assert.deepEqual(
      await unwrapRecoveryShare(wrapped, factor, { kind: 'passphrase', passphrase }),
      share,
    )
    console.log(`Argon2id 64 MiB x 3: ${ms} ms per derivation`)
    await assert.rejects(
      wrapRecoveryShare(share, { kind: 'passphrase', passphrase: 'short' }),
      /at least 12/,
    )
  })

  it('refuses weak passphrases and accepts generated ones', () => {
    assert.equal(passphraseProblem('password1'), 'Use at least 12 characters.')
    assert.equal(passphraseProblem('aaaaaaaaaaaaaaaa'), 'Use more different characters.')
    assert.equal(passphraseProblem('abcdefghijklmnop'), 'Avoid sequences such as 123456789abc.')
    assert.equal(passphraseProblem(passphrase), undefined)
    for (let i = 0; i < 50; i++) {
      const generated = generatePassphrase()
      assert.equal(generated.split(' ').length, 6)
      assert.equal(passphraseProblem(generated), undefined, generated)
    }
  })

  it('refuses a wrong passphrase, a wrong passkey, and a blob of another kind', async () => {
    const pass = await wrapRecoveryShare(share, { kind: 'passphrase', passphrase, kdf: CHEAP })
    await assert.rejects(
      unwrapRecoveryShare(pass.wrapped, pass.factor, {
        kind: 'passphrase',
        passphrase: 'wrong horse battery staple',
      }),
      WrongPassphraseError,
    )
    const prf = crypto.getRandomValues(new Uint8Array(32))
    const passkey = {
      kind: 'passkey' as const,
      credentialId: 'AAECAw',
      salt: newPrfSalt(),
      prf,
    }
    const locked = await wrapRecoveryShare(share, passkey)
    assert.deepEqual(locked.factor, {
      kind: 'passkey',
      credentialId: 'AAECAw',
      salt: passkey.salt,
    })
    assert.deepEqual(await unwrapRecoveryShare(locked.wrapped, locked.factor, passkey), share)
    await assert.rejects(
      unwrapRecoveryShare(locked.wrapped, locked.factor, {
        ...passkey,
        prf: crypto.getRandomValues(new Uint8Array(32)),
      }),
      WrongPasskeyError,
    )
    // The passkey's bytes presented as a passphrase blob: another kind, refused.
    await assert.rejects(
      unwrapRecoveryShare(locked.wrapped, pass.factor, { kind: 'passphrase', passphrase }),
      WrongPassphraseError,
    )
    await assert.rejects(
      unwrapRecoveryShare(locked.wrapped, locked.factor, { kind: 'passphrase', passphrase }),
      /recovered with its passkey/,
    )
  })

  it('opens a share wrapped in the earlier format (19 MiB x 2, salt in the blob)', async () => {
    const { argon2idAsync } = await import('@noble/hashes/argon2')
    const salt = crypto.getRandomValues(new Uint8Array(16))
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const raw = await argon2idAsync('old passphrase', salt, { t: 1, m: 64, p: 1, dkLen: 32 })
    const key = await crypto.subtle.importKey('raw', source(raw), 'AES-GCM', false, ['encrypt'])
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, share))
    const blob = new Uint8Array([1, ...salt, ...iv, ...sealed])
    const factor = { kind: 'passphrase' as const, kdf: CHEAP }
    assert.deepEqual(
      await unwrapRecoveryShare(blob, factor, { kind: 'passphrase', passphrase: 'old passphrase' }),
      share,
    )
  })

  const secrets = {
    custodial: { kind: 'custodial' },
    passphrase: { kind: 'passphrase', passphrase, kdf: CHEAP },
    passkey: {
      kind: 'passkey',
      credentialId: 'AAECAw',
      salt: newPrfSalt(),
      prf: crypto.getRandomValues(new Uint8Array(32)),
    },
  } as const

  for (const [mode, secret] of Object.entries(secrets)) {
    it(`recovers on a new device with the ${mode} factor and retires the old shares`, async () => {
      const created = await createWallet(secret)
      const { commitment } = created.upload
      assert.equal(created.upload.factor.kind, mode)
      // Only custodial hands the server the share itself.
      assert.equal(
        mode === 'custodial',
        created.upload.recoveryShare.length < 60,
        'a wrapped share is longer than a bare one',
      )
      const onOldDevice = await unlockWallet(
        created.deviceShare,
        created.upload.authShare,
        commitment,
      )
      assert.deepEqual(onOldDevice.commitment, commitment)

      const vault = { ...created.upload }
      const recovered = await recoverWallet(vault, commitment, secret)
      assert.deepEqual(recovered.keys.commitment, commitment)
      assert.equal(recovered.upload.factor.kind, mode)
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

  it('the auth share and a wrapped recovery share alone rebuild nothing (the operator)', async () => {
    const created = await createWallet(secrets.passkey)
    const { commitment, authShare, recoveryShare } = created.upload
    // What the operator holds: the auth share and the wrapped bytes, both opened by the vault key.
    await assert.rejects(
      rebuildKeys([fromBase64(authShare), fromBase64(recoveryShare)], commitment),
    )
  })
})
