import { HOME_PAGE } from './navigation'

/**
 * H5: a `collect` entry (an "add to my mini-programs" link) opens home, not the page in its URL. It must be decided
 * before Taro's router reads the address: a reLaunch from onLaunch raced the router's first render, which loaded the
 * linked page after home and left it alive behind the tab bar, its button tappable and its title in the tab. Run
 * while the app module is evaluated (before the entry creates its history); the other query values (a channel) stay.
 */
export function collectEntryToHome(location: Location = window.location, history: History = window.history): boolean {
  const query = new URLSearchParams(location.search)
  if (!query.has('collect')) return false
  query.delete('collect')
  const search = query.toString()
  history.replaceState(history.state, '', `${HOME_PAGE}${search ? `?${search}` : ''}${location.hash}`)
  return true
}
