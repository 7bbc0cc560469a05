import { $activeAccount } from '@openmodal/core'
import { BrowserProvider, type Eip1193Provider, formatEther } from 'ethers'
import { modal } from './modal'

const MESSAGE = 'Hello from ethers 6 and OpenModal'

const element = <T extends Element>(selector: string) => {
  const found = document.querySelector<T>(selector)
  if (!found) throw new Error(`index.html has no ${selector}`)
  return found
}
const account = element('[data-testid="account"]')
const balanceButton = element<HTMLButtonElement>('#balance')
const balance = element('[data-testid="balance"]')
const signButton = element<HTMLButtonElement>('#sign')
const signature = element('[data-testid="signature"]')

/**
 * ethers over the modal's EIP-1193 provider: whatever wallet the visitor connected. Made per
 * use, so it is always the current connection's provider. `'any'`: the visitor may switch
 * networks under it (without it, ethers throws "network changed").
 */
const ethers = () => new BrowserProvider(modal.getProvider('eip155') as Eip1193Provider, 'any')

// textContent everywhere: addresses and wallet errors are shown as text.
$activeAccount.subscribe((state) => {
  const connected = state.status === 'connected'
  account.textContent = connected ? `Connected: ${state.address}` : `Status: ${state.status}`
  balanceButton.disabled = !connected
  signButton.disabled = !connected
})

balanceButton.addEventListener('click', async () => {
  try {
    const provider = ethers()
    const signer = await provider.getSigner()
    const wei = await provider.getBalance(signer.address)
    balance.textContent = `${wei} wei (${formatEther(wei)} ETH)`
  } catch (error) {
    balance.textContent = `Error: ${(error as Error).message}`
  }
})

signButton.addEventListener('click', async () => {
  try {
    const signer = await ethers().getSigner()
    signature.textContent = await signer.signMessage(MESSAGE)
  } catch (error) {
    signature.textContent = `Error: ${(error as Error).message}`
  }
})
