// Run with tsx (npm run i18n:wrap).
// Moves user-visible text of the given files into the message catalogue, using the findings of
// scripts/i18n/source-scan.ts (the same rules the catalogue test applies): text inside functions
// becomes i18n._('…') (template literals become ICU messages with named values); text in
// module-level constants gets the /*i18n*/ marker and must be translated where it is shown, with
// i18n._(value), because a module is evaluated once while the language can change.
// Then: npm run i18n:extract -w @tagledger/web, and translate the new entries of fr.po.
// Usage: npm run i18n:wrap -w @tagledger/web -- <file>...   (paths relative to apps/web)
import fs from 'node:fs';
import { parseExpression } from '@babel/parser';
import { scanSource, type Literal } from './i18n/source-scan';

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

type Expr = { type: string; start: number; end: number; name?: string; property?: Expr; callee?: Expr };

function placeholder(expr: Expr, used: Map<string, string>, source: string): string {
  let base = 'value';
  if (expr.type === 'Identifier' && expr.name) base = expr.name;
  else if (expr.type === 'MemberExpression' && expr.property?.type === 'Identifier') base = expr.property.name!;
  else if (expr.type === 'CallExpression' && expr.callee?.type === 'Identifier') base = expr.callee.name!;
  let name = base;
  for (let n = 1; used.has(name) && used.get(name) !== source; n++) name = `${base}${n}`;
  used.set(name, source);
  return name;
}

/** `i18n._('…')` for the literal (a template literal's expressions become named values). */
function messageCall(code: string, lit: Literal): string {
  const src = code.slice(lit.start, lit.end);
  if (lit.node === 'string') return `i18n._(${src})`;
  const tpl = parseExpression(src, { plugins: ['typescript', 'jsx'] }) as unknown as {
    quasis: Array<{ value: { cooked: string } }>;
    expressions: Expr[];
  };
  const used = new Map<string, string>();
  const values: Array<[string, string]> = [];
  let message = '';
  tpl.quasis.forEach((q, i) => {
    message += q.value.cooked;
    const expr = tpl.expressions[i];
    if (!expr) return;
    const exprSrc = src.slice(expr.start, expr.end);
    const name = placeholder(expr, used, exprSrc);
    message += `{${name}}`;
    if (!values.some(([n]) => n === name)) values.push([name, exprSrc]);
  });
  if (!values.length) return `i18n._(${quote(message)})`;
  return `i18n._(${quote(message)}, { ${values.map(([n, s]) => (n === s ? n : `${n}: ${s}`)).join(', ')} })`;
}

export function wrapLiterals(file: string, code: string): string {
  const edits: Array<[number, number, string]> = [];
  for (const lit of scanSource(file, code).literals) {
    if (lit.node === 'jsxText') {
      const { core, lead, trail } = lit.jsx!;
      edits.push([lit.start, lit.end, `${lead ? "{' '}" : ''}{i18n._(${quote(core)})}${trail ? "{' '}" : ''}`]);
    } else if (!lit.inFunction) {
      if (lit.node === 'string') edits.push([lit.start, lit.start, '/*i18n*/ ']);
    } else {
      // A JSX attribute's string value needs braces around the call.
      const inAttribute = code[lit.start - 1] === '=';
      const call = messageCall(code, lit);
      edits.push([lit.start, lit.end, inAttribute ? `{${call}}` : call]);
    }
  }
  if (!edits.length) return code;
  edits.sort((a, b) => b[0] - a[0]);
  let out = code;
  for (const [start, end, text] of edits) out = out.slice(0, start) + text + out.slice(end);
  if (out.includes('i18n._(') && !/import \{[^}]*\bi18n\b[^}]*\} from '@\/lib\/i18n\/i18n'/.test(out)) {
    const imports = [...out.matchAll(/^import [\s\S]*?from '[^']+';\n/gm)];
    const last = imports[imports.length - 1];
    const at = last ? last.index + last[0].length : 0;
    out = `${out.slice(0, at)}import { i18n } from '@/lib/i18n/i18n';\n${out.slice(at)}`;
  }
  return out;
}

for (const file of process.argv.slice(2)) {
  const code = fs.readFileSync(file, 'utf8');
  const out = wrapLiterals(file, code);
  if (out !== code) fs.writeFileSync(file, out);
}
