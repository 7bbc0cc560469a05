// Spec §5: origin checks support exact origins and wildcards (`https://*.vercel.app`,
// `http://localhost:*`). The frame uses core's matcher, the one the server and the kit use, so
// the three sides agree on one grammar: a `*` host label is exactly one DNS label, a `*` port
// any port (`https://a.b.vercel.app` is not `https://*.vercel.app`).
export { isOriginAllowed as originAllowed } from '@openmodal/core'
