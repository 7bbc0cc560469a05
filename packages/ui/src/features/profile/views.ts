// The profile feature's views: they ride in the account group's chunk (account/chunk.ts), for
// the reason send/views.ts measured (a chunk of their own splits every page's entry).
import './w3m-profile-wallets-view/w3m-profile-wallets-view.js'
