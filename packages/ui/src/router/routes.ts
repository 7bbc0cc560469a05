// The views the router shows, from the plain table of every feature (features/index.ts), and
// their loading by group: the first navigation to a view imports its whole group, so an
// unopened modal loads no view code. The groups' loaders come from modal/load-modal.ts
// (`provideGroups`): they import the chunks, which import the modal shell and so this module.
import type { View } from '@openmodal/core/internal'
import type { Feature, ViewEntry } from '../features/feature.js'
import { FEATURES } from '../features/index.js'

export type { ViewEntry } from '../features/feature.js'

/**
 * The view table of `features`: each view with its feature's group.
 *
 * @example viewTable({ network }).Networks // { tag: 'w3m-networks-view', group: 'network' }
 */
export function viewTable(
  features: Readonly<Record<string, Feature>>,
): Partial<Record<View, ViewEntry>> {
  const table: Partial<Record<View, ViewEntry>> = {}
  for (const { group, views: entries } of Object.values(features)) {
    for (const [view, entry] of Object.entries(entries)) {
      table[view as View] = { ...entry, group }
    }
  }
  return table
}

/** The views the router shows. Tests may add an entry. */
export const views: Partial<
  Record<View, { tag: string; group: string; title?: ViewEntry['title'] }>
> = viewTable(FEATURES)

export type GroupStatus = 'idle' | 'loading' | 'loaded' | 'error'

const loaders = new Map<string, () => Promise<unknown>>()
const pending = new Map<string, Promise<void>>()
const status = new Map<string, GroupStatus>()
const listeners = new Set<() => void>()

const setStatus = (group: string, next: GroupStatus) => {
  status.set(group, next)
  for (const listener of [...listeners]) listener()
}

/**
 * Gives the router the loader of each group (a group's chunk). Tests may replace one (e.g.
 * with a failing one).
 *
 * @example provideGroups(GROUPS) // features/groups.ts
 */
export function provideGroups(groups: Readonly<Record<string, () => Promise<unknown>>>): void {
  for (const [name, load] of Object.entries(groups)) loaders.set(name, load)
}

export function groupStatus(group: string): GroupStatus {
  return status.get(group) ?? 'idle'
}

/** Calls `listener` whenever a group starts, finishes or fails loading. */
export function onGroupStatus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Imports the views of a group once. A failed import is forgotten so a retry imports again.
 *
 * @example await loadGroup('network')
 */
export function loadGroup(group: string): Promise<void> {
  const existing = pending.get(group)
  if (existing) return existing
  const load = loaders.get(group)
  if (!load) return Promise.reject(new Error(`Unknown view group ${group}`))
  setStatus(group, 'loading')
  const promise = load().then(
    () => setStatus(group, 'loaded'),
    (error: unknown) => {
      pending.delete(group)
      setStatus(group, 'error')
      throw error
    },
  )
  pending.set(group, promise)
  return promise
}
