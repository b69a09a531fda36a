import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { auditMessages } from '../../console/src/components/auditMessages'
import { dateTime } from '../../console/src/components/displayValues'
import {
  auditActionText,
  auditChangeTexts,
  auditHasSnapshots,
  auditRemarkText,
  auditTargetName,
} from '../../console/src/components/auditText'
import { orphanStatusLabels } from '@domain/moneyEdges'
import { systemRemarkLabels, SystemRemark } from '@domain/systemRemark'

// The audit trail and an order's operator actions in the operator's language (issue 37, item 21): the snapshots the
// server records (server/src/modules/operator/auditedOrderStep.ts, rateWrites.ts, operators.ts, the channel and job
// routes) read as field names and values in words, never as keys and codes.

const serverModules = join(__dirname, '../../server/src/modules')

const shown = (entry: Parameters<typeof auditChangeTexts>[0], locale: 'zh-CN' | 'en-US') =>
  auditChangeTexts(entry, locale).map(
    (change) => `${change.field}: ${change.before ? `${change.before.text} → ` : ''}${change.after.text}`,
  )

const approvedOrder = {
  targetType: 'order' as const,
  before: {
    payStatus: 30,
    lifePayOrderStatus: 40,
    refundNo: null,
    refundStatus: null,
    refundCheckRemark: null,
    refundCredentialsImgUrl: null,
    refundReturnedRemark: null,
  },
  after: {
    payStatus: 40,
    lifePayOrderStatus: 50,
    refundNo: 'LP1R',
    refundStatus: null,
    refundCheckRemark: '重复支付，已核实',
    refundCredentialsImgUrl: 'https://bucket.example/refund-vouchers/a.png',
    refundReturnedRemark: null,
  },
}

