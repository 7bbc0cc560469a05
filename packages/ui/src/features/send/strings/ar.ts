// The send feature's strings in ar. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.WalletSendSelectToken': 'اختر رمزًا',
  'view.WalletSendPreview': 'مراجعة الإرسال',
  'send.amount': 'المبلغ',
  'send.changeToken': 'الرمز: {symbol}. تغيير الرمز',
  'send.pickToken': 'اختر رمزًا',
  'send.balance': 'الرصيد: {amount} {symbol}',
  'send.max': 'الحد الأقصى',
  'send.receiver': 'إلى',
  'send.receiverPlaceholder': 'العنوان أو الاسم',
  'send.resolving': 'جارٍ البحث عن الاسم…',
  'send.resolved': '{name} ({address})',
  'send.preview': 'معاينة الإرسال',
  'send.disabled': 'الإرسال مُعطّل في هذا التطبيق.',
  'send.unsupported': 'الإرسال غير متاح على هذه الشبكة.',
  'send.searchToken': 'ابحث بالاسم أو الرمز',
  'send.noMatch': 'لا يوجد رمز مطابق',
  'send.value': 'القيمة',
  'send.to': 'إلى',
  'send.network': 'الشبكة',
  'send.fee': 'رسوم الشبكة',
  'send.feeUnknown': 'تحددها محفظتك',
  'send.approve': 'وافق على المعاملة في محفظتك',
  'send.offline': 'غير متصل: سيُرسل الطلب عند عودة الاتصال',
  'send.cancel': 'إلغاء',
  'send.send': 'إرسال',
  'send.success': 'تم إرسال {amount} {symbol}',
  'send.pendingToast': 'المعاملة قيد الانتظار',
  'send.viewOn': 'عرض على {name}',
}
