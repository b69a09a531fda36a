import './keyboardFocus.scss'

// Our controls are Views with a role: the browser gives them no keys, so H5 adds what a native control would do.
const PRESSABLE = new Set(['button', 'checkbox', 'link', 'radio', 'switch', 'tab'])
const GROUP_OF: Record<string, string> = { radio: 'radiogroup', tab: 'tablist' }
const NEXT = new Set(['ArrowRight', 'ArrowDown'])
const PREVIOUS = new Set(['ArrowLeft', 'ArrowUp'])

/**
 * The option an arrow key, Home or End moves to inside a radio group or tab list (WAI-ARIA: wraps, skips disabled
 * ones).
 */
function arrowTarget(control: HTMLElement, role: string, key: string): HTMLElement | null {
  const group = control.closest(`[role=${GROUP_OF[role]}]`)
  if (!group) return null
  const options = Array.from(group.querySelectorAll<HTMLElement>(`[role=${role}]`)).filter(
    (option) => option === control || option.getAttribute('aria-disabled') !== 'true',
  )
  const at = options.indexOf(control)
  if (key === 'Home') return options[0]
  if (key === 'End') return options[options.length - 1]
  if (role === 'tab' && (key === 'ArrowUp' || key === 'ArrowDown')) return null
  if (NEXT.has(key)) return options[(at + 1) % options.length]
  if (PREVIOUS.has(key)) return options[(at - 1 + options.length) % options.length]
  return null
}

function onKeyDown(event: KeyboardEvent) {
  const control = event.target as HTMLElement
  const role = control.getAttribute?.('role')
  if (!role || !PRESSABLE.has(role) || event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return
  // A link answers Enter only; Space would scroll the page, as it does on a native link.
  if (event.key === 'Enter' || (event.key === ' ' && role !== 'link')) {
    event.preventDefault()
    control.click()
    return
  }
  if (!GROUP_OF[role]) return
  const target = arrowTarget(control, role, event.key)
  if (!target) return
  event.preventDefault()
  target.focus()
  // Selection follows focus in a radio group and in our tab lists (every panel is already loaded).
  if (target !== control) target.click()
}

/** H5 only (mini-programs have no keyboard): Enter/Space press a focused control, arrows move within its group. */
export function installKeyboardAccess(root: Document = document): () => void {
  root.addEventListener('keydown', onKeyDown)
  return () => root.removeEventListener('keydown', onKeyDown)
}
