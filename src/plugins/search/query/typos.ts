/**
 * Whether `a` and `b` are at most `max` typos apart, a typo being a letter
 * added, left out or changed, or two letters side by side swapped: as the index library
 * counts them for the stems (optimal string alignment distance, given up as
 * soon as every way is more than `max` apart).
 *
 * A typo is looked for in every word of the index, so the three rows of the
 * table are kept from call to call rather than made each time.
 */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

export function withinTypos(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (rows[0].length <= b.length) rows = rows.map(() => new Int32Array(2 * (b.length + 1)));
  let [beforePrevious, previous, current] = rows;
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j += 1) {
      let distance = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, beforePrevious[j - 2] + 1);
      }
      current[j] = distance;
      least = Math.min(least, distance);
    }
    if (least > max) return false;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[b.length] <= max;
}
