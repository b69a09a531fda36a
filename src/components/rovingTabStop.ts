/**
 * The one option of a radio group or tab list that Tab reaches (WAI-ARIA roving tabindex): the chosen one, else the
 * first that can be chosen; the arrow keys reach the others (src/platform/keyboard.h5.ts).
 */
export function rovingTabStop<T>(
  options: readonly T[],
  isChosen: (option: T) => boolean,
  isDisabled?: (option: T) => boolean,
): number {
  const chosen = options.findIndex(isChosen)
  if (chosen >= 0) return chosen
  const firstEnabled = options.findIndex((option) => !isDisabled?.(option))
  return firstEnabled >= 0 ? firstEnabled : 0
}
