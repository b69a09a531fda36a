import { defineMessages } from '../../i18n/messages'

export const mineMessages = defineMessages(
  {
    loginOrRegister: '登录 / 注册',
    loginHint: '登录后查看订单和常用户号',
    myOrders: '我的订单',
    savedAccounts: '常用户号',
    userAgreement: '用户协议',
    privacyPolicy: '隐私政策',
    language: '语言',
    logout: '退出登录',
    logoutTitle: '退出登录',
    logoutContent: '退出后需重新登录才能充值和查看订单，确定退出吗？',
    logoutConfirm: '退出',
    reminders: '充值提醒',
  },
  {
    loginOrRegister: 'Log in / Register',
    loginHint: 'Log in to see your orders and saved accounts',
    myOrders: 'My orders',
    savedAccounts: 'Saved accounts',
    userAgreement: 'User agreement',
    privacyPolicy: 'Privacy policy',
    language: 'Language',
    logout: 'Log out',
    logoutTitle: 'Log out',
    logoutContent: 'You will need to log in again to top up and see your orders. Log out?',
    logoutConfirm: 'Log out',
    reminders: 'Top-up reminders',
  },
)
