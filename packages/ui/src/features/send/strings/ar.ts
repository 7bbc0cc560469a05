// The send feature's strings in ar. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Transfers: a typed amount's and the adapters' errors (core's amount and transfer tables)
  'error.INVALID_AMOUNT': 'مبلغ غير صالح',
  'error.TOO_MANY_DECIMALS': 'المبلغ {amount} فيه منازل عشرية أكثر مما يسمح به الرمز ({decimals})',
  'error.TRANSACTION_TIMEOUT': 'لم تُؤكَّد المعاملة في الوقت المحدد',
  'error.TRANSACTION_FAILED': 'فشلت المعاملة',
  'error.RENT_EXEMPT_MINIMUM': 'المستلم حساب جديد: أرسل {amount} SOL على الأقل',
  'error.RENT_SENDER_MINIMUM': 'سيترك هذا التحويل حسابك بأقل من {amount} SOL',

  // Send's errors (core's send table; the swap views, in the same chunk, show them too)
  'error.SEND_TOKEN_REQUIRED': 'الرمز المميز مطلوب',
  'error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': 'المبلغ وعنوان المستلم مطلوبان',
  'error.SEND_AMOUNT_NOT_POSITIVE': 'يجب أن يكون المبلغ أكبر من 0',
  'error.INSUFFICIENT_BALANCE': 'الرصيد غير كافٍ',
  'error.INSUFFICIENT_FEE': 'لا يتبقى رصيد كافٍ لرسوم الشبكة',
  'error.INVALID_RECEIVER': 'عنوان المستلم غير صالح',
  'error.NAME_NOT_RESOLVED': 'لم يُعثر على عنوان لهذا الاسم',
  'error.SEND_UNAVAILABLE': 'الإرسال غير متاح هنا',
  'error.TRANSACTION_REVERTED': 'فشلت المعاملة',
  'error.TRANSACTION_DROPPED': 'تعذّر العثور على المعاملة على الشبكة',

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
