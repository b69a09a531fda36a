import { defineMessages } from '../../i18n/messages'

export const securityMessages = defineMessages(
  {
    title: '两步验证',
    on: '已开启',
    off: '未开启',
    status: '状态',
    since: '开启时间',
    codesLeft: '剩余恢复码',
    lostPhone: '手机丢失时，可用恢复码登录；恢复码也用完时，请其他管理员在「运营账号」中为你重置两步验证。',
  },
  {
    title: 'Two-step verification',
    on: 'On',
    off: 'Off',
    status: 'Status',
    since: 'On since',
    codesLeft: 'Recovery codes left',
    lostPhone:
      'Lost your phone? Log in with a recovery code; when they run out, another admin resets your two-step verification under Operators.',
  },
)
