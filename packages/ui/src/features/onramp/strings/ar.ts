// The on-ramp feature's strings in ar. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.OnRampProviders': 'شراء العملات المشفرة',
  'view.BuyInProgress': 'جارٍ الشراء',
  'onramp.amount': 'المبلغ ({currency})',
  'onramp.currency': 'العملة',
  'onramp.crypto': 'العملة المشفرة للشراء',
  'onramp.method': 'الدفع عبر',
  'onramp.card': 'بطاقة',
  'onramp.bank': 'تحويل بنكي',
  'onramp.limits': 'من {min} إلى {max} {currency}',
  'onramp.asset': 'ستشتري {symbol} على {network}',
  'onramp.invalid': 'أدخل مبلغًا مثل 100 أو 99.50',
  'onramp.below': 'الحد الأدنى لطريقة الدفع هذه هو {min} {currency}',
  'onramp.above':
    'الحد الأقصى لطريقة الدفع هذه هو {max} {currency}. خفّض المبلغ أو ادفع بتحويل بنكي.',
  'onramp.aboveBank': 'الحد الأقصى لطريقة الدفع هذه هو {max} {currency}. خفّض المبلغ.',
  'onramp.providers': 'المزوّدون',
  'onramp.fee': 'رسوم {percent}% ({fee} {currency})',
  'onramp.receive': 'ستحصل على نحو {amount} {symbol}',
  'onramp.noPrice': 'يعرض المزوّد المبلغ الذي ستحصل عليه',
  'onramp.enterAmount': 'أدخل مبلغًا لرؤية العروض.',
  'onramp.loading': 'جارٍ التحميل…',
  'onramp.unavailable': 'شراء العملات المشفرة غير متاح على هذه الشبكة.',
  'onramp.failedOptions': 'تعذّر تحميل العروض. حاول مرة أخرى.',
  'onramp.retry': 'إعادة المحاولة',
  'onramp.buyWith': 'الشراء عبر {provider}',
  'onramp.waiting': 'أكمل الشراء في نافذة {provider}. تتحدّث هذه الصفحة تلقائيًا.',
  'onramp.blocked': 'منع متصفحك نافذة {provider}.',
  'onramp.open': 'افتح {provider} في علامة تبويب جديدة',
  'onramp.done': 'اكتمل الشراء: وصل {amount} {symbol}',
  'onramp.failed': 'فشل الشراء. لم يخصم هذا التطبيق شيئًا؛ يمكنك المحاولة مرة أخرى.',
  'onramp.back': 'العودة إلى العروض',
}
