// Styles: the standard SCSS rules, minus the ones that fight Taro's conventions (rpx-less px values are transformed by
// pxtransform; Taro's component tags such as `taro-input-core` are element selectors; BEM `lp-block__element--mod`).
export default {
  extends: ['stylelint-config-standard-scss'],
  ignoreFiles: ['dist/**', 'node_modules/**'],
  rules: {
    'selector-class-pattern': [
      // A modifier may carry a Taro value as it is (lp-decorative-image--aspectFit); weui-/taro- are the classes Taro's
      // H5 components draw inside their elements.
      '^(lp-[a-z0-9]+(-[a-z0-9]+)*(__[a-z0-9]+(-[a-z0-9]+)*)?(--[a-zA-Z0-9]+(-[a-z0-9]+)*)?|weui-[a-z-]+|taro-[a-z-]+)$',
      { message: 'Class names are BEM under lp- (lp-block__element--modifier)' },
    ],
    'selector-type-no-unknown': [true, { ignore: ['custom-elements'], ignoreTypes: ['page'] }],
    'unit-no-unknown': [true, { ignoreUnits: ['rpx'] }],
    // Our floor (iOS 11, Chrome 63, the mini-program webviews) reads only the comma form rgba(0, 0, 0, 0.5):
    // space-separated colours and rgb() with an alpha came in Chrome 65 and Safari 12.1.
    'color-function-notation': 'legacy',
    'color-function-alias-notation': null,
    'alpha-value-notation': 'number',
  },
}
