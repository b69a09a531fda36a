// Stands in for Taro's interaction module where @tarojs/taro-h5's setClipboardData imports it, in the H5 build only.
// That module creates Taro's toast, modal and action sheet at import (~6 KiB gzip); setClipboardData uses it only to
// say '内容已复制' after a copy, yet its static import put the whole module in the first load of every page that can
// copy (the order detail). Here the toast loads on the copy (Taro's module is the chunk the app's loading indicator
// also loads, prefetched at idle by the app shell: src/components/loadingIndicator.h5.ts) and shows the same words.
// A chunk that cannot be loaded (offline) shows nothing: the copy itself is done by then, and it is not an unhandled
// rejection.
// ES5 apart from import(): it runs untranspiled on our floor (iOS 11, Chrome 63), and webpack compiles import().
// Saves 5.9 KiB gzip on the order detail's first load (measured, docs/architecture.md § Patches). To remove: the
// `copyToastOnDemand` plugin and COPY_TOAST_ISSUER in config/index.ts, this file, its .d.ts and test.
export function showToast(options) {
  return import('@tarojs/taro-h5/dist/api/ui/interaction/index.js').then(
    function (interaction) {
      return interaction.showToast(options)
    },
    function () {
      return undefined
    },
  )
}
