/**
 * The duplicate guard's dialog, for usePlaceOrder. Mini-programs (and tests): in the page's package, at once. The H5
 * build uses duplicateGuardAnswer.h5.ts, which loads the dialog when the first guard refusal arrives.
 */
export { answerDuplicateGuard } from './duplicateOrderPrompt'

/** Mini-programs: the dialog's code is in the page's package already. */
export function prefetchDuplicateGuard(): void {}
