import { type ChainNamespace, disconnect } from '@openmodal/core/internal'

export interface UseDisconnectReturnType {
  /** Disconnects `namespace`, or every connected namespace when omitted. */
  disconnect: (namespace?: ChainNamespace) => Promise<void>
}

const RESULT: UseDisconnectReturnType = Object.freeze({ disconnect })

/**
 * Disconnects the wallet. The stores clear even when the wallet fails to answer; the failure
 * then rejects the promise.
 *
 * @example
 * const { disconnect } = useDisconnect()
 * return <button onClick={() => disconnect()}>Disconnect</button>
 */
export function useDisconnect(): UseDisconnectReturnType {
  return RESULT
}
