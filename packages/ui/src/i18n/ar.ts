// The Arabic catalog (right to left). Wallet, network and token names stay as given.
import { type CodeMessages, codeEntries } from './codes.js'
import type { Catalog } from './index.js'

export const ar: Catalog = {
  'modal.back': 'رجوع',
  'modal.close': 'إغلاق',
  'modal.notifications': 'الإشعارات',
  'alert.dismiss': 'تجاهل',
  'common.loading': 'جارٍ التحميل…',
  'common.tryAgain': 'حاول مرة أخرى',
  'common.newTab': '(يفتح في علامة تبويب جديدة)',

  'view.Connect': 'ربط المحفظة',
  'view.Account': 'الحساب',
  'view.AllWallets': 'كل المحافظ',
  'view.ConnectingExternal': '{name}',
  'view.ConnectingWalletConnect': 'WalletConnect',
  'view.ConnectingWalletConnectBasic': 'WalletConnect',
  'view.ConnectingFarcaster': 'Farcaster',
  'view.EmailLogin': 'الدخول بالبريد الإلكتروني',
  'view.ProfileWallets': 'المحافظ',
  'view.UnsupportedChain': 'تبديل الشبكة',
  'view.RegisterAccountName': 'اختر اسمًا',
  'view.RegisterAccountNameSuccess': 'تم تسجيل الاسم',
  'view.SwitchNetwork': 'تبديل الشبكة',
  'view.SwitchActiveChain': 'تبديل السلسلة',
  'view.UpdateEmailWallet': 'تعديل البريد الإلكتروني',
  'view.ChangeRecovery': 'استرداد المحفظة',
  'view.SIWXSignMessage': 'تسجيل الدخول',
  'view.ApproveTransaction': 'الموافقة على المعاملة',
  'view.Networks': 'اختر الشبكة',
  'view.Swap': 'مبادلة',
  'view.WalletSend': 'إرسال',
  'view.WalletReceive': 'استلام',
  'view.OnRampProviders': 'شراء العملات الرقمية',
  'view.Transactions': 'النشاط',

  'router.loadFailed': 'تعذّر تحميل هذه الشاشة.',
  'router.notAvailable': 'هذه الشاشة غير متاحة بعد.',

  'connecting.unknownWallet': 'المحفظة',

  // E-mail login, e-mail update and approval (embedded wallet)

  'button.connect': 'ربط المحفظة',
  'button.connecting': 'جارٍ الربط…',
  'button.account': 'الحساب {name}',
  'button.network': 'الشبكة: {name}',
  'button.selectNetwork': 'اختر الشبكة',
  'button.unsupported': 'شبكة غير مدعومة',

  'toast.success': 'تم بنجاح',
  'toast.error': 'خطأ',
  'toast.loading': 'قيد التنفيذ',
  'toast.callsOneByOne':
    'لا تستطيع محفظتك تجميع الاستدعاءات: أرسلتها واحدًا تلو الآخر، لا كدفعة واحدة',
}

/**
 * Core's errors, alerts and toasts in Arabic, by code. `null`: an error that always carries its
 * own words (shown as given).
 */
