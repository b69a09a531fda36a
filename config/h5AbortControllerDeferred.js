// Stands in, in the H5 build only, for the side-effect import of abortcontroller-polyfill in @tarojs/taro-h5's
// request module (and its index, which re-exports that module): the polyfill loads at start-up only in the browsers
// that need it, before the router loads the first page (src/platform/floor/abortControllerOnDemand.ts). Nothing
// here: the import installs nothing, and a modern browser downloads nothing for it.
