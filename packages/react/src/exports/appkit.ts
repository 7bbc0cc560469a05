'use client'

// @openmodal/react/appkit: AppKit 1.7's React names over OpenModal, so an AppKit app moves by
// changing its imports (docs/migrate-from-appkit.md). A separate entry: nothing of it is in a
// bundle that does not import it.

import type { HTMLAttributes } from 'react'

export {
  APPKIT_IGNORED_OPTIONS,
  type AppKit,
  type CreateAppKit,
  createAppKit,
} from '../appkit/create-app-kit.js'
export {
  type AppKitOpenOptions,
  useAppKit,
  useAppKitAccount,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitProvider,
  useAppKitState,
  useAppKitTheme,
  useDisconnect,
} from '../appkit/hooks.js'

type AppKitElement = HTMLAttributes<HTMLElement> & {
  label?: string
  balance?: 'show' | 'hide'
  disabled?: boolean
  size?: string
  loadingLabel?: string
  namespace?: string
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'appkit-button': AppKitElement
      'appkit-network-button': AppKitElement
      'appkit-connect-button': AppKitElement
      'appkit-account-button': AppKitElement
    }
  }
}
