import Taro from '@tarojs/taro'

/** Where a region index's letters lie on screen, top to bottom, or null; measured by the host (mini-programs). */
export function measureIndexLetters(
  selector: string,
  answer: (span: { top: number; bottom: number } | null) => void,
): void {
  Taro.createSelectorQuery()
    .selectAll(selector)
    .boundingClientRect((rects) => {
      const all = Array.isArray(rects) ? rects : [rects]
      answer(all.length > 0 ? { top: all[0].top, bottom: all[all.length - 1].bottom } : null)
    })
    .exec()
}
