// The modal shell is not part of the page's initial JavaScript: an unopened modal shows
// nothing, so `<w3m-modal>` stays an undefined (empty) element until the shell loads with the
// first view group (every group's chunk imports w3m-modal/register.ts, see features/groups.ts):
// once the page is idle (create-modal.ts), when the pointer or focus reaches a button
// (`preloadView`), or as soon as the modal has something to show.

import { $modal, $options, $view, closeModal, type View } from '@openmodal/core/internal'
import { BROWSER } from 'esm-env'
import { GROUPS } from '../features/groups.js'
import { groupStatus, loadGroup, provideGroups, views } from '../router/routes.js'

// The groups' loaders, for the router's navigations and for the loads below.
provideGroups(GROUPS)

let loading: Promise<void> | undefined

/**
 * Loads the modal shell now, with the view group of the current view (Connect's by default),
 * and defines `<w3m-modal>`. Every call returns the same promise until it settles; a failed
 * load is forgotten so the next call retries.
 *
 * @example await loadModal() // customElements.get('w3m-modal') is now defined
 */
export function loadModal(): Promise<void> {
  loading ??= loadGroup(views[$view.get().view]?.group ?? 'connect').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/**
 * Starts loading the group of `view` (and the modal shell) ahead of navigation, e.g. when the
 * pointer enters the connect button. Failures are left for the router, or for the open that
 * needs the shell, to show.
 *
 * @example preloadView('Connect')
 */
export function preloadView(view: View): void {
  const route = views[view]
  if (route && groupStatus(route.group) === 'idle') loadGroup(route.group).catch(() => {})
}

let watching = false

/**
 * Loads the shell when it has something to show: the modal opens, or it is embedded (the
 * `enableEmbedded` option, or a `<w3m-modal embedded>` in the page). Alerts and toasts show
 * inside the open modal, so they wait for it. When the load fails while the modal is open, the
 * modal closes again (so the next click retries) and the error goes to the console: there is
 * no shell to show it in. On a server (no `window`) it does nothing: there is no page to show
 * a modal in, and subscribing would hold the shared server process's stores.
 *
 * @example loadModalWhenNeeded()
 */
export function loadModalWhenNeeded(): void {
  if ((!BROWSER && typeof window === 'undefined') || watching || customElements.get('w3m-modal')) {
    return
  }
  watching = true
  const needed = () =>
    $modal.get().open ||
    $options.get()?.enableEmbedded === true ||
    document.querySelector('w3m-modal[embedded]') !== null
  const load = () => {
    if (!needed()) return
    loadModal().then(stop, (error: unknown) => {
      console.error(
        'OpenModal: the modal could not be loaded; it loads again on the next open.',
        error,
      )
      closeModal({ force: true })
    })
  }
  const stops = [$modal.listen(load), $options.listen(load)]
  const stop = () => {
    for (const unlisten of stops.splice(0)) unlisten()
    watching = false
  }
  load()
}
