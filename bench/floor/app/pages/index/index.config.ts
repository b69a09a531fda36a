export default definePageConfig({ navigationBarTitleText: '生活缴费' })
