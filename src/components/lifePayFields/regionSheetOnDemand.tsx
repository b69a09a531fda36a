/**
 * The region sheet, for RegionPicker. Mini-programs (and tests): in the page's package, at once. The H5 build uses
 * regionSheetOnDemand.h5.tsx, which loads it after the page's first render (Taro picks a platform file only beside
 * one of the same extension).
 */
export { default as RegionSheet } from './RegionSheet'
