// @openmodal/wagmi: the wagmi connector driven by the modal, and a createConfig that wires it.
export { createConfig, type OpenModalConfigParameters, toChain } from '../config.js'
export { type OpenModalParameters, openModal } from '../connector.js'
