/**
 * H5: the duplicate guard's dialog (duplicateOrderPrompt.ts, with the guard's rule from domain and its order
 * states) runs only after the server refused a create call, so it is a chunk of its own, requested when the user
 * places an order (beside the create call, which it beats: a same-origin chunk of a few KiB) and at the latest by the
 * first refusal it answers. Any other failure is not the guard's: answered null without loading anything. When the
 * chunk cannot be loaded (offline) the refusal is left to the form, which shows the server's own words in its banner
 * (serverRefusal.ts), and the next refusal asks for the chunk again: never an unhandled rejection.
 *
 * Not `webpackPrefetch`: a page chunk with prefetch children makes webpack's runtime add a prefetch step to every
 * chunk load (`Promise.all(promises).then(…)`, no catch), so any chunk that failed to load left a second unhandled
 * rejection, and a page opened offline went back twice, to a blank tab (test/e2e/shell.e2e.ts, "with the server
 * unreachable").
 */
import type * as Prompt from './duplicateOrderPrompt'
import { isGuardRefusal } from './duplicateGuard'
import { onDemand } from '../../../platform/onDemand'

type PromptModule = typeof Prompt

const loaded = onDemand<PromptModule>(() => import('./duplicateOrderPrompt'))

/** Starts loading the dialog's code as an order is placed; a failed load is left to the refusal (above). */
export function prefetchDuplicateGuard(): void {
  loaded().catch(() => undefined)
}

export async function answerDuplicateGuard(error: unknown, m: Prompt.Message): Promise<'anyway' | 'answered' | null> {
  if (!isGuardRefusal(error)) return null
  const prompt = await loaded().catch(() => undefined)
  return prompt ? prompt.answerDuplicateGuard(error, m) : null
}
