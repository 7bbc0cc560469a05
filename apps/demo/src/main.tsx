import { $locale } from '@openmodal/core'
import {
  useModal,
  useModalAccount,
  useModalProvider,
  useModalState,
  useModalTheme,
  useSiwxSession,
  useStore,
  W3mButton,
  W3mNetworkButton,
} from '@openmodal/react'
import { type FormEvent, StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { EIP1193Provider } from 'viem'
import { LOCALES } from './locales.js'
import { localConfig, modal, siwxMode, siwxSessions } from './modal.js'

function ThemeToggle() {
  const { themeMode, setThemeMode } = useModalTheme()
  useEffect(() => {
    document.documentElement.dataset.theme = themeMode
  }, [themeMode])
  const next = themeMode === 'dark' ? 'light' : 'dark'
  return (
    <button type="button" data-testid="theme-toggle" onClick={() => setThemeMode(next)}>
      Theme: {themeMode} (switch to {next})
    </button>
  )
}

function LocaleSwitch() {
  const locale = useStore($locale)
  return (
    <label>
      Language{' '}
      <select
        data-testid="locale-select"
        value={locale}
        onChange={(event) => modal.setLocale(event.currentTarget.value)}
      >
        {LOCALES.map(({ code, label, dir }) => (
          <option key={code} value={code} lang={code} dir={dir}>
            {label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Reloads the page with the dev wallet turned on or off (`?devwallet=1|0`). */
function DevWalletToggle() {
  const on = localConfig.devWallet
  const href = `?devwallet=${on ? '0' : '1'}`
  return (
    <a href={href} data-testid="dev-wallet-toggle">
      Dev wallet: {on ? 'injected' : 'off'} ({on ? 'remove' : 'inject'} it)
    </a>
  )
}

/**
 * Reloads the page with Sign-In With X required, optional or off (`?siwx=`), its sessions in
 * this browser or on the demo's server (`?siwxSessions=`; only when the demo has a server).
 */
function SiwxToggle() {
  const change = (name: string, value: string) => {
    const url = new URL(location.href)
    url.searchParams.set(name, value)
    location.assign(url)
  }
  return (
    <>
      <label>
        Sign-In With X{' '}
        <select
          data-testid="siwx-select"
          value={siwxMode}
          onChange={(event) => change('siwx', event.currentTarget.value)}
        >
          <option value="off">off</option>
          <option value="optional">optional</option>
          <option value="required">required</option>
        </select>
      </label>
      <label>
        SIWX sessions{' '}
        <select
          data-testid="siwx-sessions-select"
          value={siwxSessions}
          disabled={!localConfig.apiUrl}
          title={localConfig.apiUrl ? undefined : 'No server: start the demo with `pnpm demo`'}
          onChange={(event) => change('siwxSessions', event.currentTarget.value)}
        >
          <option value="browser">this browser</option>
          <option value="server">the server</option>
        </select>
      </label>
    </>
  )
}

/** The SIWX session of the connected account (`useSiwxSession()`), with sign-in and sign-out. */
function SiwxSession() {
  const { session, status, error, signIn, signOut } = useSiwxSession()
  if (siwxMode === 'off') return null
  return (
    <section aria-labelledby="siwx-title">
      <h2 id="siwx-title">
        Sign-In With X ({siwxMode}, sessions in{' '}
        {siwxSessions === 'server' ? 'the server' : 'this browser'})
      </h2>
      <p data-testid="siwx-status">{status}</p>
      {session ? (
        <dl data-testid="siwx-session">
          <dt>Account</dt>
          <dd data-testid="siwx-address">{session.data.accountAddress}</dd>
          <dt>Chain</dt>
          <dd data-testid="siwx-chain">{session.data.chainId}</dd>
          <dt>Domain</dt>
          <dd>{String(session.data.domain ?? '')}</dd>
          <dt>Expires</dt>
          <dd>{String(session.data.expirationTime ?? '-')}</dd>
        </dl>
      ) : null}
      {error ? <p role="alert">{error.message}</p> : null}
      {status === 'signed' ? (
        <button type="button" data-testid="siwx-sign-out" onClick={() => void signOut()}>
          Sign out
        </button>
      ) : null}
      {status === 'unsigned' || status === 'error' ? (
        <button type="button" data-testid="siwx-sign-in" onClick={() => void signIn()}>
          Sign in
        </button>
      ) : null}
    </section>
  )
}

/**
 * What a host does with the connected wallet: viem's wallet client over the provider from
 * `useModalProvider('eip155')`. viem's wallet client is loaded on first use only.
 */
function SignMessage() {
  const { provider, isConnected } = useModalProvider<EIP1193Provider>('eip155')
  const [result, setResult] = useState<string>('')
  const sign = async () => {
    setResult('Signing…')
    try {
      const { createWalletClient, custom } = await import('viem')
      if (!provider) throw new Error('Connect a wallet first')
      const client = createWalletClient({ transport: custom(provider) })
      const [account] = await client.getAddresses()
      if (!account) throw new Error('No account')
      const signature = await client.signMessage({ account, message: 'Hello from OpenModal' })
      setResult(signature)
    } catch (error) {
      setResult(`Error: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return (
    <section aria-labelledby="sign-title">
      <h2 id="sign-title">useModalProvider('eip155') + viem</h2>
      <button type="button" data-testid="sign-message" disabled={!isConnected} onClick={sign}>
        Sign "Hello from OpenModal"
      </button>
      <output data-testid="signature">{result}</output>
    </section>
  )
}

/** The Solana account, whatever the active namespace is: `useModalAccount('solana')`. */
function SolanaAccount() {
  const { isConnected, address, balance, balanceSymbol } = useModalAccount('solana')
  if (!localConfig.solana) return null
  return (
    <section aria-labelledby="solana-title">
      <h2 id="solana-title">useModalAccount('solana')</h2>
      <output data-testid="solana-account">
        {isConnected ? `${address} · ${balance ?? '…'} ${balanceSymbol ?? ''}` : 'Not connected'}
      </output>
    </section>
  )
}

/**
 * The Bitcoin account (`useModalAccount('bip122')`) and a regtest transfer through the
 * adapter's `sendTransfer`: the dev wallet builds, signs and broadcasts it to the ledger.
 */
function BitcoinAccount() {
  const { isConnected, address, balance, balanceSymbol } = useModalAccount('bip122')
  const [to, setTo] = useState('')
  const [sats, setSats] = useState('10000')
  const [result, setResult] = useState('')
  if (!localConfig.bitcoin) return null
  const send = async (event: FormEvent) => {
    event.preventDefault()
    const adapter = window.__openmodalBitcoin
    if (!adapter) return
    setResult('Sending…')
    try {
      const txid = await adapter.sendTransfer({ to: to.trim(), value: BigInt(sats) })
      setResult(`Sent: ${txid}`)
    } catch (error) {
      setResult(error instanceof Error ? error.message : String(error))
    }
  }
  return (
    <section aria-labelledby="bitcoin-title">
      <h2 id="bitcoin-title">useModalAccount('bip122')</h2>
      <output data-testid="bitcoin-account">
        {isConnected ? `${address} · ${balance ?? '…'} ${balanceSymbol ?? ''}` : 'Not connected'}
      </output>
      <form onSubmit={send} className="row">
        <label>
          To <input data-testid="bitcoin-to" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label>
          Sats{' '}
          <input
            data-testid="bitcoin-sats"
            inputMode="numeric"
            value={sats}
            onChange={(e) => setSats(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="bitcoin-send" disabled={!isConnected}>
          Send regtest sats
        </button>
      </form>
      <output data-testid="bitcoin-result">{result}</output>
    </section>
  )
}

function StateView() {
  const state = useModalState()
  const account = useModalAccount()
  return (
    <section aria-labelledby="state-title">
      <h2 id="state-title">useModalState() + useModalAccount()</h2>
      <pre data-testid="state">{JSON.stringify({ state, account }, null, 2)}</pre>
    </section>
  )
}

function App() {
  const { open } = useModal()
  return (
    <main>
      <h1>OpenModal laboratory</h1>
      <section aria-label="Elements" className="row">
        <W3mButton />
        <W3mNetworkButton />
      </section>
      <section aria-label="Controls" className="row">
        <button type="button" data-testid="open-modal" onClick={() => open()}>
          Open modal
        </button>
        <button
          type="button"
          data-testid="open-networks"
          onClick={() => open({ view: 'Networks' })}
        >
          Open networks
        </button>
        <ThemeToggle />
        <LocaleSwitch />
        <DevWalletToggle />
        <SiwxToggle />
      </section>
      <SiwxSession />
      <SignMessage />
      <SolanaAccount />
      <BitcoinAccount />
      <StateView />
      {localConfig.mailboxUrl ? (
        <p>
          E-mail login codes arrive in the{' '}
          <a href={localConfig.mailboxUrl} target="_blank" rel="noreferrer" data-testid="mailbox">
            local mailbox
          </a>
          .
        </p>
      ) : null}
      <p>
        <a href="./plain.html">The same elements on a page without a framework</a>
      </p>
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
