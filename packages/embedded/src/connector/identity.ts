/** The id the EVM adapter knows the embedded wallet's provider by (its EIP-6963 rdns). */
export const EMBEDDED_CONNECTOR_ID = 'org.openmodal.embedded'
