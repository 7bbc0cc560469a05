// WalletConnect one-click auth (CAIP-222, sign-client `authenticate`): when the host set SIWX,
// pairing and Sign-In With X happen in one step. The SIWX config writes the message fields
// (its nonce, domain, statement); the wallet signs a CAIP-122 message for its account and
// answers with a Cacao (CAIP-74); each Cacao becomes a SIWX session (data, message, signature,
// cacao: spec §3) through the config's `addSession`, which verifies it (localSiwx) or hands it
// to the server (serverSiwx). A wallet without the feature answers the fallback proposal that
// `authenticate` sends alongside, and the modal asks for the signature afterwards as usual.
import {
  type CaipNetwork,
  issueWarning,
  kitError,
  type SiwxConfigLike,
  type SiwxSessionLike,
} from '@openmodal/core/internal'
import type { AuthTypes, SessionTypes } from '@walletconnect/types'
import { DEV } from 'esm-env'
import { EIP155_METHODS } from './constants.js'

type SignClient = Awaited<
  ReturnType<typeof import('@walletconnect/sign-client')['SignClient']['init']>
>

/** What one-click auth needs of the host's SIWX config (the SIWXConfig contract). */
export interface OneClickSiwx {
  createMessage(
    input: Parameters<SiwxConfigLike['createMessage']>[0],
  ): ReturnType<SiwxConfigLike['createMessage']>
  addSession(session: SiwxSessionLike): Promise<void>
}

/** The message fields a SIWX config's `createMessage` answers (its data). */
interface MessageFields {
  domain: string
  uri: string
  nonce: string
  statement?: string | undefined
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/**
 * The account the message is asked for before any is known: the wallet names its own in the
 * Cacao (`iss`), and the config's nonce, domain and statement are what the request carries.
 */
const UNKNOWN_ACCOUNT = '0x0000000000000000000000000000000000000000'

/** Whether a proposal for `networks` can be a one-click auth: sign-client's are eip155 only. */
export function canAuthenticate(networks: readonly CaipNetwork[]): boolean {
  return networks.length > 0 && networks.every((n) => n.chainNamespace === 'eip155')
}

/**
 * Starts a one-click auth for `networks` (eip155): the pairing URI, and `approval()`, which
 * resolves with the session once the wallet answered and its Cacaos are stored as SIWX
 * sessions. A wallet's refusal rejects with "Connection rejected".
 *
 * @example
 * const { uri, approval } = await authenticate(signClient, siwx, networks)
 */
export async function authenticate(
  signClient: SignClient,
  siwx: OneClickSiwx,
  networks: readonly CaipNetwork[],
): Promise<{ uri: string | undefined; approval: () => Promise<SessionTypes.Struct> }> {
  const chains = networks.map((n) => n.caipNetworkId)
  const [chainId = ''] = chains
  const fields = { ...(await siwx.createMessage({ accountAddress: UNKNOWN_ACCOUNT, chainId })) }
  const message = fields as unknown as MessageFields
  const { uri, response } = await signClient.authenticate({
    chains,
    domain: message.domain,
    uri: message.uri,
    nonce: message.nonce,
    methods: [...EIP155_METHODS],
    ...(message.statement !== undefined ? { statement: message.statement } : {}),
    ...(message.expirationTime !== undefined ? { exp: message.expirationTime } : {}),
    ...(message.notBefore !== undefined ? { nbf: message.notBefore } : {}),
    ...(message.requestId !== undefined ? { requestId: message.requestId } : {}),
    ...(message.resources !== undefined ? { resources: [...message.resources] } : {}),
  })
  const approval = async () => {
    let answer: Awaited<ReturnType<typeof response>>
    try {
      answer = await response()
    } catch (thrown) {
      // sign-client rejects with the wallet's error message (a string) when the wallet
      // answered the auth request with an error: the wallet refused to sign in.
      if (typeof thrown === 'string') {
        throw kitError('CONNECTION_REJECTED', { details: thrown })
      }
      throw thrown
    }
    if (!answer.session) {
      throw kitError('FAILED_TO_CONNECT', {
        details: 'The wallet signed in but granted no method',
      })
    }
    await keepSessions(signClient, siwx, answer.auths ?? [])
    return answer.session
  }
  return { uri, approval }
}

/**
 * Each Cacao as a SIWX session: the exact text the wallet signed (sign-client's CAIP-122
 * formatting of the Cacao's payload), its fields, the signature and the Cacao. A session the
 * config refuses is left out: the modal then asks for a signature as for any wallet.
 */
async function keepSessions(
  signClient: SignClient,
  siwx: OneClickSiwx,
  cacaos: readonly AuthTypes.Cacao[],
): Promise<void> {
  const { parseSiwxMessage } = await import('./siwx.js')
  for (const cacao of cacaos) {
    try {
      const message = signClient.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss })
      const session: SiwxSessionLike = {
        data: { ...parseSiwxMessage(message) },
        message,
        signature: cacao.s.s,
        cacao,
      }
      await siwx.addSession(session)
    } catch (error) {
      if (DEV) {
        issueWarning(
          'siwx-one-click-refused',
          `WalletConnect one-click auth: the SIWX config refused the wallet's Cacao (${error instanceof Error ? error.message : String(error)}); the modal asks for a signature instead.`,
        )
      }
    }
  }
}
