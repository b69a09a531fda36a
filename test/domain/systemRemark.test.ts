import { remarkForUser, SystemRemark, systemRemarkLabels, systemRemarkText } from '@domain/systemRemark'

describe('the server’s own remarks in the user’s language (issue 17, item 3)', () => {
  it.each(Object.values(SystemRemark))('%s: stored in Chinese, shown in each language', (remark) => {
    expect(remarkForUser(systemRemarkText(remark), 'zh-CN')).toBe(systemRemarkLabels['zh-CN'][remark])
    expect(remarkForUser(systemRemarkText(remark), 'en-US')).toBe(systemRemarkLabels['en-US'][remark])
    expect(systemRemarkLabels['en-US'][remark]).not.toMatch(/[\u4e00-\u9fff]/)
  })

  it('reads remarks stored before, never showing the supplier’s raw words or the mixed-language gloss', () => {
    const old =
      '充值失败，已自动退款 (recharge failed: refunded automatically): Sandbox account: the supplier could not recharge'
    expect(remarkForUser(old, 'zh-CN')).toBe('充值失败，款项已原路退回')
    expect(remarkForUser(old, 'en-US')).toBe('The top-up failed; your money has been returned')
    expect(
      remarkForUser('订单关闭后才收到付款，已自动退款 (paid after the order closed: refunded automatically)', 'en-US'),
    ).toBe('The payment arrived after the order had closed; your money has been returned')
  })

  it('shows an operator’s own words as typed', () => {
    expect(remarkForUser('话费已到账，不予退款', 'en-US')).toBe('话费已到账，不予退款')
  })
})
