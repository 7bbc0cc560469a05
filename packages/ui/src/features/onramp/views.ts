// The OnRamp views (OnRampProviders, BuyInProgress) and, through them, core's on-ramp actions:
// none of it is in a page's initial JS. They load in the account group's chunk, as Send does
// (send/views.ts gives the measured reason against a chunk of their own); Buy is reached from
// Account, so that chunk is usually loaded already.
import './w3m-buy-in-progress-view/w3m-buy-in-progress-view.js'
import './w3m-onramp-providers-view/w3m-onramp-providers-view.js'
