// @ts-check
/**
 * Compares the figures of a bench run with bench/pages/budgets.json: one line per
 * figure, with its budget and whether it is within it.
 *
 * A bound is absolute (`{"min": 100}`) or relative to the framework floor
 * measured in the same run (`{"min": {"floor": -3}}`: at least the floor's
 * same figure minus 3). Lighthouse's scores and blocking time move with the
 * load of the machine, by 10 points from one run to the next on a shared host,
 * and the floor moves with them: a page is judged against what Docusaurus alone
 * scores at the same moment, which the machine's load cannot decide.
 */

/** @typedef {number | {floor: number}} Limit */
/** @typedef {{min?: Limit, max?: Limit, equals?: unknown}} Bound */
/** @typedef {{subject: string, figure: string, value: unknown, budget: string, ok: boolean}} Line */

/** @param {Record<string, unknown> | undefined} object @param {string} dotted */
function figureAt(object, dotted) {
  return dotted
    .split('.')
    .reduce(
      (/** @type {any} */ value, key) => (value == null ? undefined : value[key]),
      /** @type {unknown} */ (object),
    );
}

/** @param {unknown} value */
const isNumber = (value) => typeof value === 'number' && Number.isFinite(value);

/** @param {number} n */
const signed = (n) => (n < 0 ? `− ${-n}` : `+ ${n}`);

/**
 * The number a limit stands for, and how to say it: `floor 99 − 3`.
 *
 * @param {Limit} limit @param {unknown} floorValue
 * @returns {{number: number | undefined, text: string}}
 */
function resolve(limit, floorValue) {
  if (typeof limit === 'number') return {number: limit, text: String(limit)};
  if (!isNumber(floorValue)) return {number: undefined, text: `floor (not measured) ${signed(limit.floor)}`};
  const number = Number(/** @type {number} */ (floorValue)) + limit.floor;
  // Rounded to what a figure can hold (scores are whole, CLS has three decimals).
  return {
    number: Math.round(number * 1000) / 1000,
    text: `floor ${String(floorValue)} ${signed(limit.floor)}`,
  };
}

/** @param {Limit | undefined} limit */
const relative = (limit) => limit !== undefined && typeof limit !== 'number';

/**
 * Checks a budget file's shape, so that a typing error in it says where it is
 * instead of passing every figure.
 *
 * @param {string} where @param {unknown} bound
 */
function validBound(where, bound) {
  if (bound === null || typeof bound !== 'object' || Array.isArray(bound)) {
    throw new Error(`bench/pages/budgets.json: ${where} must be an object with min, max or equals`);
  }
  const keys = Object.keys(bound);
  const unknown = keys.filter((key) => !['min', 'max', 'equals'].includes(key));
  if (unknown.length > 0 || keys.length === 0) {
    throw new Error(
      `bench/pages/budgets.json: ${where} takes min, max or equals${unknown.length > 0 ? `, not ${unknown.join(', ')}` : ''}`,
    );
  }
  for (const key of /** @type {const} */ (['min', 'max'])) {
    const limit = /** @type {Record<string, unknown>} */ (bound)[key];
    if (limit === undefined || isNumber(limit)) continue;
    const floor = /** @type {{floor?: unknown}} */ (limit)?.floor;
    if (limit === null || typeof limit !== 'object' || Object.keys(limit).length !== 1 || !isNumber(floor)) {
      throw new Error(
        `bench/pages/budgets.json: ${where}.${key} is a number, or {"floor": n} for the floor's figure plus n; got ${JSON.stringify(limit)}`,
      );
    }
  }
  return /** @type {Bound} */ (bound);
}

/**
 * @param {unknown} value @param {Bound} bound @param {Record<string, unknown> | undefined} floor
 * @param {string} figure
 * @returns {{budget: string, ok: boolean}}
 */
function judge(value, bound, floor, figure) {
  if ('equals' in bound) return {budget: `= ${bound.equals}`, ok: value === bound.equals};
  const floorValue = figureAt(floor, figure);
  const min = bound.min === undefined ? undefined : resolve(bound.min, floorValue);
  const max = bound.max === undefined ? undefined : resolve(bound.max, floorValue);
  /** @param {string} sign @param {{number: number | undefined, text: string}} limit @param {Limit} given */
  const say = (sign, limit, given) =>
    relative(given) && limit.number !== undefined
      ? `${sign} ${limit.text} = ${limit.number}`
      : `${sign} ${limit.text}`;
  const budget = [
    min && bound.min !== undefined && say('≥', min, bound.min),
    max && bound.max !== undefined && say('≤', max, bound.max),
  ]
    .filter(Boolean)
    .join(' and ');
  if (!isNumber(value)) return {budget, ok: false};
  const number = /** @type {number} */ (value);
  const ok =
    (min === undefined || (min.number !== undefined && number >= min.number)) &&
    (max === undefined || (max.number !== undefined && number <= max.number));
  return {budget, ok};
}

/**
 * Whether any page budget is relative to the floor: then the floor must be
 * measured in the same run as the pages.
 *
 * @param {{pages?: Record<string, Record<string, Bound>>}} budgets
 */
export function needsFloor(budgets) {
  return Object.values(budgets.pages ?? {}).some((bounds) =>
    Object.values(bounds).some((bound) => relative(bound.min) || relative(bound.max)),
  );
}

/**
 * @param {{pages?: Record<string, unknown>[], floor?: Record<string, unknown>, build?: object, writer?: object}} results
 * @param {{pages: Record<string, Record<string, unknown>>, build: Record<string, unknown>, writer: Record<string, unknown>}} budgets
 * @returns {Line[]}
 */
export function checkBudgets(results, budgets) {
  /** @type {Line[]} */
  const lines = [];
  // A floor that failed to be measured carries an error and no figures: every relative bound misses.
  const floor = results.floor && !results.floor.error ? results.floor : undefined;
  for (const [section, entries] of [
    ...Object.entries(budgets.pages).map(([kind, bounds]) => [`pages."${kind}"`, bounds]),
    ['build', budgets.build],
    ['writer', budgets.writer],
  ]) {
    for (const [figure, bound] of Object.entries(entries ?? {})) validBound(`${section}."${figure}"`, bound);
  }
  /** @param {string} subject @param {Record<string, unknown>} figures @param {Record<string, unknown>} bounds */
  const check = (subject, figures, bounds) => {
    for (const [figure, given] of Object.entries(bounds ?? {})) {
      const bound = /** @type {Bound} */ (given);
      const value = figureAt(figures, figure);
      lines.push({subject, figure, value: value ?? 'not measured', ...judge(value, bound, floor, figure)});
    }
  };
  for (const page of results.pages ?? []) {
    const kind = /** @type {string} */ (page.kind);
    check(kind, page, {...budgets.pages['*'], ...budgets.pages[kind]});
  }
  if (results.build) check('build', /** @type {Record<string, unknown>} */ (results.build), budgets.build);
  if (results.writer)
    check('writer loop', /** @type {Record<string, unknown>} */ (results.writer), budgets.writer);
  return lines;
}
