// The HTTP shapes live in core, beside the client that speaks them; the server re-exports them.
export * from '@openmodal/core/api'
