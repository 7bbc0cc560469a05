// Reference app (d), the floor: React and a hand-written <dialog> that lists the wallets
// announced through EIP-6963. What any wallet modal costs at least: no kit, no state library.
import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'

interface Wallet {
  uuid: string
  name: string
  icon: string
}

type AnnounceEvent = CustomEvent<{ info: Wallet }>

function App() {
  const dialog = useRef<HTMLDialogElement>(null)
  const [wallets, setWallets] = useState<Wallet[]>([])

  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const { info } = (event as AnnounceEvent).detail
      setWallets((list) => (list.some((w) => w.uuid === info.uuid) ? list : [...list, info]))
    }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
  }, [])

  const open = () => {
    dialog.current?.showModal()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  }

  return (
    <main>
      <button type="button" id="open" onClick={open}>
        Connect wallet
      </button>
      <dialog ref={dialog} aria-labelledby="floor-title">
        <h2 id="floor-title">Connect a wallet</h2>
        <ul>
          {wallets.map((wallet) => (
            <li key={wallet.uuid}>
              <button type="button" data-wallet-row="">
                <img src={wallet.icon} alt="" width="32" height="32" />
                {wallet.name}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
