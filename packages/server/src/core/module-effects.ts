import ts from 'typescript';

/**
 * What a module does by being loaded (issue 27): statements at its top level that run code — a
 * call such as `onSubjectChange(...)`, an assignment, a loop or an `if` — and calls of a
 * registering function (`register…`, `on…`) in a top-level initializer. A feature declares into
 * its app's registry from its register function instead, so that loading a module changes
 * nothing and two apps in one process hold their own declarations. Declarations (imports,
 * exports, types, functions, classes, constants) are what a module may have at its top level.
 * Answers one line per effect: `<line>: <first line of the statement>`.
 */
export function moduleLevelEffects(file: string, text: string): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const report = (node: ts.Node) => {
    const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1;
    out.push(`${line}: ${node.getText(src).split('\n')[0]}`);
  };
  for (const st of src.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (d.initializer) registeringCalls(d.initializer, report);
    } else if (ts.isExportAssignment(st)) registeringCalls(st.expression, report);
    else if (!isDeclaration(st)) report(st);
  }
  return out;
}

const registering = /^(register|on)[A-Z]/;

/** Calls of a registering function in an initializer, outside the functions it defines (those run later). */
function registeringCalls(node: ts.Node, report: (node: ts.Node) => void): void {
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    const name = ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : undefined;
    if (name && registering.test(name)) report(node);
  }
  ts.forEachChild(node, (child) => registeringCalls(child, report));
}

function isDeclaration(st: ts.Statement): boolean {
  return (
    ts.isImportDeclaration(st) ||
    ts.isImportEqualsDeclaration(st) ||
    ts.isExportDeclaration(st) ||
    ts.isTypeAliasDeclaration(st) ||
    ts.isInterfaceDeclaration(st) ||
    ts.isFunctionDeclaration(st) ||
    ts.isClassDeclaration(st) ||
    ts.isEnumDeclaration(st) ||
    ts.isModuleDeclaration(st) ||
    ts.isEmptyStatement(st)
  );
}

/** Calls that change a Map, Set or array in place. */
const mutators = new Set(['set', 'add', 'push', 'unshift', 'splice', 'delete', 'clear']);

/**
 * Registering functions (`register…`, `on…`) that write into their module's own state (a
 * top-level Map, Set, array, object or variable): even called from a feature's register function,
 * what they keep would be shared by every app in the process. Such a registry belongs to the app
 * (registry.ts), handed to the function. Answers `<line>: <function> writes <binding>`.
 */
export function moduleLevelRegistries(file: string, text: string): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const moduleBindings = new Set<string>();
  const functions: { name: string; fn: ts.SignatureDeclaration }[] = [];
  for (const st of src.statements) {
    if (ts.isFunctionDeclaration(st) && st.name && registering.test(st.name.text))
      functions.push({ name: st.name.text, fn: st });
    if (!ts.isVariableStatement(st)) continue;
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      moduleBindings.add(d.name.text);
      const init = d.initializer;
      if (init && registering.test(d.name.text) && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)))
        functions.push({ name: d.name.text, fn: init });
    }
  }
  const out: string[] = [];
  for (const { name, fn } of functions) {
    const local = localNames(fn);
    const visit = (node: ts.Node): void => {
      const target = writtenBinding(node);
      if (target && moduleBindings.has(target) && !local.has(target)) {
        const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1;
        out.push(`${line}: ${name} writes ${target}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(fn);
  }
  return out;
}

/** The top-level name a node writes: `x.set(…)`, `x.push(…)`, `x = …`, `x[k] = …`, `x.k = …`. */
function writtenBinding(node: ts.Node): string | undefined {
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    const target = node.expression.expression;
    return ts.isIdentifier(target) && mutators.has(node.expression.name.text) ? target.text : undefined;
  }
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
    node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
  ) {
    let left: ts.Expression = node.left;
    while (ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) left = left.expression;
    return ts.isIdentifier(left) ? left.text : undefined;
  }
  return undefined;
}

/** Names a function declares itself (parameters, variables): they shadow the module's. */
function localNames(fn: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      (ts.isParameter(node) || ts.isVariableDeclaration(node) || ts.isBindingElement(node)) &&
      ts.isIdentifier(node.name)
    )
      names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(fn);
  return names;
}
