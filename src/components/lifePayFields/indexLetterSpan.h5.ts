/**
 * H5: the letters' span from the document itself, at once. Taro's selector query would load its H5 implementation
 * (3 KiB gzip) into every page with a region picker for this one measurement.
 */
export function measureIndexLetters(
  selector: string,
  answer: (span: { top: number; bottom: number } | null) => void,
): void {
  const letters = document.querySelectorAll(selector)
  if (letters.length === 0) return answer(null)
  answer({
    top: letters[0].getBoundingClientRect().top,
    bottom: letters[letters.length - 1].getBoundingClientRect().bottom,
  })
}
