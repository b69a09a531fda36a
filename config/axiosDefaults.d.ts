// Types of config/axiosDefaults.js (plain JavaScript, bundled in place of axios's lib/defaults/index.js).
import type { AxiosDefaults } from 'axios'

declare const defaults: AxiosDefaults
export default defaults
