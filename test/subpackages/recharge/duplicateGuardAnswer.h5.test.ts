import { waitFor } from '@testing-library/react'
import type { AxiosResponse } from 'axios'
import type * as DialogStore from '../../../src/components/dialogStore'
import type * as Biz from '../../../src/services/http/bizError'
import type * as Answer from '../../../src/subpackages/recharge/hooks/duplicateGuardAnswer.h5'
import type { RechargeFormMessageKey } from '../../../src/subpackages/recharge/formMessages'

// H5: the duplicate guard's dialog loads with the first refusal it answers (duplicateGuardAnswer.h5.ts). The dialog's
// chunk is a factory that counts its loads and can fail like webpack's does; when it loads, it is the real dialog.
let mockChunkFails = 0
let mockLoads = 0
jest.mock('../../../src/subpackages/recharge/hooks/duplicateOrderPrompt', () => {
  mockLoads += 1
  if (mockChunkFails > 0) {
    mockChunkFails -= 1
    throw Object.assign(new Error('Loading chunk 5120 failed.'), { name: 'ChunkLoadError' })
  }
  return jest.requireActual('../../../src/subpackages/recharge/hooks/duplicateOrderPrompt')
})

// A fresh module registry each time, so the dialog's code starts unloaded; the dialog store and the refusal's class
// are that registry's too.
let useDialogStore: typeof DialogStore.useDialogStore
let BizError: typeof Biz.BizError
function freshAnswer(): typeof Answer {
  jest.resetModules()
  useDialogStore = jest.requireActual('../../../src/components/dialogStore').useDialogStore
  BizError = jest.requireActual('../../../src/services/http/bizError').BizError
  return jest.requireActual('../../../src/subpackages/recharge/hooks/duplicateGuardAnswer.h5')
}

const m = (key: RechargeFormMessageKey) => key

function refusal(error: string, msg: string): Biz.BizError {
  return new BizError({ data: { success: false, data: null, error, msg }, config: {} } as unknown as AxiosResponse)
}

/** The open-order-limit dialog shows; the user closes it; the refusal counts as answered. */
async function closeLimitDialog(answer: Promise<'anyway' | 'answered' | null>): Promise<void> {
  await waitFor(() => expect(useDialogStore.getState().dialog?.title).toBe('openOrderLimitTitle'))
  useDialogStore.getState().dialog?.reject(new Error('cancel'))
  await expect(answer).resolves.toBe('answered')
}

describe('duplicate guard’s dialog (H5: loaded with the first refusal it answers)', () => {
  // A rejection left unhandled fails the test it happens in (jest does), so a failed load here leaves none.
  beforeEach(() => {
    mockChunkFails = 0
    mockLoads = 0
  })

  it('answers any other failure with null without loading the dialog', async () => {
    const { answerDuplicateGuard } = freshAnswer()
    await expect(answerDuplicateGuard(refusal('PAR_VALUE_NOT_OFFERED', '该面额暂不可充'), m)).resolves.toBeNull()
    await expect(answerDuplicateGuard(new Error('Network Error'), m)).resolves.toBeNull()
    expect(mockLoads).toBe(0)
  })

  it('shows the dialog for a guard refusal once its code is there, and answers with the button tapped', async () => {
    const { answerDuplicateGuard } = freshAnswer()
    const answer = answerDuplicateGuard(refusal('OPEN_ORDER_LIMIT', '该账户未完成的订单已达上限'), m)
    await waitFor(() => expect(useDialogStore.getState().dialog?.title).toBe('openOrderLimitTitle'))
    expect(useDialogStore.getState().dialog?.content).toBe('该账户未完成的订单已达上限')
    useDialogStore.getState().dialog?.reject(new Error('cancel'))
    await expect(answer).resolves.toBe('answered')
    expect(mockLoads).toBe(1)
  })

  it('leaves the refusal to the form when the code cannot be loaded, and asks for it again on the next one', async () => {
    const { answerDuplicateGuard } = freshAnswer()
    mockChunkFails = 1
    // null: usePlaceOrder then shows the server's own words in the form's banner (serverRefusal.ts).
    await expect(answerDuplicateGuard(refusal('OPEN_ORDER_LIMIT', '该账户未完成的订单已达上限'), m)).resolves.toBeNull()
    expect(useDialogStore.getState().dialog).toBeNull()
    const again = answerDuplicateGuard(refusal('OPEN_ORDER_LIMIT', '该账户未完成的订单已达上限'), m)
    await closeLimitDialog(again)
    expect(mockLoads).toBe(2)
  })

  it('loads the dialog once when an order is placed, and the refusal after it shows it at once', async () => {
    const { answerDuplicateGuard, prefetchDuplicateGuard } = freshAnswer()
    prefetchDuplicateGuard()
    await waitFor(() => expect(mockLoads).toBe(1))
    const answer = answerDuplicateGuard(refusal('OPEN_ORDER_LIMIT', '该账户未完成的订单已达上限'), m)
    await closeLimitDialog(answer)
    expect(mockLoads).toBe(1)
  })

  it('a placed order whose dialog code cannot be loaded leaves no rejection, and the refusal asks for it again', async () => {
    const { answerDuplicateGuard, prefetchDuplicateGuard } = freshAnswer()
    mockChunkFails = 1
    prefetchDuplicateGuard()
    await waitFor(() => expect(mockLoads).toBe(1))
    const answer = answerDuplicateGuard(refusal('OPEN_ORDER_LIMIT', '该账户未完成的订单已达上限'), m)
    await closeLimitDialog(answer)
    expect(mockLoads).toBe(2)
  })
})
