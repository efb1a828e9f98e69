import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 25 item 4: what a user reads comes from the catalogue (th.ts, en.ts) by code, never from a literal at the
// place that refuses. This reads every server source file (tests and test helpers left out) and fails on a message
// written inline: a DomainError built by hand, the legacy fieldError, verbatim() or a {success, message} answer
// with literal text, or Thai text handed to msg() or an error factory as a parameter.
const SRC = path.resolve(import.meta.dirname, '..');
const TEST_FILE = /(\.test\.tsx?|test-helpers\.ts|\.d\.ts)$/;
const TEST_DIR = /(^|\/)(testing|test)\//;

/**
 * TEMPORARY: the lead is converting these two modules (issue 25 item 4). Remove a line when its module is converted;
 * a line whose folder has nothing left to report fails below, so the list cannot outlive its reason.
 */

/** The one place a DomainError is constructed: its own file (the factories of defineErrors). */
const CONSTRUCTS_DOMAIN_ERRORS = 'http/domain-error.ts';

const THAI = /[\u0E00-\u0E7F]/;

interface Finding {
  file: string;
  line: number;
  what: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    const rel = path.relative(SRC, p);
    return /\.tsx?$/.test(e.name) && !TEST_FILE.test(e.name) && !TEST_DIR.test(rel) ? [rel] : [];
  });
}

/** Text written in the source: a string, a template (with or without substitutions), or a + of them. */
function isLiteralText(node: ts.Node): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
    return true;
  if (ts.isParenthesizedExpression(node)) return isLiteralText(node.expression);
  if (ts.isConditionalExpression(node)) return isLiteralText(node.whenTrue) || isLiteralText(node.whenFalse);
  return (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
    (isLiteralText(node.left) || isLiteralText(node.right))
  );
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return '';
}

function hasThaiLiteral(node: ts.Node): boolean {
  if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && THAI.test(node.text)) return true;
  if (ts.isTemplateExpression(node) && THAI.test(node.getText())) return true;
  return ts.forEachChild(node, hasThaiLiteral) ?? false;
}

/** Inside a class that extends DomainError itself (other Error classes carry log text, which no user reads). */
function extendsDomainError(node: ts.Node): boolean {
  let at: ts.Node | undefined = node.parent;
  while (at && !ts.isClassLike(at)) at = at.parent;
  return at?.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText() === 'DomainError')) ?? false;
}

/** Inline user messages in one file's text. */
export function inlineMessages(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, what });

  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && calleeName(node) === 'DomainError' && file !== CONSTRUCTS_DOMAIN_ERRORS)
      report(node, 'new DomainError(…): declare the code in <name>.errors.ts and throw it with its factory');
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const [first] = node.arguments;
      if (name === 'fieldError' && file !== CONSTRUCTS_DOMAIN_ERRORS)
        report(node, "fieldError(…) is legacy: throw the module's code with { field }");
      if (name === 'verbatim' && first && isLiteralText(first))
        report(node, 'verbatim(<literal>): literal text is a message; give it a code in the catalogue');
      if (
        node.expression.kind === ts.SyntaxKind.SuperKeyword &&
        extendsDomainError(node) &&
        node.arguments.some(isLiteralText)
      )
        report(node, 'super(<literal>): a DomainError subclass says its message by code');
      const factory = name === 'msg' || (/Error$/.test(name) && name !== 'fieldError');
      if (factory && node.arguments.slice(1).some(hasThaiLiteral))
        report(node, 'Thai text as a parameter: it belongs in the catalogue');
    }
    if (ts.isObjectLiteralExpression(node)) {
      const props = new Map(
        node.properties
          .filter((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p))
          .map((p) => [p.name.getText(), p.initializer]),
      );
      const message = props.get('message');
      if (props.has('success') && message && isLiteralText(message))
        report(message, '{ success, message: <literal> }: say it with say(request, msg(CODE))');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('user messages come from the catalogue', () => {
  const findings = sourceFiles(SRC).flatMap((file) =>
    inlineMessages(file.split(path.sep).join('/'), fs.readFileSync(path.join(SRC, file), 'utf8')),
  );

  it('has no inline message', () => {
    expect(findings.map((f) => `${f.file}:${f.line} ${f.what}`)).toEqual([]);
  });

  it('notices each kind of inline message', () => {
    const sample = [
      "throw new DomainError(404, 'ไม่พบ', 'NOT_FOUND');",
      "throw fieldError('hn', 'HN นี้มีในระบบแล้ว');",
      "const m = verbatim('text');",
      'reply.send({ success: false, message: `ไม่พบ ${x}` });',
      "throw patientError('PATIENT_NOT_FOUND', { name: 'สมชาย' });",
      'class A extends DomainError { constructor() { super(409, "x", "Y"); } }',
    ].join('\n');
    // Log text of other errors is not a user message.
    expect(inlineMessages('modules/x/x.ts', "class B extends Error { constructor() { super('x'); } }")).toEqual([]);
    expect(inlineMessages('modules/x/x.ts', sample).map((f) => f.line)).toEqual([1, 2, 3, 4, 5, 6]);
    const fine = [
      "throw patientError('HN_TAKEN', { field: 'hn' });",
      "reply.send({ success: true, message: say(req, msg('BILLING_CREATED')) });",
      'const m = verbatim(issue.message);',
    ].join('\n');
    expect(inlineMessages('modules/x/x.ts', fine)).toEqual([]);
  });
});
