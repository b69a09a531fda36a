// The H5 build's `@tarojs/components` (config/index.ts aliases it here): one module per component, so a page's chunk
// holds the components it renders and no others. Taro's own library (lib/react/components.js) creates the wrappers
// of all its components in one module, which put the picker, textarea, input and scroll-view (~12 KiB gzip) in
// every page's first load, the home page's included. This directory is side-effect free (config/index.ts), so
// webpack links each import straight to the component's module and drops this one.
// Only the components the app renders are here: importing another fails the build (exportsPresence: 'error'); add
// its module beside these (`taro-<tag>-core` is its custom element, as in lib/react/components.js).
// Saves 6.0 KiB gzip on the policy pages' first load, 5.8 on home's (measured, docs/architecture.md § Patches). To
// remove: the alias and the `h5Components` rule in config/index.ts, and this folder.
export { Button } from './Button'
export { Canvas } from './Canvas'
export { Image } from './Image'
export { Input } from './Input'
export { Picker } from './Picker'
export { ScrollView } from './ScrollView'
export { Text } from './Text'
export { Textarea } from './Textarea'
export { View } from './View'
