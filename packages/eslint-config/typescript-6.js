// typescript-eslint parses with the TypeScript compiler's JavaScript API, which TypeScript 7 (the
// compiler the apps type-check with, hoisted to the root node_modules) no longer has. This workspace
// installs TypeScript 6 for the linter; npm nests it beside typescript-eslint, but ts-api-utils (one
// of typescript-eslint's dependencies) is hoisted to the root and would load TypeScript 7 from there.
// So, inside the ESLint process only, every require('typescript') resolves to this workspace's copy.
import Module from 'node:module';

const typescript6 = Module.createRequire(import.meta.url).resolve('typescript');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTypescript6(request, ...rest) {
  return request === 'typescript' ? typescript6 : resolveFilename.call(this, request, ...rest);
};
