// Spec §8 error texts of codes no code of the kit throws (the reference kit's controller and
// connector states, its embedded wallet's frame, e-mail and social logins): catalogs
// translate them, so a host that sees one reads it in its language, and no bundle carries them (the pattern: the top of messages.ts). A part that
// starts throwing one moves it to its own table (or to INITIAL_ERROR_MESSAGES when initial
// code throws it) instead of calling `reservedError`, which carries them all.
import { defineErrorTexts } from './base.js'
import { SOMETHING_WENT_WRONG } from './messages.js'

/** The texts of the codes no code throws yet, by code. */
export const RESERVED_ERROR_MESSAGES = {
  NO_ACTIVE_CAIP_NETWORK_OR_CLIENT: 'No ActiveCaipNetwork or client found',
  NO_CONNECTION_CONTROLLER_CLIENT: 'No ConnectionController client found',
  CAIP_NETWORK_UNDEFINED: 'CaipNetwork is undefined',
  CAIP_NETWORK_OR_ADDRESS_UNDEFINED: 'CaipNetwork or CaipAddress is undefined',
  CONNECTOR_ALREADY_CONNECTED: 'Connector already connected',
  CONNECTOR_CHAIN_MISMATCH: 'connector chain mismatch',
  CONNECTOR_RECONNECTING: 'connector unavailable while reconnecting',
  /** Other aborts. */
  SOMETHING_WENT_WRONG,
  // The reference kit's embedded wallet (ours throws frame-messages.ts's codes)
  FRAME_IFRAME_NOT_SET: 'W3mFrame: iframe is not set',
  FRAME_PARENT_NOT_SET: 'parent is not set',
  EMAIL_LOGIN_DEPENDENCY: 'Unable to load email login dependency',
  NOT_CONNECTED_TO_EMAIL_OR_SOCIAL: 'Not connected to email or social',
} as const

/**
 * The BaseError of a reserved `code` (`RESERVED_ERROR_MESSAGES`): for tests that go through
 * every code; the kit's code never calls it.
 *
 * @example reservedError('CONNECTOR_RECONNECTING').shortMessage // 'connector unavailable while reconnecting'
 */
export const reservedError = /* @__PURE__ */ defineErrorTexts(RESERVED_ERROR_MESSAGES)
