// A remote is used through its exposed modules (see webpack.config.ts); this entry stays empty.
export {};
