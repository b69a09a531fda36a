// Home scrolls as a whole so that pulling it down refreshes it, in H5 and in both mini-programs.
export default definePageConfig({ navigationStyle: 'custom', enablePullDownRefresh: true, backgroundTextStyle: 'dark' })