describe('audit entries in words', () => {
  test('an approved refund: states by their names, the voucher a link, nothing raw', () => {
    // PostgreSQL's jsonb hands keys back shortest first: the lines keep the catalogue's order whatever the snapshot's.
    const reordered = { ...approvedOrder, after: Object.fromEntries(Object.entries(approvedOrder.after).reverse()) }
    expect(shown(reordered, 'zh-CN')).toEqual(shown(approvedOrder, 'zh-CN'))
    expect(shown(approvedOrder, 'zh-CN')).toEqual([
      '支付状态: 待退款 → 已退款',
      '订单状态: 退款待审核 → 已退款',
      '退款单号: LP1R',
      '审核备注: 重复支付，已核实',
      '退款凭证: 查看凭证',
    ])
    expect(shown(approvedOrder, 'en-US')).toEqual([
      'Pay status: Pending refund → Refunded',
      'Order status: Refund pending review → Refunded',
      'Refund no.: LP1R',
      'Review remark: 重复支付，已核实',
      'Refund voucher: View voucher',
    ])
    const voucher = auditChangeTexts(approvedOrder, 'en-US').find((change) => change.key === 'refundCredentialsImgUrl')
    expect(voucher?.after.href).toBe('https://bucket.example/refund-vouchers/a.png')
  })

  test("a remark the server wrote itself reads in the operator's language", () => {
    const remark = systemRemarkLabels['zh-CN'][SystemRemark.DeliveredDuringReview]
    const closed = {
      targetType: 'order' as const,
      before: { refundCheckRemark: null },
      after: { refundCheckRemark: remark },
    }
    expect(shown(closed, 'en-US')).toEqual([
      `Review remark: ${systemRemarkLabels['en-US'][SystemRemark.DeliveredDuringReview]}`,
    ])
  })

  test('a declined refund is said so, not "refund failed"', () => {
    const rejected = {
      targetType: 'order' as const,
      before: { payStatus: 30, lifePayOrderStatus: 40 },
      after: { payStatus: 20, lifePayOrderStatus: 60 },
    }
    expect(shown(rejected, 'zh-CN')).toEqual(['支付状态: 待退款 → 已支付', '订单状态: 退款待审核 → 退款未通过'])
    expect(shown(rejected, 'en-US')[1]).toBe('Order status: Refund pending review → Refund declined')
  })

  test("the provider's refund result by name", () => {
    const returned = {
      targetType: 'order' as const,
      before: { refundStatus: 'abnormal', refundReturnedRemark: null },
      after: { refundStatus: 'returnedManually', refundReturnedRemark: '已转账' },
    }
    expect(shown(returned, 'zh-CN')).toEqual([
      '支付渠道退款结果: 退款异常（款项未退回） → 已通过其他方式退回',
      '其他方式退回说明: 已转账',
    ])
  })

  test('a channel created: only its new values, its rates by type, no repeated id', () => {
    const created = {
      targetType: 'channel' as const,
      before: null,
      after: {
        id: 'promo',
        channlesName: '推广渠道',
        channlesNum: 'promo',
        channlesRate: 90,
        rates: [
          { rateType: 10, rate: 90 },
          { rateType: 20, rate: 90 },
        ],
        status: 10,
        switchType: null,
        channlesType: null,
        creationTime: '2026-05-01T06:03:09.000Z',
      },
    }
    expect(shown(created, 'zh-CN')).toEqual([
      '渠道名称: 推广渠道',
      '渠道号: promo',
      '渠道折扣: 90%',
      '渠道自有折扣: 默认话费折扣 90%；默认电费折扣 90%',
      '状态: 启用',
      `创建时间: ${dateTime('2026-05-01T06:03:09.000Z')}`,
    ])
  })

  test('a channel switched off, a job retried, an operator demoted and disabled', () => {
    const switchedOff = {
      action: 'channel.status',
      targetType: 'channel' as const,
      before: { status: 10 },
      after: { status: 20 },
    }
    expect(auditActionText(switchedOff, 'en-US')).toBe('Disabled channel')
    expect(auditActionText({ ...switchedOff, after: { status: 10 } }, 'zh-CN')).toBe('启用渠道')
    expect(shown(switchedOff, 'en-US')).toEqual(['Status: Enabled → Disabled'])
    expect(shown({ targetType: 'channel', before: { enabled: true }, after: { enabled: false } }, 'zh-CN')).toEqual([
      '状态: 启用 → 停用',
    ])
    expect(
      shown(
        {
          targetType: 'job',
          before: { status: 'failed' },
          after: { status: 'pending', attempts: 0, kind: 'refund.auto' },
        },
        'zh-CN',
      ),
    ).toEqual(['状态: 已失败 → 等待中', '已尝试次数: 0', '任务类型: 自动退款'])
    expect(
      shown(
        {
          targetType: 'operator',
          before: { loginName: 'li', displayName: 'Li', role: 'admin', disabled: false },
          after: { loginName: 'li', displayName: 'Li', role: 'viewer', disabled: true },
        },
        'zh-CN',
      ),
    ).toEqual(['角色: 管理员 → 只读', '状态: 启用 → 停用'])
  })

  test('a rate change names the rate, not its number', () => {
    expect(auditTargetName({ targetType: 'rate', targetId: '10' }, 'zh-CN')).toBe('默认话费折扣')
    expect(auditTargetName({ targetType: 'order', targetId: 'LP1' }, 'zh-CN')).toBe('LP1')
    expect(shown({ targetType: 'rate', before: { rate: 98.5 }, after: { rate: 96 } }, 'en-US')).toEqual([
      'Rate: 98.5% → 96%',
    ])
  })

  test('actions and remarks in words; an unknown action stays as the server names it', () => {
    const act = (action: string) => ({ action, after: null })
    expect(auditActionText(act('refund.approve.acknowledgeDelivered'), 'zh-CN')).toBe(
      auditMessages['zh-CN'].actions['refund.approve.acknowledgeDelivered'],
    )
    expect(auditActionText(act('refund.approve'), 'en-US')).toBe('Approved refund')
    expect(auditActionText(act('something.new'), 'en-US')).toBe('something.new')
    expect(auditHasSnapshots({ targetType: 'operator', before: null, after: null })).toBe(false)
    expect(auditRemarkText('disabled', 'zh-CN')).toBe('账号已停用')
    expect(auditRemarkText('核实过', 'en-US')).toBe('核实过')
    expect(auditRemarkText(null, 'en-US')).toBeNull()
  })

  test('every action the server records has words in both languages', () => {
    // The literal actions in every module that writes the trail, plus the ones the routes build from parts.
    const modules = readdirSync(serverModules, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.ts'),
    )
    const literal = modules.flatMap((file) => {
      const source = readFileSync(join(serverModules, file), 'utf8')
      if (!source.includes('recordAudit(')) return []
      return [...source.matchAll(/action: '([a-z]+\.[a-zA-Z.]+)'/g)].map((match) => match[1])
    })
    expect(literal).toEqual(expect.arrayContaining(['user.channel', 'reconciliation.resolve', 'operator.totp.reset']))
    const built = ['refund.approve', 'refund.approve.acknowledgeDelivered', 'channel.create', 'channel.edit']
    for (const locale of ['zh-CN', 'en-US'] as const)
      for (const action of [...literal, ...built])
        expect(auditActionText({ action, after: null }, locale)).not.toBe(action)
  })

  test("a user's channel, a reconciliation difference and an orphan payment in words", () => {
    expect(shown({ targetType: 'user', before: { channelId: '' }, after: { channelId: 'C01' } }, 'zh-CN')).toEqual([
      '渠道: 默认渠道 → C01',
    ])
    expect(shown({ targetType: 'reconciliation', before: null, after: { status: 'resolved' } }, 'en-US')).toEqual([
      'Status: Resolved',
    ])
    expect(
      shown(
        { targetType: 'orphanPayment', before: { status: 'notReturned' }, after: { status: 'returnedManually' } },
        'zh-CN',
      ),
    ).toEqual([`状态: ${orphanStatusLabels['zh-CN'].notReturned} → ${orphanStatusLabels['zh-CN'].returnedManually}`])
  })
})
