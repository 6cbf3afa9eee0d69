// Reads the web app's source the way the catalogue rules need it: every message id the code asks for,
// and every piece of user-visible text written outside the catalogue. The catalogue test fails on such
// text; scripts/wrap-literals.ts uses the same findings to move it into the catalogue.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

type Node = {
  type: string;
  start?: number | null;
  end?: number | null;
  loc?: { start: { line: number } } | null;
  [key: string]: unknown;
};

export interface Finding {
  file: string;
  line: number;
  text: string;
}

export interface Literal extends Finding {
  node: 'jsxText' | 'string' | 'template';
  start: number;
  end: number;
  /** Inside a function (evaluated as it renders) or at module level (evaluated once, at import). */
  inFunction: boolean;
  /** The JSX text's words (JSX's own whitespace rule) and whether a space stands before/after them. */
  jsx?: { core: string; lead: boolean; trail: boolean };
}

/** Attributes and object keys whose string value is shown to people, even when it is one word. */
const TEXT_KEYS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'description',
  'hint',
  'legend',
  'heading',
  'message',
  'text',
  'subtitle',
  'caption',
  'error',
  'lead',
  'eyebrow',
  'submitLabel',
  'busyLabel',
  'tagLabel',
  'q',
]);

/** Attributes and keys that hold technical values (classes, paths, ids, types), never text. */
const TECHNICAL_KEYS = new Set([
  'className',
  'to',
  'href',
  'src',
  'id',
  'key',
  'type',
  'name',
  'rel',
  'target',
  'role',
  'autoComplete',
  'inputMode',
  'accept',
  'pattern',
  'lang',
  'htmlFor',
  'method',
  'variant',
  'tone',
  'size',
  'align',
  'side',
  'dateTime',
  'form',
  'path',
  'queryKey',
  'event',
  'status',
  'kind',
  'code',
  'currency',
  'format',
  'd',
  'viewBox',
]);

/** Text is anything with a word; "©", "•", "·", "—", "/", digits and spaces are not words. */
const hasWords = (s: string) => /\p{L}{2,}/u.test(s);
/** A sentence or a phrase: starts with a capital and has a space ("Tag inventory", "Sign in to continue."). */
const looksLikeProse = (s: string) => /^\p{Lu}/u.test(s) && /\s/.test(s.trim()) && !/^[A-Z_]+(\s|$)/.test(s);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

const markedI18n = (node: Node) =>
  Array.isArray(node.leadingComments) &&
  (node.leadingComments as Array<{ value: string }>).some((c) => c.value.trim() === 'i18n');

/** `i18n._(…)` or `something.i18n._(…)`, the calls `lingui extract` collects. */
function isI18nCall(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as Node;
  if (callee.type !== 'MemberExpression') return false;
  const prop = callee.property as Node;
  const obj = callee.object as Node;
  const objName =
    obj.type === 'Identifier' ? obj.name : obj.type === 'MemberExpression' ? (obj.property as Node).name : null;
  return objName === 'i18n' && prop.type === 'Identifier' && prop.name === '_';
}

/** Calls whose string arguments are for developers, not readers. */
function isDeveloperCall(node: Node): boolean {
  const callee = node.callee as Node;
  if (node.type === 'NewExpression') return callee.type === 'Identifier' && callee.name === 'Error';
  if (callee.type !== 'MemberExpression') return false;
  const obj = callee.object as Node;
  return obj.type === 'Identifier' && obj.name === 'console';
}

/** JSX's own whitespace rule for a text child: lines trimmed inside, blank lines dropped, joined by spaces. */
function jsxTextParts(raw: string): { core: string; lead: boolean; trail: boolean } {
  const lines = raw.split(/\r\n|\n|\r/);
  const kept: string[] = [];
  lines.forEach((line, i) => {
    let l = line.replace(/\t/g, ' ');
    if (i !== 0) l = l.replace(/^ +/, '');
    if (i !== lines.length - 1) l = l.replace(/ +$/, '');
    if (l) kept.push(l);
  });
  const text = kept.join(' ');
  const core = text.trim();
  return { core, lead: text.startsWith(' ') && core !== '', trail: text.endsWith(' ') && core !== '' };
}

function literalText(node: Node): string {
  if (node.type === 'StringLiteral') return node.value as string;
  if (node.type === 'TemplateLiteral')
    return (node.quasis as Array<{ value: { cooked: string } }>).map((q) => q.value.cooked).join('…');
  return '';
}

export interface ScanResult {
  literals: Literal[];
  messageIds: Finding[];
}

interface Context {
  inFunction: boolean;
  /** Shown to people whatever it looks like: JSX children, text attributes/keys, toasts. */
  shown: boolean;
  /** Never shown: class names, paths, imports, types, comparisons, developer messages, message ids. */
  technical: boolean;
}

