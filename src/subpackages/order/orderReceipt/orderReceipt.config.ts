import { pageWindow } from '../../../pageConfig'

export default definePageConfig(pageWindow('orderReceipt'))
