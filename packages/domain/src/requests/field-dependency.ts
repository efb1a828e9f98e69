/** A rule that shows or hides an additional field from another field's value (spec §5 conditional fields). */
export interface FieldDependencyRule {
  dependencyFieldId: string;
  trigOperator: string;
  trigValue: string;
  action: string;
}

/** True when the value meets the operator (=, >, <, >=, <=, contains); numbers compare as numbers. */
export function dependencyMatches(value: unknown, operator: string, trigValue: string): boolean {
  if (value === undefined || value === null || value === '') return false;
  const text = (x: unknown): string =>
    typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'boolean' ? `${x}` : JSON.stringify(x);
  const list = Array.isArray(value) ? value.map(text) : [text(value)];
  const num = (s: string) => (s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : null);
  return list.some((v) => {
    const a = num(v);
    const b = num(trigValue);
    switch (operator) {
      case '=':
        return a !== null && b !== null ? a === b : v === trigValue;
      case '>':
        return a !== null && b !== null && a > b;
      case '<':
        return a !== null && b !== null && a < b;
      case '>=':
        return a !== null && b !== null && a >= b;
      case '<=':
        return a !== null && b !== null && a <= b;
      case 'contains':
        return v.toLowerCase().includes(trigValue.toLowerCase());
      default:
        return false;
    }
  });
}

/** Whether a field shows given the other fields' values: a matching 'show' rule shows it, a matching 'hide' rule hides it. */
export function isFieldShown(
  base: boolean,
  rules: readonly FieldDependencyRule[] | null | undefined,
  values: Record<string, unknown>,
): boolean {
  if (!rules || rules.length === 0) return base;
  const shows = rules.filter((r) => r.action === 'show');
  if (
    rules.some(
      (r) => r.action === 'hide' && dependencyMatches(values[r.dependencyFieldId], r.trigOperator, r.trigValue),
    )
  )
    return false;
  if (shows.length > 0)
    return shows.some((r) => dependencyMatches(values[r.dependencyFieldId], r.trigOperator, r.trigValue));
  return base;
}
