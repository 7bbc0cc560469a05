// Moving value on a local anvil chain in tests and the benchmark: ETH, the test ERC-20,
// the test ERC-721 and ERC-1155, signed by the anvil dev accounts.
import { ANVIL_PRIVATE_KEYS, TEST_TOKEN_ABI } from '@openmodal/testing'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export type AccountIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9

export interface TestChain {
  rpcUrl: string
  client: PublicClient
  /** Sends `value` wei; `gas` skips estimation (so a reverting transfer is still mined). */
  sendEth(from: AccountIndex, to: Address, value: bigint, gas?: bigint): Promise<Hash>
  /**
   * Sends `value` wei with calldata `data`; `gas` skips estimation (so a reverting call is
   * still mined) and then the receipt may fail.
   */
  sendData(from: AccountIndex, to: Address, value: bigint, data: Hex, gas?: bigint): Promise<Hash>
  /** Deploys raw init code and answers the new contract's address. */
  deploy(from: AccountIndex, initCode: Hex): Promise<Address>
  /** Calls `functionName(args)` on `contract` as `from` and waits for a successful receipt. */
  write(
    from: AccountIndex,
    contract: Address,
    abi: readonly unknown[],
    functionName: string,
    args: readonly unknown[],
  ): Promise<Hash>
  /** ERC-20 `transfer(to, amount)`. */
  sendToken(from: AccountIndex, token: Address, to: Address, amount: bigint): Promise<Hash>
  mine(blocks?: number): Promise<void>
  snapshot(): Promise<string>
  revert(id: string): Promise<void>
}

/**
 * @example
 * const chain = testChain(anvil.rpcUrl)
 * const hash = await chain.sendEth(0, ANVIL_ADDRESSES[1], parseEther('1'))
 */
export function testChain(rpcUrl: string): TestChain {
  const client = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 })
  const wallets = ANVIL_PRIVATE_KEYS.map((key) =>
    createWalletClient({ account: privateKeyToAccount(key), transport: http(rpcUrl) }),
  )
  const walletOf = (index: AccountIndex) => {
    const wallet = wallets[index]
    if (!wallet) throw new Error(`no anvil account ${index}`)
    return wallet
  }
  const mined = async (hash: Hash, mustSucceed: boolean) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (mustSucceed && receipt.status !== 'success') throw new Error(`${hash} reverted`)
    return hash
  }
  const write: TestChain['write'] = async (from, contract, abi, functionName, args) => {
    const hash = await walletOf(from).writeContract({
      address: contract,
      abi,
      functionName,
      args,
      chain: null,
    } as never)
    return mined(hash, true)
  }
  return {
    rpcUrl,
    client,
    async sendEth(from, to, value, gas) {
      const hash = await walletOf(from).sendTransaction({
        to,
        value,
        chain: null,
        ...(gas === undefined ? {} : { gas }),
      })
      return mined(hash, gas === undefined)
    },
    async sendData(from, to, value, data, gas) {
      const hash = await walletOf(from).sendTransaction({
        to,
        value,
        data,
        chain: null,
        ...(gas === undefined ? {} : { gas }),
      })
      return mined(hash, gas === undefined)
    },
    async deploy(from, initCode) {
      const hash = await walletOf(from).sendTransaction({ data: initCode, chain: null })
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      if (!receipt.contractAddress) throw new Error(`${hash} created no contract`)
      return receipt.contractAddress
    },
    write,
    sendToken: (from, token, to, amount) =>
      write(from, token, TEST_TOKEN_ABI, 'transfer', [to, amount]),
    async mine(blocks = 1) {
      await client.request({ method: 'anvil_mine', params: [`0x${blocks.toString(16)}`] } as never)
    },
    async snapshot() {
      return (await client.request({ method: 'evm_snapshot', params: [] } as never)) as string
    },
    async revert(id) {
      const ok = await client.request({ method: 'evm_revert', params: [id] } as never)
      if (ok !== true) throw new Error(`evm_revert ${id} failed`)
    },
  }
}
