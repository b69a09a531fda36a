// The floor: an empty Taro app (one page, no data layer) built with Life Pay's own config (LIFEPAY_FLOOR_APP=1).
export default defineAppConfig({
  pages: ['pages/index/index'],
  window: { navigationBarTitleText: '生活缴费' },
  lazyCodeLoading: 'requiredComponents',
  animation: false,
})
