// The siwx feature's strings in ar. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'siwx.headline': 'تسجيل الدخول إلى {name}',
  'siwx.domain': 'ستعرض محفظتك هذا الطلب على أنه من',
  'siwx.approve': 'وافق على التوقيع في محفظتك',
  'siwx.sign': 'توقيع',
  'siwx.cancel': 'إلغاء',
  'siwx.failed': 'فشل تسجيل الدخول',
}
