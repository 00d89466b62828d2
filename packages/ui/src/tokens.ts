/** Design tokens for code that needs them in JS (e.g. `<meta name="theme-color">`); CSS uses the variables in styles.css. */
export const THEME_COLOR = '#f97316';
