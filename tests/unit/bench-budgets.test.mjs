// @ts-check
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {checkBudgets, needsFloor} from '../../bench/pages/budgets.mjs';
import {root} from '../support/openapi.mjs';

const BUDGETS = {
  pages: {
    '*': {
      'mobile.performance': {min: {floor: -3}},
      'mobile.tbtMs': {max: {floor: 150}},
      'desktop.performance': {min: {floor: -2}},
      cssKB: {max: 30},
    },
    reference: {jsKB: {max: 250}, readableWithoutJavaScript: {equals: true}},
  },
  build: {'warm.ms': {max: 22500}},
  writer: {},
};

/** Lighthouse figures of a page (or of the floor). */
const lighthouse = (mobilePerformance, tbtMs, desktopPerformance) => ({
  mobile: {performance: mobilePerformance, tbtMs},
  desktop: {performance: desktopPerformance},
});

/** @param {ReturnType<typeof checkBudgets>} lines @param {string} subject @param {string} figure */
const line = (lines, subject, figure) => {
  const found = lines.find((l) => l.subject === subject && l.figure === figure);
  assert.ok(found, `no line for ${subject} · ${figure}`);
  return found;
};

test("a page's scores and blocking time are judged against the floor of the same run", () => {
  const floor = {kind: 'framework floor', ...lighthouse(90, 40, 99)};
  const pages = [
    {kind: 'guide', cssKB: 20, ...lighthouse(87, 190, 97)},
    {kind: 'reference', cssKB: 20, jsKB: 240, readableWithoutJavaScript: true, ...lighthouse(86, 191, 96)},
  ];
  const lines = checkBudgets({pages, floor}, BUDGETS);
  // At the bound, on the right side of it: within budget.
  for (const figure of ['mobile.performance', 'mobile.tbtMs', 'desktop.performance']) {
    assert.equal(line(lines, 'guide', figure).ok, true, figure);
  }
  // One point, or one millisecond, past it: a miss.
  for (const figure of ['mobile.performance', 'mobile.tbtMs', 'desktop.performance']) {
    assert.equal(line(lines, 'reference', figure).ok, false, figure);
  }
  assert.equal(line(lines, 'guide', 'mobile.performance').budget, '≥ floor 90 − 3 = 87');
  assert.equal(line(lines, 'guide', 'mobile.tbtMs').budget, '≤ floor 40 + 150 = 190');
  assert.equal(line(lines, 'reference', 'mobile.tbtMs').value, 191);
});

test('the same page passes on a slow run and a fast one, as long as it keeps its distance from the floor', () => {
  const page = (m, t, d) => ({kind: 'guide', cssKB: 20, ...lighthouse(m, t, d)});
  const quiet = checkBudgets({pages: [page(97, 60, 100)], floor: lighthouse(99, 10, 100)}, BUDGETS);
  const loaded = checkBudgets({pages: [page(85, 400, 88)], floor: lighthouse(88, 300, 90)}, BUDGETS);
  assert.deepEqual(
    [...quiet, ...loaded].filter((l) => !l.ok),
    [],
  );
});

test('absolute budgets stay absolute, and the per-kind entry adds to "*"', () => {
  const floor = lighthouse(90, 40, 99);
  const lines = checkBudgets(
    {
      pages: [{kind: 'reference', cssKB: 31, jsKB: 250, readableWithoutJavaScript: false, ...floor}],
      floor,
      build: {warm: {ms: 22501}},
    },
    BUDGETS,
  );
  assert.deepEqual(
    lines.filter((l) => !l.ok).map((l) => `${l.subject} · ${l.figure}`),
    ['reference · cssKB', 'reference · readableWithoutJavaScript', 'build · warm.ms'],
  );
  assert.equal(line(lines, 'reference', 'jsKB').budget, '≤ 250');
});

test('without a floor, or with a floor that could not be measured, every floor-relative figure misses', () => {
  const pages = [{kind: 'guide', cssKB: 20, ...lighthouse(100, 0, 100)}];
  for (const floor of [undefined, {kind: 'framework floor', error: 'nginx did not answer'}]) {
    const lines = checkBudgets({pages, floor}, BUDGETS);
    const relative = lines.filter((l) => l.figure !== 'cssKB');
    assert.equal(relative.length, 3);
    for (const l of relative) {
      assert.equal(l.ok, false, l.figure);
      assert.match(l.budget, /floor \(not measured\)/);
    }
    assert.equal(line(lines, 'guide', 'cssKB').ok, true);
  }
});

test('a figure the page lacks, or a page that could not be measured, misses its budget', () => {
  const floor = lighthouse(90, 40, 99);
  const lines = checkBudgets({pages: [{kind: 'guide', route: '/x', error: 'timed out'}], floor}, BUDGETS);
  assert.ok(lines.length > 0);
  assert.ok(lines.every((l) => !l.ok && l.value === 'not measured'));
});

test('a mistyped budget is named, instead of passing every figure', () => {
  const broken = (bound) => ({...BUDGETS, pages: {'*': {'mobile.performance': bound}}});
  assert.throws(
    () => checkBudgets({pages: []}, broken({min: {flor: -3}})),
    /pages\."\*"\."mobile\.performance"\.min/,
  );
  assert.throws(
    () => checkBudgets({pages: []}, broken({minimum: 90})),
    /takes min, max or equals, not minimum/,
  );
  assert.throws(() => checkBudgets({pages: []}, broken({min: '90'})), /is a number, or \{"floor": n\}/);
});

test("the portal's budgets judge every Lighthouse score and blocking time against the floor", () => {
  const budgets = JSON.parse(readFileSync(path.join(root, 'bench', 'pages', 'budgets.json'), 'utf8'));
  assert.equal(needsFloor(budgets), true);
  assert.deepEqual(budgets.pages['*']['mobile.performance'], {min: {floor: -3}});
  assert.deepEqual(budgets.pages['*']['mobile.tbtMs'], {max: {floor: 150}});
  assert.deepEqual(budgets.pages['*']['desktop.performance'], {min: {floor: -2}});
  // No kind of page sets an absolute performance score or blocking time of its own.
  for (const [kind, bounds] of Object.entries(budgets.pages)) {
    for (const figure of ['mobile.performance', 'mobile.tbtMs', 'desktop.performance', 'desktop.tbtMs']) {
      const bound = bounds[figure];
      if (bound) assert.equal(typeof (bound.min ?? bound.max), 'object', `${kind} · ${figure}`);
    }
  }
  // The file is valid: checking a run of every kind of page raises nothing.
  assert.doesNotThrow(() => checkBudgets({pages: []}, budgets));
});
