// The network feature's strings in ar. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'networks.list': 'الشبكات',
  'networks.selected': 'محددة',
  'networks.switching': 'جارٍ تبديل الشبكة…',
  'networks.unsupported': 'هذا التطبيق لا يدعم شبكتك الحالية. بدّل إلى خيار متاح للمتابعة.',
  'switchNetwork.title': 'وافق في المحفظة',
  'switchNetwork.approve': 'وافق على تبديل الشبكة في محفظتك',
  'switchNetwork.to': 'التبديل إلى {name}',
  'switchNetwork.missing': 'لم يتم اختيار شبكة.',
  'switchActiveChain.hint': 'لا توجد محفظة {chain} متصلة. اربط واحدة لاستخدام {name}.',
  'switchActiveChain.connect': 'ربط محفظة لـ {chain}',
}
