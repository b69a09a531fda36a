export default definePageConfig({ navigationStyle: 'custom', disableScroll: false })
