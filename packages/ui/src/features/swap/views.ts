// The Swap views (Swap, SwapPreview) and, through them, core's swap actions: none of it is in a
// page's initial JS. They ride in the account group's chunk (account/chunk.ts imports this
// module) for the reason send/views.ts measured: a chunk of their own splits every page's
// entry into more initial files. Swap is reached from Account, so the chunk is usually loaded.
import './w3m-swap-preview-view/w3m-swap-preview-view.js'
import './w3m-swap-select-token-view/w3m-swap-select-token-view.js'
import './w3m-swap-view/w3m-swap-view.js'
