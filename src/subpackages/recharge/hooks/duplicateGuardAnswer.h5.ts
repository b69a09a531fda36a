/**
 * H5: the duplicate guard's dialog (duplicateOrderPrompt.ts, with the guard's rule from src/domain and its order
 * states) runs only after the server refused a create call, so it is a chunk of its own, prefetched once the page's
 * code is in and loaded at the latest by the first refusal it answers. Any other failure is not the guard's: answered
 * null without loading anything. When the chunk cannot be loaded (offline) the refusal is left to the form, which
 * shows the server's own words in its banner (serverRefusal.ts), and the next refusal asks for the chunk again: never
 * an unhandled rejection.
 */
import type * as Prompt from './duplicateOrderPrompt'
import { isGuardRefusal } from './duplicateGuard'
import { onDemand } from '../../../platform/onDemand'

type PromptModule = typeof Prompt

const loaded = onDemand<PromptModule>(() => import(/* webpackPrefetch: true */ './duplicateOrderPrompt'))

export async function answerDuplicateGuard(error: unknown, m: Prompt.Message): Promise<'anyway' | 'answered' | null> {
  if (!isGuardRefusal(error)) return null
  const prompt = await loaded().catch(() => undefined)
  return prompt ? prompt.answerDuplicateGuard(error, m) : null
}
