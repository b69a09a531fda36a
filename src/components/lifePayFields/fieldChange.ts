/** A field's onChange: keeps what the user entered, and the field's error goes (they are fixing it). */
export function fieldChange<K extends string, V>(clear: (key: K) => void, key: K, keep: (value: V) => void) {
  return (value: V) => {
    keep(value)
    clear(key)
  }
}
