import type { ModalOptions } from '@openmodal/core/internal'
import { createModal } from '@openmodal/ui'
import { createElement, Fragment, type ReactElement, type ReactNode, useEffect } from 'react'

export interface ModalProviderProps {
  /**
   * The `createModal` options. Read once per options object: define them at module level (not
   * inline in JSX), so a re-mounted provider finds the modal it already created.
   */
  options: ModalOptions
  children?: ReactNode
}

// The options objects a modal was created from: once each, even when React mounts a provider
// twice (StrictMode) or a layout re-mounts it.
const created = new WeakSet<ModalOptions>()

/**
 * Creates the modal once, in the browser, after the first render; renders `children` as they
 * are. The server and the hydrating client render the same HTML (the hooks return their server
 * snapshots until then), so it fits server rendering and the Next.js App Router: render it from
 * a `'use client'` module of yours, since the options hold adapters and functions, which cannot
 * cross from a server component.
 *
 * @example
 * 'use client'
 * const options = { projectId: 'my-project', networks: [mainnet], adapters: [evm] }
 * export function Providers({ children }: { children: React.ReactNode }) {
 *   return <ModalProvider options={options}>{children}</ModalProvider>
 * }
 */
export function ModalProvider({ options, children }: ModalProviderProps): ReactElement {
  useEffect(() => {
    if (created.has(options)) return
    createModal(options)
    created.add(options)
  }, [options])
  return createElement(Fragment, null, children)
}
