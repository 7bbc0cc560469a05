// The dapp of the ethers 6 test (bundled by esbuild, served on its own origin): the modal with
// the EVM adapter on two anvil chains, and ethers' BrowserProvider over the modal's provider.
import { createModalClient } from '@openmodal/core'
import { $connectors } from '@openmodal/core/internal'
import { BrowserProvider, type Eip1193Provider, verifyMessage } from 'ethers'
import { evmAdapter } from '../src/exports/index.js'
import { anvil } from '../src/exports/networks.js'

const query = new URL(window.location.href).searchParams
const network = (id: number, rpcUrl: string) => ({
  ...anvil,
  id,
  caipNetworkId: `eip155:${id}` as const,
  name: `Anvil ${id}`,
  rpcUrls: { default: { http: [rpcUrl] } },
})
const modal = createModalClient({
  projectId: 'e2e',
  networks: [network(31337, query.get('rpc') ?? ''), network(31338, query.get('rpc2') ?? '')],
  adapters: [evmAdapter()],
})
// Keeps discovery running, as an open modal would.
$connectors.listen(() => {})

type Provider = Eip1193Provider & { on(event: string, listener: (value: unknown) => void): void }
const accountsChanged: unknown[] = []
const networks: number[] = []
let provider: BrowserProvider | undefined
const ethers = () => {
  if (!provider) throw new Error('connect first')
  return provider
}

Object.assign(window, {
  dapp: {
    connectorIds: () => $connectors.get().map((c) => c.id),
    async connect(connectorId: string) {
      await modal.connect(connectorId)
      const eip1193 = modal.getProvider('eip155') as Provider
      eip1193.on('accountsChanged', (accounts) => accountsChanged.push(accounts))
      // 'any': the network may change under the provider (a switch in the modal or wallet).
      provider = new BrowserProvider(eip1193, 'any')
      provider.pollingInterval = 100
      // With 'any', ethers notices a new chain on its next getNetwork() (its own calls
      // included) and reports it with the 'network' event, the old one as second value.
      await provider.on('network', (next: { chainId: bigint }) => {
        networks.push(Number(next.chainId))
      })
    },
    async sign(message: string) {
      const signer = await ethers().getSigner()
      const signature = await signer.signMessage(message)
      return { address: signer.address, signature, recovered: verifyMessage(message, signature) }
    },
    async send(to: string, wei: string) {
      const signer = await ethers().getSigner()
      const tx = await signer.sendTransaction({ to, value: BigInt(wei) })
      const receipt = await tx.wait()
      return { hash: tx.hash, from: receipt?.from, status: receipt?.status }
    },
    async chainId() {
      return Number((await ethers().getNetwork()).chainId)
    },
    networks: () => networks,
    switchTo: (id: number) => modal.switchNetwork(`eip155:${id}`),
    accountsChanged: () => accountsChanged,
    address: () => modal.getAccount('eip155').address,
  },
})
