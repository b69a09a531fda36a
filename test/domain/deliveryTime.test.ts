import {
  DELIVERY_TIME,
  deliveryExclusionLabels,
  deliveryTimeSummary,
  deliveryTimeText,
  durationText,
  expectedDeliveryTime,
} from '@domain/deliveryTime'
import { label } from '@domain/locale'
import { LifePayOrderType } from '@domain/lifePayOrderType'

describe('stated delivery time (issue 20, item 5)', () => {
  it.each([
    [LifePayOrderType.Phone, 'zh-CN', '通常10分钟内到账，高峰期最长24小时'],
    [LifePayOrderType.Electric, 'zh-CN', '通常2小时内到账，高峰期最长72小时'],
    [LifePayOrderType.Gas, 'zh-CN', '通常2小时内到账，高峰期最长72小时'],
    [
      LifePayOrderType.Phone,
      'en-US',
      'Usually arrives within 10\u00a0minutes; at busy times it can take up to 24\u00a0hours',
    ],
    [
      LifePayOrderType.Electric,
      'en-US',
      'Usually arrives within 2\u00a0hours; at busy times it can take up to 72\u00a0hours',
    ],
  ] as const)('type %s in %s: %s', (type, locale, text) => {
    expect(deliveryTimeText(type, locale)).toBe(text)
  })

  it('one sentence for every type, in the top-up pages’ own words (the user agreement; issue 37, item 5)', () => {
    expect(deliveryTimeSummary('zh-CN')).toBe(
      '话费通常10分钟内到账，高峰期最长24小时；电费通常2小时内到账，高峰期最长72小时；燃气费通常2小时内到账，高峰期最长72小时',
    )
    expect(deliveryTimeSummary('en-US')).toBe(
      'Phone bill: usually arrives within 10\u00a0minutes; at busy times it can take up to 24\u00a0hours. ' +
        'Electricity bill: usually arrives within 2\u00a0hours; at busy times it can take up to 72\u00a0hours. ' +
        'Gas bill: usually arrives within 2\u00a0hours; at busy times it can take up to 72\u00a0hours',
    )
  })

  it('says what the time excludes, per type, in both languages', () => {
    expect(label(deliveryExclusionLabels, LifePayOrderType.Phone, 'zh-CN')).toMatch(/携号转网.*170\/171.*副卡.*停机/)
    expect(label(deliveryExclusionLabels, LifePayOrderType.Electric, 'zh-CN')).toMatch(/插卡/)
    expect(label(deliveryExclusionLabels, LifePayOrderType.Gas, 'zh-CN')).toMatch(/IC卡/)
    expect(label(deliveryExclusionLabels, LifePayOrderType.Phone, 'en-US')).toMatch(/Ported numbers/)
  })

  it('the usual time is never longer than the longest', () => {
    for (const time of Object.values(DELIVERY_TIME)) expect(time.usualMinutes).toBeLessThan(time.longestMinutes)
  })

  it('expected by: the payment time plus the usual minutes of the type', () => {
    const paid = new Date('2026-05-01T06:04:00.000Z')
    expect(expectedDeliveryTime(LifePayOrderType.Phone, paid).toISOString()).toBe('2026-05-01T06:14:00.000Z')
    expect(expectedDeliveryTime(LifePayOrderType.Gas, paid).toISOString()).toBe('2026-05-01T08:04:00.000Z')
  })

  it('durations: whole hours as hours, otherwise minutes, singular in English', () => {
    expect(durationText(90, 'zh-CN')).toBe('90分钟')
    expect(durationText(60, 'en-US')).toBe('1\u00a0hour')
    expect(durationText(1, 'en-US')).toBe('1\u00a0minute')
  })
})
