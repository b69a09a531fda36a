import { pageWindow } from '../../pageConfig'

// Home scrolls as a whole so that pulling it down refreshes it, in H5 and in both mini-programs.
export default definePageConfig(pageWindow('home', { pullDownRefresh: true }))
