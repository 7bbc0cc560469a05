// The eight locales @openmodal/ui ships, for the demo's language pickers, each named in its
// own language (Intl.DisplayNames) so a visitor finds theirs.
const CODES = ['en', 'ar', 'de', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN'] as const

export const LOCALES = CODES.map((code) => ({
  code,
  label: new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code,
  dir: code === 'ar' ? 'rtl' : 'ltr',
}))
