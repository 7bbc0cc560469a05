// The shape of a feature's registration (`features/<feature>/feature.ts`): plain data, no
// imports with effects, so the router can import the table of every feature.
import type { View } from '@openmodal/core/internal'
import type { MessageKey } from '../i18n/index.js'
import type { GroupName } from './groups.js'

/** How the modal shows one view of spec §2. */
export interface ViewEntry {
  /** The custom element; its own module defines it, and its group's chunk imports that. */
  tag: string
  /** The chunk that brings the view (features/groups.ts). */
  group: GroupName
  /** The catalog key of the title the modal's header shows; `view.<name>` when not given. */
  title?: MessageKey
}

/**
 * A feature: its views, the group whose chunk loads them, and (as a type only) its English
 * strings, which join `MessageKey`.
 */
export interface Feature<Messages = unknown> {
  group: GroupName
  views: Partial<Record<View, Omit<ViewEntry, 'group'>>>
  /** Never set: carries the type of `strings/en.ts` so its keys join `MessageKey`. */
  messages?: Messages
}
