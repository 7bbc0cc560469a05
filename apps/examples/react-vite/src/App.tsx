import { useModalAccount, W3mButton } from '@openmodal/react'

export function App() {
  const { isConnected, address, status } = useModalAccount()
  return (
    <main>
      <h1>OpenModal + React + Vite</h1>
      <W3mButton />
      <p data-testid="account">{isConnected ? `Connected: ${address}` : `Status: ${status}`}</p>
    </main>
  )
}