export function scanSource(file: string, code: string): ScanResult {
  const ast = parse(code, {
    sourceType: 'module',
    plugins: ['typescript', 'jsx'],
    attachComment: true,
  }) as unknown as Node;
  const isComponentFile = file.endsWith('.tsx');
  const literals: Literal[] = [];
  const messageIds: Finding[] = [];
  const line = (n: Node) => n.loc?.start.line ?? 0;

  const visit = (node: Node, ctx: Context) => {
    const inFunction = ctx.inFunction || /Function|ClassMethod|ObjectMethod/.test(node.type);
    if (isI18nCall(node)) {
      const first = (node.arguments as Node[])[0];
      if (first?.type === 'StringLiteral') messageIds.push({ file, line: line(first), text: first.value as string });
    }
    if ((node.type === 'StringLiteral' || node.type === 'TemplateLiteral') && markedI18n(node)) {
      messageIds.push({ file, line: line(node), text: literalText(node) });
    }
    if (node.type === 'JSXText') {
      const jsx = jsxTextParts(node.value as string);
      if (hasWords(jsx.core))
        literals.push({
          file,
          line: line(node),
          text: jsx.core,
          node: 'jsxText',
          start: node.start!,
          end: node.end!,
          inFunction,
          jsx,
        });
    }
    if ((node.type === 'StringLiteral' || node.type === 'TemplateLiteral') && !ctx.technical && !markedI18n(node)) {
      const text = literalText(node);
      const shown = ctx.shown && hasWords(text);
      const prose = isComponentFile && looksLikeProse(text.replace(/…/g, ' '));
      if (shown || prose) {
        const kind = node.type === 'StringLiteral' ? 'string' : 'template';
        literals.push({ file, line: line(node), text, node: kind, start: node.start!, end: node.end!, inFunction });
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key.endsWith('Comments')) continue;
      const childCtx = (child: Node): Context => {
        let shown = false;
        let technical = ctx.technical;
        switch (node.type) {
          case 'ExportNamedDeclaration':
          case 'ExportAllDeclaration':
            technical = technical || key === 'source';
            break;
          case 'ImportDeclaration':
          case 'TSLiteralType':
          case 'TSTypeAnnotation':
          case 'TSTypeAliasDeclaration':
          case 'TSInterfaceDeclaration':
          case 'SwitchCase':
            technical = true;
            break;
          case 'AssignmentExpression': {
            // Component.displayName = `…` names it for developer tools.
            const left = node.left as Node;
            technical =
              technical || (left.type === 'MemberExpression' && (left.property as Node).name === 'displayName');
            break;
          }
          case 'BinaryExpression':
            technical = technical || ['===', '!==', '==', '!='].includes(node.operator as string);
            break;
          case 'MemberExpression':
          case 'OptionalMemberExpression':
            technical = technical || key === 'property';
            break;
          case 'CallExpression':
          case 'NewExpression':
            technical = technical || isI18nCall(node) || isDeveloperCall(node);
            if (key === 'arguments' && child === (node.arguments as Node[])[0]) {
              const callee = node.callee as Node;
              shown =
                (callee.type === 'Identifier' && callee.name === 'toast') ||
                (callee.type === 'MemberExpression' &&
                  (callee.object as Node).type === 'Identifier' &&
                  (callee.object as Node).name === 'toast');
            }
            break;
          case 'JSXAttribute': {
            const name = (node.name as Node).name as string;
            if (key === 'value') {
              technical = technical || TECHNICAL_KEYS.has(name) || name.startsWith('data-');
              shown = TEXT_KEYS.has(name);
            }
            break;
          }
          case 'ObjectProperty': {
            const k = node.key as Node;
            const name = k.type === 'Identifier' ? k.name : k.type === 'StringLiteral' ? k.value : null;
            if (key === 'key') technical = true;
            else if (typeof name === 'string') {
              technical = technical || TECHNICAL_KEYS.has(name);
              shown = TEXT_KEYS.has(name);
            }
            break;
          }
          case 'JSXExpressionContainer':
            shown = ctx.shown;
            break;
          case 'ConditionalExpression':
            shown = ctx.shown && key !== 'test';
            technical = technical || key === 'test';
            break;
          case 'LogicalExpression':
            shown = ctx.shown && key === 'right';
            break;
          case 'TemplateLiteral':
          case 'ArrayExpression':
            shown = ctx.shown;
            break;
        }
        if ((node.type === 'JSXElement' || node.type === 'JSXFragment') && key === 'children') shown = true;
        return { inFunction, shown, technical };
      };
      if (Array.isArray(value)) {
        for (const v of value) if (isNode(v)) visit(v, childCtx(v));
      } else if (isNode(value)) {
        visit(value, childCtx(value));
      }
    }
  };
  visit(ast, { inFunction: false, shown: false, technical: false });
  return { literals, messageIds };
}

/** Every component and module of the app (tests and the catalogue checks themselves excluded). */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test') walk(full);
      } else if (
        /\.(ts|tsx)$/.test(entry.name) &&
        !/\.(test|d)\.tsx?$/.test(entry.name) &&
        !path.relative(root, full).startsWith(path.join('lib', 'i18n'))
      ) {
        out.push(full);
      }
    }
  };
  walk(root);
  return out.sort();
}
