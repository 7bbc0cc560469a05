// The phone's part of Sign In With Farcaster for the demo (`pnpm --filter @openmodal/server
// farcaster-phone -- --relay <server>/farcaster --rpc <anvil> --registry <address> --key <relay
// key> '<the link ConnectingFarcaster shows>'`): what a Farcaster wallet app does after scanning
// the QR code. It registers a custody key in the demo's IdRegistry stand-in (a new fid, or the
// one of `--custody <private key>`, the same wallet each time), builds the SIWF message with
// `@farcaster/auth-client`'s wallet client, signs it and posts it to the relay. Demo only: a
// real wallet app keeps its custody key on the phone.
import { parseArgs } from 'node:util'
import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import { ANVIL_PRIVATE_KEYS } from '@openmodal/testing'
import {
  type Address,
  createWalletClient as createViemClient,
  type Hex,
  http,
  parseAbi,
  publicActions,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    relay: { type: 'string' },
    rpc: { type: 'string' },
    registry: { type: 'string' },
    key: { type: 'string' },
    custody: { type: 'string' },
    username: { type: 'string', default: 'demo-farcaster' },
  },
})
const [url] = positionals
if (!url || !values.relay || !values.rpc || !values.registry) {
  console.error(
    'usage: farcaster-phone --relay <server>/farcaster --rpc <anvil url> --registry <address> [--key <relay key>] [--custody <private key>] <sign-in link>',
  )
  process.exit(2)
}
const rpcUrl = values.rpc
const registryAddress = values.registry as Address
const custody = privateKeyToAccount((values.custody as Hex | undefined) ?? generatePrivateKey())
const abi = parseAbi([
  'function idOf(address) view returns (uint256)',
  'function register(address) returns (uint256)',
])
// The stand-in's register() hands out the next fid; anvil account 0 pays for it.
const chain = createViemClient({
  account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0] as Hex),
  transport: http(rpcUrl),
}).extend(publicActions)
const idOf = () =>
  chain.readContract({
    address: registryAddress,
    abi,
    functionName: 'idOf',
    args: [custody.address],
  })
let fid = await idOf()
if (fid === 0n) {
  const hash = await chain.writeContract({
    address: registryAddress,
    abi,
    functionName: 'register',
    args: [custody.address],
    chain: null,
  })
  await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  fid = await idOf()
}
const wallet = createWalletClient({ relay: values.relay, ethereum: viemConnector({ rpcUrl }) })
const { channelToken } = wallet.parseSignInURI({ uri: url })
const params = new URL(url).searchParams
const { message } = wallet.buildSignInMessage({
  address: custody.address,
  fid: Number(fid),
  uri: params.get('siweUri') ?? '',
  domain: params.get('domain') ?? '',
  nonce: params.get('nonce') ?? '',
})
if (!message) throw new Error('the link carries no sign-in request')
const answer = await wallet.authenticate({
  channelToken,
  authKey: values.key ?? '',
  message,
  signature: (await custody.signMessage({ message })) as Hex,
  fid: Number(fid),
  username: values.username ?? 'demo-farcaster',
  displayName: 'Demo visitor',
  bio: '',
  pfpUrl: '',
})
console.log(
  answer.response.status === 201
    ? `signed in as fid ${fid} (custody ${custody.address})`
    : `refused: HTTP ${answer.response.status} ${JSON.stringify(answer.data)}`,
)
process.exit(answer.response.status === 201 ? 0 : 1)
