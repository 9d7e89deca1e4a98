// @ts-check
/** The middle and the spread of repeated measures. */

/**
 * The median of the finite numbers of `numbers` (the upper one of an even count); null when
 * there is none.
 *
 * @param {number[]} numbers
 */
export function median(numbers) {
  const sorted = numbers.filter((n) => Number.isFinite(n)).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor(sorted.length / 2)];
}

/**
 * The median, the 90th percentile and the largest of `numbers`.
 *
 * @param {number[]} numbers
 */
export function spread(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)],
    p90: sorted[Math.ceil(sorted.length * 0.9) - 1],
    max: sorted.at(-1),
  };
}
