// npm run lint:graph: no import circle in lib/ or app/. Files are read as Babel compiles them
// (.dependency-cruiser.babel.json), so an import used only as a type, which the compiler erases,
// is no edge: it cannot form a circle at run time. dependency-cruiser scans a folder only for the
// extensions whose compiler it can load (TypeScript before 7, swc), so the npm script lists the files.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move what both modules need into a module of its own below them.',
      from: { path: '^(lib|app)/' },
      to: { circular: true },
    },
  ],
  options: {
    babelConfig: { fileName: '.dependency-cruiser.babel.json' },
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
};
