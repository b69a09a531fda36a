/**
 * Installs the prototype methods our oldest engines lack that the bundled code calls (`npm run syntax:check` lists
 * the calls). src/app.tsx imports this first. Free globals are provided another way: config/floorGlobals.ts.
 */
import { installMissing } from './installMissing'
import { promiseFinally } from './promiseFinally'

// react-query (fetchOptimistic) and a few of our pages; missing on iOS 11.0–11.2 and older mini-program clients.
installMissing(Promise.prototype, 'finally', promiseFinally)
