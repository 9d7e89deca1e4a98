/**
 * Compares the figures of a bench run with bench/budgets.json: one line per
 * figure, with its budget and whether it is within it.
 */

/** @typedef {{min?: number, max?: number, equals?: unknown}} Bound */

/** @param {Record<string, unknown>} object @param {string} dotted */
function figureAt(object, dotted) {
  return dotted.split('.').reduce((value, key) => (value == null ? undefined : value[key]), object);
}

/** @param {Bound} bound */
function describe(bound) {
  if ('equals' in bound) return `= ${bound.equals}`;
  return [bound.min !== undefined && `≥ ${bound.min}`, bound.max !== undefined && `≤ ${bound.max}`]
    .filter(Boolean)
    .join(' and ');
}

/** @param {unknown} value @param {Bound} bound */
function within(value, bound) {
  if ('equals' in bound) return value === bound.equals;
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return (bound.min === undefined || value >= bound.min) && (bound.max === undefined || value <= bound.max);
}

/**
 * @param {{pages?: Record<string, unknown>[], build?: object, writer?: object}} results
 * @param {{pages: Record<string, Record<string, Bound>>, build: Record<string, Bound>, writer: Record<string, Bound>}} budgets
 */
export function checkBudgets(results, budgets) {
  /** @type {{subject: string, figure: string, value: unknown, budget: string, ok: boolean}[]} */
  const lines = [];
  /** @param {string} subject @param {Record<string, unknown>} figures @param {Record<string, Bound>} bounds */
  const check = (subject, figures, bounds) => {
    for (const [figure, bound] of Object.entries(bounds)) {
      const value = figureAt(figures, figure);
      lines.push({
        subject,
        figure,
        value: value ?? 'not measured',
        budget: describe(bound),
        ok: within(value, bound),
      });
    }
  };
  for (const page of results.pages ?? []) {
    const kind = /** @type {string} */ (page.kind);
    check(kind, page, {...budgets.pages['*'], ...budgets.pages[kind]});
  }
  if (results.build) check('build', results.build, budgets.build);
  if (results.writer) check('writer loop', results.writer, budgets.writer);
  return lines;
}
