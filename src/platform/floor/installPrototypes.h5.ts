/**
 * The H5 build's installPrototypes.ts (Taro picks `.h5.ts`): the same, plus what only H5's bundled code calls.
 * AbortController is not here: @tarojs/taro-h5 already installs abortcontroller-polyfill where the browser has none.
 */
import { installMissing } from './installMissing'
import { promiseFinally } from './promiseFinally'
import { stringReplaceAll } from './stringReplaceAll'

installMissing(Promise.prototype, 'finally', promiseFinally)
// @tarojs/router parses every page's query with query-string, which calls replaceAll (Chrome < 85, iOS < 13.1).
installMissing(String.prototype, 'replaceAll', stringReplaceAll)
