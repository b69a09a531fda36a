// Types of config/axiosUrlParams.js (plain JavaScript, bundled in place of axios's
// lib/helpers/AxiosURLSearchParams.js).
export { default } from 'axios/unsafe/helpers/AxiosURLSearchParams.js'