export const arCodes: CodeMessages = {
  errors: {
    UNSUPPORTED_CHAIN: 'شبكة غير مدعومة',
    MODAL_CLOSED: 'أُغلقت النافذة',
    CONNECTION_REJECTED: 'رُفض الاتصال',
    FAILED_TO_CONNECT: 'تعذّر الاتصال',
    FAILED_TO_CONNECT_FARCASTER: 'تعذّر الاتصال بـ Farcaster',
    NO_AUTH_CONNECTOR: 'لم يُعثر على موصل المصادقة',
    NOT_CONNECTED_TO_EMAIL_OR_SOCIAL: 'غير متصل بالبريد الإلكتروني أو بحساب اجتماعي',
    NO_ACTIVE_CAIP_NETWORK_OR_CLIENT: 'لم يُعثر على شبكة نشطة أو عميل',
    NO_CONNECTION_CONTROLLER_CLIENT: 'لم يُعثر على عميل الاتصال',
    TRANSACTIONS_WITHOUT_ADDRESS: 'لا يمكن جلب المعاملات من دون عنوان حساب',
    NO_TRANSPORT_URL: 'لم يُقدَّم عنوان URL لوسيلة النقل',
    EMAIL_LOGIN_DEPENDENCY: 'تعذّر تحميل مكوّن الدخول بالبريد الإلكتروني',
    FRAME_IFRAME_NOT_SET: 'إطار المحفظة المدمجة غير مهيّأ',
    FRAME_PARENT_NOT_SET: 'الصفحة الأم غير مهيّأة',
    SIWX_NOT_ENABLED: 'تسجيل الدخول بالمحفظة (SIWX) غير مفعّل',
    NO_ACTIVE_CAIP_ADDRESS: 'لم يُعثر على عنوان نشط',
    CHAIN_NOT_SUPPORTED: 'الشبكة غير مدعومة',
    ADAPTER_NOT_FOUND: 'لم يُعثر على المحوّل',
    CAIP_NETWORK_UNDEFINED: 'الشبكة غير محددة',
    CAIP_NETWORK_OR_ADDRESS_UNDEFINED: 'الشبكة أو العنوان غير محدد',
    CHAIN_NOT_CONFIGURED: 'الشبكة غير مهيّأة',
    CONNECTOR_ALREADY_CONNECTED: 'المحفظة متصلة بالفعل',
    CONNECTOR_NOT_CONNECTED: 'المحفظة غير متصلة',
    CONNECTOR_ACCOUNT_NOT_FOUND: 'لم يُعثر على حساب المحفظة',
    CONNECTOR_CHAIN_MISMATCH: 'شبكة المحفظة لا تطابق الشبكة المختارة',
    CONNECTOR_RECONNECTING: 'المحفظة غير متاحة أثناء إعادة الاتصال',
    PROVIDER_NOT_FOUND: 'لم يُعثر على المزوّد',
    NO_PROGRAMMATIC_SWITCH: 'لا تدعم هذه المحفظة تبديل الشبكة برمجيًا',
    REQUEST_ABORTED: 'أُلغي الطلب',
    SOMETHING_WENT_WRONG: 'حدث خطأ ما',
    AN_ERROR_OCCURRED: 'حدث خطأ',
    UNKNOWN: 'خطأ غير معروف',
    DISCONNECT_FAILED: null,
    SIGNATURE_DECLINED: 'تم رفض التوقيع',
    SIWE_AND_SIWX: 'لا يمكن تعيين الخيارين `siweConfig` و`siwx` معًا',
    INVALID_OPTIONS: null,
    INVALID_STORAGE_VALUE: null,
    INVALID_CAIP_NETWORK_ID: null,
    INVALID_CAIP_ADDRESS: null,
    INVALID_NUMBER: null,
    INVALID_DECIMALS: null,
    INVALID_GENESIS_HASH: 'تجزئة كتلة التكوين غير صالحة',
    API_UNREACHABLE: 'حدث خطأ ما',
    API_HTTP_ERROR: null,
    WALLET_CODE_NOT_LOADED: 'تعذّر تحميل شيفرة المحفظة',
    UNSUPPORTED_METHOD: 'طلب RPC غير مسموح به',
    INVALID_PARAMS: 'معاملات الطلب غير صالحة',
    INVALID_TRANSFER: 'تحويل غير صالح',
    RPC_ERROR: null,
    RPC_UNREACHABLE: 'خطأ في الشبكة',
    NON_PAYMENT_ACCOUNT: 'لا يُسمح بالتبديل إلى حسابات غير مخصّصة للدفع',
    HTTP_ERROR: 'رمز حالة HTTP: {status}',
    NODE_UNEXPECTED_ANSWER: 'ردّت الشبكة بشكل غير متوقع',
    INVALID_ADDRESS: 'عنوان غير صالح',
    UNSUPPORTED_TOKEN_TRANSFER: 'تحويلات الرموز غير مدعومة على {network}',
    UNSUPPORTED_ADDRESS_TYPE: 'التحويل من عناوين {type} غير مدعوم',
    WALLET_UNEXPECTED_ANSWER: 'ردّت المحفظة بشكل غير متوقع',
    WALLET_NO_TRANSACTION: 'لم تُرجع المحفظة أي معاملة',
    WALLET_NO_SIGNATURE: 'لم تُرجع المحفظة أي توقيع',
    WALLET_DID_NOT_SIGN: 'لم توقّع المحفظة',
    WALLET_FEATURE_MISSING: 'المحفظة لا تدعم {feature}',
    WALLET_CANNOT_SIGN_MESSAGES: 'لا تستطيع المحفظة توقيع الرسائل',
    WALLET_CANNOT_SEND: 'لا تستطيع المحفظة إرسال المعاملات',
    WALLET_NO_TAPROOT_KEY: 'لم تقدّم المحفظة مفتاح taproot لعنوان الدفع الخاص بها',
    WALLET_NO_P2SH_KEY: 'لم تقدّم المحفظة مفتاحًا عامًا لعنوان P2SH الخاص بها',
    // The embedded wallet frame (its failures and the server's e-mail login errors)
    FRAME_LOAD_FAILED: 'خطأ في الشبكة - تعذّر تحميل المحفظة المدمجة',
    FRAME_REQUEST_TIMEOUT: 'انتهت مهلة طلب المحفظة المدمجة',
    FRAME_UNVERIFIED_DOMAIN: 'إعداد التطبيق غير صالح',
    EMBEDDED_SESSION_EXPIRED: 'انتهت الجلسة',
    EMBEDDED_PROJECT_NOT_FOUND: 'معرّف المشروع غير مهيّأ',
    EMBEDDED_SERVER_ERROR: 'خطأ في الخادم',
    EMAIL_RATE_LIMITED: null,
  },
  alerts: {
    NETWORK_NOT_FOUND: {
      title: 'لم يُعثر على الشبكة',
      description: 'الشبكة التي حاولت التبديل إليها غير مهيّأة في هذا التطبيق.',
    },
    INVALID_APP_CONFIGURATION: {
      title: 'إعداد التطبيق غير صالح',
      description: 'هذه الصفحة ليست ضمن المصادر المسموح بها للمشروع.',
    },
    EMBEDDED_WALLET_LOAD_FAILED: {
      title: 'خطأ في الشبكة - تعذّر تحميل المحفظة المدمجة',
      description: 'تحقّق من اتصالك وأعد تحميل الصفحة.',
    },
    EMBEDDED_WALLET_TIMEOUT: {
      title: 'انتهت مهلة طلب المحفظة المدمجة',
      description: 'لم تُجب المحفظة المدمجة في الوقت المحدد. حاول مرة أخرى.',
    },
    SESSION_EXPIRED: { title: 'انتهت الجلسة', description: 'اربط محفظتك مرة أخرى.' },
    PROJECT_ID_NOT_CONFIGURED: {
      title: 'معرّف المشروع غير مهيّأ',
      description: 'عيّن `projectId` في الخيارات المُمرَّرة إلى createModal().',
    },
    SERVER_ERROR: { title: 'خطأ في الخادم', description: 'لم يُجب خادم المشروع.' },
    RATE_LIMITED: {
      title: 'تجاوزت حد الطلبات',
      description: 'طلبات كثيرة جدًا. حاول مرة أخرى بعد قليل.',
    },
  },
  toasts: {
    TOKEN_BALANCE_UNAVAILABLE: 'رصيد الرموز غير متاح',
    FAILED_TO_FETCH_TRANSACTIONS: 'تعذّر جلب المعاملات',
    SIGNATURE_DECLINED: 'تم رفض التوقيع',
    AUTHENTICATING: 'جارٍ التحقق من الهوية...',
    AUTH_INIT_FAILED: 'حدثت مشكلة أثناء محاولة تهيئة المصادقة',
    ACTION_NOT_ALLOWED: 'الإجراء غير مسموح به',
  },
}

/** `arCodes` as catalog entries (`error.CONNECTION_REJECTED`…). */
export const arCodeEntries = codeEntries(arCodes)

/** The whole Arabic catalog, as `loadLocale` registers it. */
export const catalog: Catalog = { ...ar, ...arCodeEntries }
