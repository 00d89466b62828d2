// CSS imports in unit tests resolve to an empty module (webpack's css-loader handles them in builds).
module.exports = {};
