// The RPC URLs an adapter's reads (balances, names) try, in order: the project's RPC proxy per
// chain (spec §7 "a hosted RPC per known chain with projectId", with the clientId), set when
// the project config loads, then the network's own rpcUrls. Core's lazy read actions hand the
// adapter a network whose `rpcUrls` are these. Plain module state, written and read only by
// lazy code: reading the config store, or any module the page's entry also has, from the read
// actions made the bundler split the entry into one more initial file (+0.3 kB gzip on app (a),
// apps/size).

import type { CaipNetwork } from '../types/network.js'

let proxies: Readonly<Record<string, string>> = {}

/** @example setRpcProxies({ 'eip155:1': 'https://api.example.com/v1/rpc/demo/eip155:1?clientId=…' }) */
export function setRpcProxies(next: Readonly<Record<string, string>>): void {
  proxies = next
}

/**
 * The project's RPC proxy first, when its config serves the chain, then every URL of the
 * network's `rpcUrls`, without repeats.
 *
 * @example readRpcUrls(mainnet) // ['https://api.example.com/v1/rpc/demo/eip155:1?clientId=…', 'https://eth.merkle.io']
 */
export function readRpcUrls(network: CaipNetwork): string[] {
  const proxy = proxies[network.caipNetworkId]
  return [...new Set([...(proxy ? [proxy] : []), ...network.rpcUrls.default.http])]
}

/** `network` with its read URLs ({@link readRpcUrls}) as `rpcUrls.default.http`. */
export function readNetwork(network: CaipNetwork): CaipNetwork {
  const http = readRpcUrls(network)
  return {
    ...network,
    rpcUrls: { ...network.rpcUrls, default: { ...network.rpcUrls.default, http } },
  }
}
