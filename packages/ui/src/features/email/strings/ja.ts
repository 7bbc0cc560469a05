// The email feature's strings in ja. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // The embedded wallet's e-mail login errors (core's frame table, as the server sends them)
  'error.EMAIL_INVALID': 'メールアドレスが無効です',
  'error.EMAIL_OTP_INVALID': 'このコードは無効です',
  'error.EMAIL_OTP_EXPIRED': 'コードの有効期限が切れました。新しいコードをリクエストしてください',
  'error.EMAIL_OTP_LOCKED': '間違ったコードが多すぎます。新しいコードをリクエストしてください',
  'error.EMAIL_IN_USE': 'このメールアドレスは別のアカウントで使用されています',
  'error.EMAIL_SEND_FAILED': 'メールを送信できませんでした。もう一度お試しください',
  'error.EMAIL_LOGIN_DISABLED': 'このプロジェクトではメールでのログインが無効になっています',
  'error.EMBEDDED_NEW_DEVICE_HOLD':
    'このデバイスは最近ウォレットを復元しました。復元方法やメールアドレスは {time} 以降に変更できます。',

  'email.label': 'メールアドレス',
  'email.submit': '続ける',
  'email.invalid': '無効なメールアドレス',
  'email.throttled': '{seconds} 秒後にもう一度お試しください',
  'email.sending': 'コードを送信中…',
  'email.deviceIntro': '新しいデバイスです。{email} に送ったメールから承認してください。',
  'email.deviceWaiting': '承認を待っています…',
  'email.otpIntro': '{email} に送った 6 桁のコードを入力してください。',
  'email.typeInFrame': '安全なウィンドウでコードを入力してください。',
  'email.verifying': 'コードを確認中…',
  'email.resend': 'コードを再送信',
  'email.resendIn': '{seconds} 秒後に再送信できます',
  'email.change': '別のメールを使う',
  'updateEmail.intro': 'メールアドレスは {email} です。',
  'updateEmail.label': '新しいメールアドレス',
  'updateEmail.same': 'すでにこのメールアドレスです。',
  'updateEmail.primaryIntro': '変更を確認するため、{email} に送ったコードを入力してください。',
  'updateEmail.secondaryIntro': '{email} に送ったコードを入力してください。',
  'updateEmail.saved': 'メールアドレスを更新しました',
  'approve.title': '安全なウィンドウで承認',
  'approve.intro': '安全なウィンドウでリクエストを確認してください。応答するとこの画面に戻ります。',
  'email.recoveryInFrame': 'セキュアウィンドウでパスキーまたはパスフレーズを使用してください。',
  'recovery.intro':
    '新しいデバイスでは、あなたが持つパスキーまたはパスフレーズでのみウォレットを復元できます。変更するには、{email} に送信するコードで確認し、セキュアウィンドウで新しいものを選んでください。',
  'recovery.start': '復元方法を変更',
  'recovery.codeIntro': '{email} に送信したコードをセキュアウィンドウに入力してください。',
  'recovery.choose': 'セキュアウィンドウでパスキーまたはパスフレーズを選んでください。',
  'recovery.donePasskey': '完了しました。新しいデバイスではパスキーでウォレットを復元します。',
  'recovery.donePassphrase':
    '完了しました。新しいデバイスではパスフレーズでウォレットを復元します。',
  'recovery.done': '復元方法を変更しました',
  'recovery.cancelled': 'キャンセルしました。何も変更されていません。',
  'recovery.back': 'アカウントに戻る',
}
