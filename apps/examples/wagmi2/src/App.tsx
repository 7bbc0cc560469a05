import { useModalAccount, useModalNetwork, W3mButton } from '@openmodal/react'
import { useEffect } from 'react'
import {
  useAccount,
  useBalance,
  useChainId,
  useDisconnect,
  useReadContract,
  useSignMessage,
  useSwitchChain,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi'
import { token } from './config'

export function App() {
  const { address, status } = useAccount()
  const chainId = useChainId()
  const modalAccount = useModalAccount()
  const { caipNetworkId } = useModalNetwork()
  const balance = useBalance({ address })
  const tokens = useReadContract({
    ...token,
    functionName: 'balanceOf',
    args: address ? [address] : undefined,
    chainId: 31_337,
    query: { enabled: Boolean(address) },
  })
  const { writeContract, data: hash, error: writeError } = useWriteContract()
  const receipt = useWaitForTransactionReceipt({ hash })
  const { signMessage, data: signature } = useSignMessage()
  const { switchChain } = useSwitchChain()
  const { disconnect } = useDisconnect()
  const { refetch } = tokens

  // The mint is mined: read the balance again.
  useEffect(() => {
    if (receipt.isSuccess) void refetch()
  }, [receipt.isSuccess, refetch])

  return (
    <main>
      <h1>OpenModal + wagmi 2</h1>
      <W3mButton />
      <p data-testid="account">{address ? `Connected: ${address}` : `Status: ${status}`}</p>
      <p data-testid="chain">wagmi chain: {chainId}</p>
      <p data-testid="modal">
        modal: {modalAccount.status} on {caipNetworkId}
      </p>
      <p data-testid="balance">ETH: {balance.data ? balance.data.value.toString() : '-'}</p>
      <p data-testid="tokens">TUSD: {tokens.data?.toString() ?? '-'}</p>
      <button
        type="button"
        disabled={!address}
        onClick={() =>
          address &&
          writeContract({
            ...token,
            functionName: 'mint',
            args: [address, 5_000_000n],
            chainId: 31_337,
          })
        }
      >
        Mint 5 TUSD
      </button>
      <p data-testid="mint">{receipt.isSuccess ? 'minted' : (writeError?.message ?? '')}</p>
      <button type="button" disabled={!address} onClick={() => signMessage({ message: 'hello' })}>
        Sign
      </button>
      <p data-testid="signature">{signature ?? ''}</p>
      <button type="button" onClick={() => switchChain({ chainId: 31_337 })}>
        Switch to Anvil (wagmi)
      </button>
      <button type="button" onClick={() => disconnect()}>
        Disconnect (wagmi)
      </button>
    </main>
  )
}
