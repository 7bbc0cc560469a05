// @openmodal/embedded/protocol: the frame protocol shared by the host side and the secure site.
export { checkMessage, ProtocolError, tryMessage } from '../protocol/check.js'
export { type MethodKind, methodKind, SAFE_METHODS, UNSAFE_METHODS } from '../protocol/methods.js'
export {
  APP_EVENTS,
  type AppEventPayload,
  type AppEventResult,
  type AppEventType,
  type AppRequest,
  appRequest,
  type EmbeddedUser,
  embeddedUser,
  type FrameMessage,
  type FrameReply,
  frameAction,
  frameEvent,
  frameMessage,
  frameReply,
  HANDSHAKE,
  HANDSHAKE_ACCEPT,
  HANDSHAKE_REFUSE,
  handshake,
  handshakeAnswer,
  type LoginStatus,
  MAX_MESSAGE_BYTES,
  rpcRequest,
} from '../protocol/schemas.js'
