// Styles: the standard SCSS rules, minus the ones that fight Taro's conventions (rpx-less px values are transformed by
// pxtransform; Taro's component tags such as `taro-input-core` are element selectors; BEM `lp-block__element--mod`).
export default {
  extends: ['stylelint-config-standard-scss'],
  plugins: ['stylelint-no-unsupported-browser-features'],
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
    // The floor in package.json's browserslist (iOS 11, Chrome 63), which the mini-programs' webviews share: a
    // property or value it lacks is dropped there, and a layout built on it falls apart (flex `gap` came in iOS 14.5
    // and Chrome 84, `inset` in iOS 14.5 and Chrome 87). Left out, each because it degrades to something usable:
    // gradients' and sticky's partial support (old syntaxes, table parts), overflow's (the clip/overlay keywords we do
    // not use), appearance, resize and background-attachment (cosmetic), :focus-visible (an enhancement: the focus
    // ring of keyboard users) and env() (safe-area insets; every use follows a plain fallback declaration).
    // Math functions are checked by function-disallowed-list instead: doiuse takes minmax() for min().
    'plugin/no-unsupported-browser-features': [
      true,
      {
        severity: 'error',
        ignore: [
          'css-gradients',
          'css-sticky',
          'css-overflow',
          'css-appearance',
          'css-resize',
          'background-attachment',
          'css-focus-visible',
          'css-env-function',
          'css-math-functions',
          // Sass compiles nesting away.
          'css-nesting',
        ],
      },
    ],
    // top/right/bottom/left, not `inset` (iOS 14.5, Chrome 87).
    'declaration-block-no-redundant-longhand-properties': [true, { ignoreShorthands: ['inset'] }],
    // grid-gap beside gap on a grid: `gap` came to grid in iOS 12 and Chrome 66.
    'property-no-deprecated': [true, { ignoreProperties: ['grid-gap'] }],
    // min(), max() and clamp() came in iOS 11.3 and Chrome 79.
    'function-disallowed-list': ['min', 'max', 'clamp'],
  },
}
