import type { Labels } from './locale'

/** What a message verification code is sent for. */
export enum VerificationCodeBusinessType {
  PhoneCodeLogin = 10,
  PhoneCodeRegister = 11,
  UserCertificationAudit = 20,
  ChangeUserPhoneNumber = 30,
  ChangePasswordFromPhoneNumber = 40,
  CreateOrUpdateCooperationApply = 50,
  BindUserEmail = 51,
  BankWalletAccountOpen = 60,
  LifePayPhoneCodeLogin = 80,
  UserCertificationPhoneCertification = 900,
  UserCertificationBankCardCertification = 910,
}

export const verificationCodeBusinessTypeValues: readonly VerificationCodeBusinessType[] = [
  VerificationCodeBusinessType.PhoneCodeLogin,
  VerificationCodeBusinessType.PhoneCodeRegister,
  VerificationCodeBusinessType.UserCertificationAudit,
  VerificationCodeBusinessType.ChangeUserPhoneNumber,
  VerificationCodeBusinessType.ChangePasswordFromPhoneNumber,
  VerificationCodeBusinessType.CreateOrUpdateCooperationApply,
  VerificationCodeBusinessType.BindUserEmail,
  VerificationCodeBusinessType.BankWalletAccountOpen,
  VerificationCodeBusinessType.LifePayPhoneCodeLogin,
  VerificationCodeBusinessType.UserCertificationPhoneCertification,
  VerificationCodeBusinessType.UserCertificationBankCardCertification,
]

export const verificationCodeBusinessTypeLabels: Labels<VerificationCodeBusinessType> = {
  'zh-CN': {
    [VerificationCodeBusinessType.PhoneCodeLogin]: '手机验证码登录',
    [VerificationCodeBusinessType.PhoneCodeRegister]: '手机验证码注册',
    [VerificationCodeBusinessType.UserCertificationAudit]: '用户认证审核',
    [VerificationCodeBusinessType.ChangeUserPhoneNumber]: '更换手机号',
    [VerificationCodeBusinessType.ChangePasswordFromPhoneNumber]: '通过手机号修改密码',
    [VerificationCodeBusinessType.CreateOrUpdateCooperationApply]: '创建或更新合作申请',
    [VerificationCodeBusinessType.BindUserEmail]: '绑定邮箱',
    [VerificationCodeBusinessType.BankWalletAccountOpen]: '银行钱包开户',
    [VerificationCodeBusinessType.LifePayPhoneCodeLogin]: '生活缴费手机验证码登录',
    [VerificationCodeBusinessType.UserCertificationPhoneCertification]: '用户认证：手机号认证',
    [VerificationCodeBusinessType.UserCertificationBankCardCertification]: '用户认证：银行卡认证',
  },
  'en-US': {
    [VerificationCodeBusinessType.PhoneCodeLogin]: 'Phone code login',
    [VerificationCodeBusinessType.PhoneCodeRegister]: 'Phone code register',
    [VerificationCodeBusinessType.UserCertificationAudit]: 'User certification audit',
    [VerificationCodeBusinessType.ChangeUserPhoneNumber]: 'Change user phone number',
    [VerificationCodeBusinessType.ChangePasswordFromPhoneNumber]: 'Change password from phone number',
    [VerificationCodeBusinessType.CreateOrUpdateCooperationApply]: 'Create or update cooperation apply',
    [VerificationCodeBusinessType.BindUserEmail]: 'Bind user email',
    [VerificationCodeBusinessType.BankWalletAccountOpen]: 'Bank wallet account open',
    [VerificationCodeBusinessType.LifePayPhoneCodeLogin]: 'Life-pay phone code login',
    [VerificationCodeBusinessType.UserCertificationPhoneCertification]: 'User certification phone certification',
    [VerificationCodeBusinessType.UserCertificationBankCardCertification]: 'User certification bank card certification',
  },
}
