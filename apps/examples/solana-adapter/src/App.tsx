import { useModalAccount, W3mButton } from '@openmodal/react'
import { useConnection, useWallet } from '@solana/wallet-adapter-react'
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { useEffect, useState } from 'react'
import { modalWallet } from './modal'

const RECIPIENT = new PublicKey('HVJJg1a8LuDXASnvvp9xzijyrXbGvzPC7Ta8tkXa6ueP')

export function App() {
  const { isConnected, address, status } = useModalAccount('eip155')
  const modalSolana = useModalAccount('solana')
  const { connection } = useConnection()
  const { publicKey, wallet, select, sendTransaction, disconnect } = useWallet()
  const [sent, setSent] = useState('')

  // Whenever the visitor connects Solana in the modal, useWallet() takes that connection.
  useEffect(() => {
    const follow = () => {
      if (wallet?.adapter !== modalWallet) select(modalWallet.name)
    }
    modalWallet.on('connect', follow)
    return () => {
      modalWallet.off('connect', follow)
    }
  }, [wallet, select])

  async function send() {
    if (!publicKey) return
    const transaction = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: publicKey, toPubkey: RECIPIENT, lamports: 10_000_000 }),
    )
    const signature = await sendTransaction(transaction, connection)
    const latest = await connection.getLatestBlockhash()
    await connection.confirmTransaction({ signature, ...latest }, 'confirmed')
    setSent(signature)
  }

  return (
    <main>
      <h1>OpenModal + Solana wallet adapter</h1>
      <W3mButton />
      <p data-testid="account">{isConnected ? `Connected: ${address}` : `Status: ${status}`}</p>
      <p data-testid="modal-solana">modal Solana: {modalSolana.status}</p>
      <p data-testid="solana">
        {publicKey ? `useWallet: ${publicKey.toBase58()}` : 'useWallet: disconnected'}
      </p>
      <button type="button" disabled={Boolean(publicKey)} onClick={() => select(modalWallet.name)}>
        Connect Solana
      </button>
      <button type="button" disabled={!publicKey} onClick={() => void send()}>
        Send 0.01 SOL
      </button>
      <button type="button" disabled={!publicKey} onClick={() => void disconnect()}>
        Disconnect Solana
      </button>
      <p data-testid="sent">{sent && `sent: ${sent}`}</p>
    </main>
  )
}
