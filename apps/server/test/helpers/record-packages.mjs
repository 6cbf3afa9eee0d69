// Preloaded into a server process (NODE_OPTIONS=--import=<this file>) by idle-modules.int.test.ts:
// appends the name of every npm package the process loads, through import or require, one per
// line, to the file named by RECORD_PACKAGES_TO. ESM loads are seen by a module hook (which runs
// on its own thread, hence the file); CommonJS requires by wrapping Module._load.
import fs from 'node:fs';
import Module, { register } from 'node:module';

const out = process.env.RECORD_PACKAGES_TO;
if (out) {
  const packageOf = (file) => {
    const rest = file.split('/node_modules/').pop();
    const parts = rest.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  };
  const hook = `
    import fs from 'node:fs';
    const packageOf = ${packageOf.toString()};
    export async function load(url, context, next) {
      if (url.includes('/node_modules/')) fs.appendFileSync(${JSON.stringify(out)}, packageOf(url) + '\\n');
      return next(url, context);
    }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const loaded = load.call(this, request, parent, isMain);
    try {
      const file = Module._resolveFilename(request, parent, isMain);
      if (file.includes('/node_modules/')) fs.appendFileSync(out, packageOf(file) + '\n');
    } catch {
      // a built-in module: not a package
    }
    return loaded;
  };
}
