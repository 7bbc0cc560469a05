// The walletconnect feature's strings in ar. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'walletConnect.scan': 'امسح رمز QR هذا بهاتفك',
  'walletConnect.scanWith': 'امسح باستخدام {name}',
  'walletConnect.qrLabel': 'رمز QR لـ WalletConnect',
  'walletConnect.preparing': 'جارٍ تجهيز رمز QR…',
  'walletConnect.hint': 'وافق على الربط في محفظتك',
  'walletConnect.refreshed': 'انتهت صلاحية رمز QR وتم تجديده',
  'walletConnect.copy': 'نسخ الرابط',
  'walletConnect.copied': 'تم نسخ الرابط',
  'walletConnect.copyFailed': 'تعذّر نسخ الرابط',
  'walletConnect.openApp': 'افتح {name}',
  'walletConnect.openWeb': 'افتح {name} في المتصفح',
  'walletConnect.notConfigured': 'لم يُعدّ WalletConnect لهذا التطبيق.',
}
