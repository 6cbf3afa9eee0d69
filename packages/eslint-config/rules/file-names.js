// File and folder names are kebab-case (docs/decisions/0149): lower-case words joined by hyphens, and
// a file's name may carry dot-separated parts of the same form (`backup.int.test.ts`, `po.d.ts`).
// Checked on every file ESLint reads, with its folders up from the repository's root; a folder that
// starts with a dot (`.ci`) is a tool's and is not ours to name.
import path from 'node:path';

const WORD = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The parts of a path (relative to the root) that break the rule, or [] when all are kebab-case. */
export function misnamedParts(relativePath) {
  const parts = relativePath.split(/[\\/]/).filter(Boolean);
  const file = parts.pop() ?? '';
  const bad = parts.filter((folder) => !folder.startsWith('.') && !WORD.test(folder));
  if (!file.split('.').every((part) => WORD.test(part))) bad.push(file);
  return bad;
}

export function fileNamesRule(root) {
  return {
    meta: {
      type: 'suggestion',
      docs: { description: 'File and folder names are kebab-case (docs/decisions/0149).' },
      schema: [],
      messages: { kebab: '"{{name}}" is not kebab-case: name files and folders like `user-files.test.ts`.' },
    },
    create(context) {
      return {
        Program(node) {
          const relative = path.relative(root, context.physicalFilename ?? context.filename);
          if (relative.startsWith('..') || path.isAbsolute(relative)) return;
          for (const name of misnamedParts(relative)) context.report({ node, messageId: 'kebab', data: { name } });
        },
      };
    },
  };
}
