// Loading the views of the registry (views/registry.ts) by group: the first navigation to a
// view imports its whole group, so an unopened modal loads no view code.
//
// The registry fills `views` rather than being imported here: it imports the groups, which
// bring the modal shell, whose router imports this module (that would be an import circle).
import type { View } from '@openmodal/core/internal'
import type { ViewEntry } from '../views/registry.js'

/**
 * The views the router shows: views/registry.ts fills it (`VIEW_REGISTRY` is this object).
 * Tests may add an entry.
 */
export const views: Partial<Record<View, ViewEntry>> = {}

export type GroupStatus = 'idle' | 'loading' | 'loaded' | 'error'

const pending = new Map<string, Promise<void>>()
const status = new Map<string, GroupStatus>()
const listeners = new Set<() => void>()

const setStatus = (group: string, next: GroupStatus) => {
  status.set(group, next)
  for (const listener of [...listeners]) listener()
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
  const entry = Object.values(views).find((candidate) => candidate.group.name === group)
  if (!entry) return Promise.reject(new Error(`Unknown view group ${group}`))
  setStatus(group, 'loading')
  const promise = entry.group.load().then(
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
