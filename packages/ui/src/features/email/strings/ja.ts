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
}
