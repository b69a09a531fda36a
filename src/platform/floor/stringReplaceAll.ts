const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/**
 * ECMAScript's String.prototype.replaceAll. A string pattern becomes a global RegExp without groups, which `replace`
 * treats exactly as replaceAll treats the string: every match, `$&`/`` $` ``/`$'`/`$$` substituted, `$1` left as
 * written, a replacer called with (match, position, string); an empty pattern matches between every character.
 */
export function stringReplaceAll(
  this: string,
  searchValue: string | RegExp,
  replaceValue: string | ((substring: string, ...args: unknown[]) => string),
): string {
  if (this === null || this === undefined)
    throw new TypeError('String.prototype.replaceAll called on null or undefined')
  const text = String(this)
  if (searchValue instanceof RegExp) {
    if (!searchValue.global) throw new TypeError('replaceAll must be called with a global RegExp')
    return text.replace(searchValue, replaceValue as string)
  }
  return text.replace(new RegExp(escapeRegExp(String(searchValue)), 'g'), replaceValue as string)
}
