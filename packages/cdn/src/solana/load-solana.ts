export type SolanaModule = typeof import('./solana.js')

/**
 * The Solana adapter and the Solana cluster presets, loaded with `import()`: a page without
 * Solana never downloads them. Await it before `createModal` to pass the adapter.
 *
 * @example
 * const { solanaAdapter, solana } = await loadSolana()
 * createModal({ projectId, networks: [mainnet, solana], adapters: [evmAdapter(), solanaAdapter()] })
 */
export function loadSolana(): Promise<SolanaModule> {
  return import('./solana.js')
}
