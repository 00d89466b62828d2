// Stylelint: CSS class names are prefixed per slice, so the stylesheets of remotes
// loaded into one page cannot clash: shell `shell-`, catalog `catalog-`, cart `cart-`, account
// `account-`, content `content-`, admin `admin-`; `shop-` is @shop/ui's (tokens and components),
// which any slice may refine. State classes set by libraries (react-router's `active`) are allowed.
const slicePattern = (prefix) => [
  `^(${prefix}|shop-)[a-z0-9]+(-[a-z0-9]+)*(__[a-z0-9]+(-[a-z0-9]+)*)?(--[a-z0-9]+(-[a-z0-9]+)*)?$|^active$`,
  { message: (selector) => `Class "${selector}" needs the slice prefix ${prefix} (or shop- for @shop/ui)` },
];

export default {
  rules: {},
  overrides: [
    { files: ['packages/ui/**/*.css'], rules: { 'selector-class-pattern': slicePattern('shop-') } },
    { files: ['shell/src/**/*.css'], rules: { 'selector-class-pattern': slicePattern('shell-') } },
    ...['catalog', 'cart', 'account', 'content', 'admin'].map((slice) => ({
      files: [`mf-${slice}/src/**/*.css`],
      rules: { 'selector-class-pattern': slicePattern(`${slice}-`) },
    })),
  ],
};
