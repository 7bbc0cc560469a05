// The profile feature's strings in ar. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'profile.eoa': 'حساب عادي (EOA)',
  'profile.smartAccount': 'حساب ذكي',
  'profile.active': 'نشط',
  'profile.use': 'استخدم هذا الحساب',
  'profile.deployed': 'منشور',
  'profile.notDeployed': 'لم يُنشر بعد: أول معاملة لك تنشره',
  'profile.balance': 'الرصيد: {amount} {symbol}',
  'profile.balanceUnknown': 'الرصيد غير متاح',
  'profile.noSmartAccount': 'الحسابات الذكية غير متاحة على هذه الشبكة.',
  'profile.loading': 'جارٍ تحميل حساباتك…',
  'profile.switching': 'جارٍ التبديل…',
  'profile.account7702': 'حسابك (EIP-7702): عنوان واحد للاثنين',
  'profile.delegated': 'مفوَّض: هذا العنوان حساب ذكي',
  'profile.notDelegated': 'لم يُفوَّض بعد: أول معاملة لك كحساب ذكي تفوّضه',
  'profile.actsAsSmart': 'يعمل كحساب ذكي',
  'profile.actsAsEoa': 'يعمل كحساب عادي (EOA)',
  'profile.useSmart': 'استخدمه كحساب ذكي',
  'profile.useEoa': 'استخدمه كحساب عادي',
}
