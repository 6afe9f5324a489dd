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
