import { defineMessages } from '../../i18n/messages'

/** Strings of the payment bridges and the sandbox cashier. */
export const paymentMessages = defineMessages(
  {
    cashierTitle: '收银台',
    sandboxBadge: '沙箱环境',
    sandboxNote: '测试环境的模拟支付，不会产生真实扣款',
    amountLabel: '需支付',
    orderNoLabel: '订单号',
    payTypeLabel: '支付方式',
    pay: '确认支付 {amount}',
    cancel: '取消支付',
    paying: '支付中…',
  },
  {
    cashierTitle: 'Checkout',
    sandboxBadge: 'Sandbox',
    sandboxNote: 'A simulated payment in the test environment: no real money moves',
    amountLabel: 'Amount to pay',
    orderNoLabel: 'Order number',
    payTypeLabel: 'Pay with',
    pay: 'Pay {amount}',
    cancel: 'Cancel payment',
    paying: 'Paying…',
  },
)
