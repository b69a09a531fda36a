import { defineMessages } from '../../i18n/messages'

export const usersMessages = defineMessages(
  {
    title: '用户',
    keyword: '关键字',
    keywordPlaceholder: '手机号或用户名',
    phone: '手机号',
    name: '用户名',
    lastLogin: '最近登录',
    created: '注册时间',
    orders: '订单数',
    completed: '已到账',
    viewOrders: '订单',
    viewAccounts: '缴费账户',
  },
  {
    title: 'Users',
    keyword: 'Keyword',
    keywordPlaceholder: 'Phone number or user name',
    phone: 'Phone',
    name: 'Name',
    lastLogin: 'Last login',
    created: 'Registered',
    orders: 'Orders',
    completed: 'Delivered',
    viewOrders: 'Orders',
    viewAccounts: 'Saved accounts',
  },
)
