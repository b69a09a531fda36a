import { subscribeAnswersOf, subscribeChannelOf } from '../../src/platform/subscribePrompt'

describe('subscribe prompt answers', () => {
  it('reads WeChat’s answer per template id, leaving out what it does not mention', () => {
    const answer = { errMsg: 'requestSubscribeMessage:ok', A: 'accept', B: 'reject', C: 'ban', X: 'accept' }
    expect(subscribeAnswersOf(['A', 'B', 'C', 'D'], answer)).toEqual([
      { templateId: 'A', decision: 'accept' },
      { templateId: 'B', decision: 'reject' },
      { templateId: 'C', decision: 'ban' },
    ])
  })

  it('reads Alipay’s lists of subscribed and unsubscribed entity ids', () => {
    const answer = {
      behavior: 'subscribe',
      keep: false,
      result: { subscribeEntityIds: ['A'], unsubscribeEntityIds: ['B'] },
    }
    expect(subscribeAnswersOf(['A', 'B', 'C'], answer)).toEqual([
      { templateId: 'A', decision: 'accept' },
      { templateId: 'B', decision: 'reject' },
    ])
  })

  it('an answer of another shape grants nothing', () => {
    expect(subscribeAnswersOf(['A'], null)).toEqual([])
    expect(subscribeAnswersOf(['A'], { A: 'maybe' })).toEqual([])
    expect(subscribeAnswersOf(['A'], 'accept')).toEqual([])
  })

  it('only the mini-programs have a host prompt; browsers get the SMS opt-in', () => {
    expect(subscribeChannelOf('weapp')).toBe('wechat')
    expect(subscribeChannelOf('alipay')).toBe('alipay')
    for (const host of ['h5', 'h5-wechat', 'h5-alipay'] as const) expect(subscribeChannelOf(host)).toBeNull()
  })
})
