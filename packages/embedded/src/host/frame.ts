// The public entry of the secure frame: `createSecureFrame` reports the spec §8 alerts to the
// kit's alert store unless told otherwise. The frame itself is in secure-frame.ts.
import { showAlert } from '@openmodal/core/internal'
import { createFrame, type SecureFrame, type SecureFrameOptions } from './secure-frame.js'

export { FRAME_Z_INDEX, type SecureFrame, type SecureFrameOptions } from './secure-frame.js'

/**
 * Creates the hidden full-screen secure frame and connects to it.
 *
 * @example
 * const frame = createSecureFrame({ secureOrigin, projectId, chainId: 1, version: '0.1.0' })
 * const { action } = await frame.request('CONNECT_EMAIL', { email })
 */
export function createSecureFrame(options: SecureFrameOptions): SecureFrame {
  return createFrame({
    ...options,
    onAlert: options.onAlert ?? ((error) => showAlert(error.alert)),
  })
}
