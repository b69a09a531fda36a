import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { closeChecked, type CloseCheckedSteps } from '../src/providers/closeChecked'
import type { PaymentQuery } from '../src/providers/payment'

class ProviderAnswer extends Error {}

const paid: PaymentQuery = { status: 'paid', amountFen: 985, transactionId: 'T1', paidAt: new Date(0) }

/** Steps whose queries answer in turn from `answers`, recording the calls made. */
function scripted(answers: PaymentQuery[], close: () => Promise<void> = async () => {}) {
  const calls: string[] = []
  const steps: CloseCheckedSteps = {
    provider: 'Fake Pay',
    async queryPayment() {
      calls.push('query')
      const answer = answers.shift()
      assert.ok(answer, 'queried more often than scripted')
      return answer
    },
    async close() {
      calls.push('close')
      await close()
    },
    isProviderAnswer: (error) => error instanceof ProviderAnswer,
  }
  return { steps, calls }
}

describe('closeChecked: query, close, query', () => {
  test('unpaid: closed at the provider, then confirmed', async () => {
    const { steps, calls } = scripted([{ status: 'unpaid' }, { status: 'closed' }])
    assert.equal(await closeChecked(steps, 'LP1'), 'closed')
    assert.deepEqual(calls, ['query', 'close', 'query'])
  })

  test('already paid, or never heard of: answered without a close call', async () => {
    const first = scripted([paid])
    assert.equal(await closeChecked(first.steps, 'LP1'), 'paid')
    const second = scripted([{ status: 'notFound' }])
    assert.equal(await closeChecked(second.steps, 'LP1'), 'closed')
    assert.deepEqual([first.calls, second.calls], [['query'], ['query']])
  })

  test('paid between the query and the close: the provider refuses the close, and the answer is paid', async () => {
    const { steps } = scripted([{ status: 'unpaid' }, paid], async () => {
      throw new ProviderAnswer('ORDER_PAID')
    })
    assert.equal(await closeChecked(steps, 'LP1'), 'paid')
  })

  test('still unpaid after the close: an error, never "closed"', async () => {
    const { steps } = scripted([{ status: 'unpaid' }, { status: 'unpaid' }])
    await assert.rejects(closeChecked(steps, 'LP1'), /Fake Pay did not close LP1/)
  })

  test('a network failure on the close is not taken for an answer: it propagates', async () => {
    const { steps, calls } = scripted([{ status: 'unpaid' }], async () => {
      throw new TypeError('fetch failed')
    })
    await assert.rejects(closeChecked(steps, 'LP1'), /fetch failed/)
    assert.deepEqual(calls, ['query', 'close'])
  })
})
