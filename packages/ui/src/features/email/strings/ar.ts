// The email feature's strings in ar. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // The embedded wallet's e-mail login errors (core's frame table, as the server sends them)
  'error.EMAIL_INVALID': 'البريد الإلكتروني غير صالح',
  'error.EMAIL_OTP_INVALID': 'هذا الرمز غير صالح',
  'error.EMAIL_OTP_EXPIRED': 'انتهت صلاحية الرمز؛ اطلب رمزًا جديدًا',
  'error.EMAIL_OTP_LOCKED': 'رموز خاطئة كثيرة؛ اطلب رمزًا جديدًا',
  'error.EMAIL_IN_USE': 'حساب آخر يستخدم هذا البريد الإلكتروني',
  'error.EMAIL_SEND_FAILED': 'تعذّر إرسال البريد الإلكتروني؛ حاول مرة أخرى',
  'error.EMAIL_LOGIN_DISABLED': 'تسجيل الدخول بالبريد الإلكتروني متوقف لهذا المشروع',
  'error.EMBEDDED_NEW_DEVICE_HOLD':
    'استعاد هذا الجهاز المحفظة مؤخرًا. يمكنه تغيير طريقة الاستعادة أو البريد الإلكتروني بعد {time}.',

  'email.label': 'عنوان البريد الإلكتروني',
  'email.submit': 'متابعة',
  'email.invalid': 'بريد إلكتروني غير صالح',
  'email.throttled': 'يرجى المحاولة مرة أخرى بعد {seconds} ثانية',
  'email.sending': 'جارٍ إرسال رمز…',
  'email.deviceIntro': 'هذا جهاز جديد. وافق عليه من الرسالة التي أرسلناها إلى {email}.',
  'email.deviceWaiting': 'في انتظار الموافقة…',
  'email.otpIntro': 'أدخل الرمز المكوّن من 6 أرقام الذي أرسلناه إلى {email}.',
  'email.typeInFrame': 'اكتب الرمز في النافذة الآمنة.',
  'email.verifying': 'جارٍ التحقق من الرمز…',
  'email.resend': 'إعادة إرسال الرمز',
  'email.resendIn': 'إعادة إرسال الرمز بعد {seconds} ث',
  'email.change': 'استخدام بريد آخر',
  'updateEmail.intro': 'بريدك الإلكتروني هو {email}.',
  'updateEmail.label': 'عنوان البريد الإلكتروني الجديد',
  'updateEmail.same': 'هذا بريدك الإلكتروني بالفعل.',
  'updateEmail.primaryIntro': 'أدخل الرمز الذي أرسلناه إلى {email} لتأكيد التغيير.',
  'updateEmail.secondaryIntro': 'أدخل الرمز الذي أرسلناه إلى {email}.',
  'updateEmail.saved': 'تم تحديث البريد الإلكتروني',
  'approve.title': 'وافق في النافذة الآمنة',
  'approve.intro': 'راجع الطلب في النافذة الآمنة. تعود هذه الشاشة عندما تجيب.',
  'email.recoveryInFrame': 'استخدم مفتاح المرور أو عبارة المرور في النافذة الآمنة.',
  'recovery.intro':
    'على جهاز جديد، لا يسترد محفظتك إلا مفتاح مرور أو عبارة مرور تملكها أنت. لتغييرها، أكّد برمز نرسله إلى {email}، ثم اختر الجديدة في النافذة الآمنة.',
  'recovery.start': 'تغيير طريقة الاسترداد',
  'recovery.codeIntro': 'أدخل في النافذة الآمنة الرمز الذي أرسلناه إلى {email}.',
  'recovery.choose': 'اختر مفتاح مرور أو عبارة مرور في النافذة الآمنة.',
  'recovery.donePasskey': 'تم. يسترد الجهاز الجديد محفظتك الآن بمفتاح المرور الخاص بك.',
  'recovery.donePassphrase': 'تم. يسترد الجهاز الجديد محفظتك الآن بعبارة المرور الخاصة بك.',
  'recovery.done': 'تم تغيير طريقة الاسترداد',
  'recovery.cancelled': 'أُلغي. لم يتغير شيء.',
  'recovery.back': 'العودة إلى الحساب',
}
