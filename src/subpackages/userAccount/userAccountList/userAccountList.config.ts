export default definePageConfig({ navigationStyle: 'custom', disableScroll: true })
