import { pageWindow } from '../../../pageConfig'

export default definePageConfig(pageWindow('cancelReminder'))
