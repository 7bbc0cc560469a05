// The social feature's strings in ar. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Social login's errors (core's frame table)
  'error.FAILED_TO_INITIATE_SOCIAL': 'تعذّر بدء تسجيل الدخول الاجتماعي',
  'error.POPUP_CLOSED': 'أُغلقت النافذة المنبثقة',

  'view.ConnectingSocial': 'تسجيل الدخول الاجتماعي',
  'social.started': 'جارٍ فتح {provider}…',
  'social.popupOpened': 'سجّل الدخول باستخدام {provider} في النافذة التي فُتحت.',
  'social.connected': 'تم تسجيل الدخول باستخدام {provider}. جارٍ فتح محفظتك…',
  'social.success': 'متصل',
  'social.blocked': 'حظر متصفحك نافذة {provider}.',
  'social.open': 'فتح {provider}',
  'farcaster.scan': 'امسح باستخدام Farcaster',
  'farcaster.hint': 'امسح الرمز بكاميرا هاتفك أو بتطبيق Farcaster لتسجيل الدخول.',
  'farcaster.preparing': 'جارٍ تجهيز رابط تسجيل الدخول…',
  'farcaster.qrLabel': 'رمز QR لتسجيل الدخول عبر Farcaster',
  'farcaster.open': 'افتح Farcaster على هذا الجهاز',
}
