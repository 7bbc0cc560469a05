// The email feature's strings in zh-CN. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // The embedded wallet's e-mail login errors (core's frame table, as the server sends them)
  'error.EMAIL_INVALID': '电子邮件地址无效',
  'error.EMAIL_OTP_INVALID': '此验证码无效',
  'error.EMAIL_OTP_EXPIRED': '验证码已过期，请重新获取',
  'error.EMAIL_OTP_LOCKED': '错误的验证码次数过多，请重新获取',
  'error.EMAIL_IN_USE': '另一个账户正在使用此电子邮件地址',
  'error.EMAIL_SEND_FAILED': '无法发送电子邮件，请重试',
  'error.EMAIL_LOGIN_DISABLED': '此项目已关闭电子邮件登录',
  'error.EMBEDDED_NEW_DEVICE_HOLD':
    '此设备最近恢复了钱包。它可以在 {time} 之后更改恢复方式或电子邮件。',

  'email.label': '邮箱地址',
  'email.submit': '继续',
  'email.invalid': '邮箱无效',
  'email.throttled': '请在 {seconds} 秒后重试',
  'email.sending': '正在发送验证码…',
  'email.deviceIntro': '这是一台新设备。请通过发送到 {email} 的邮件批准它。',
  'email.deviceWaiting': '正在等待批准…',
  'email.otpIntro': '请输入我们发送到 {email} 的 6 位验证码。',
  'email.typeInFrame': '请在安全窗口中输入验证码。',
  'email.verifying': '正在检查验证码…',
  'email.resend': '重新发送验证码',
  'email.resendIn': '{seconds} 秒后可重新发送',
  'email.change': '使用其他邮箱',
  'updateEmail.intro': '你的邮箱是 {email}。',
  'updateEmail.label': '新邮箱地址',
  'updateEmail.same': '这已经是你的邮箱。',
  'updateEmail.primaryIntro': '请输入我们发送到 {email} 的验证码以确认更改。',
  'updateEmail.secondaryIntro': '请输入我们发送到 {email} 的验证码。',
  'updateEmail.saved': '邮箱已更新',
  'approve.title': '在安全窗口中批准',
  'approve.intro': '请在安全窗口中查看请求。你答复后将回到此界面。',
  'email.recoveryInFrame': '请在安全窗口中使用你的通行密钥或密码短语。',
  'recovery.intro':
    '在新设备上，只有你持有的通行密钥或密码短语才能恢复你的钱包。如需更改，请用我们发送到 {email} 的验证码确认，然后在安全窗口中选择新的方式。',
  'recovery.start': '更改恢复方式',
  'recovery.codeIntro': '请在安全窗口中输入我们发送到 {email} 的验证码。',
  'recovery.choose': '请在安全窗口中选择通行密钥或密码短语。',
  'recovery.donePasskey': '完成。新设备现在使用你的通行密钥恢复钱包。',
  'recovery.donePassphrase': '完成。新设备现在使用你的密码短语恢复钱包。',
  'recovery.done': '恢复方式已更改',
  'recovery.cancelled': '已取消，未做任何更改。',
  'recovery.back': '返回账户',
}
