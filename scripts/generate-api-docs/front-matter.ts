/** A front matter field of a generated page, as the generator writes it: `name: value` on one line. */
export function frontMatterField(page: string, name: string): string | undefined {
  return new RegExp(`^${name}: (.*)$`, 'm').exec(page.split(/^---$/m)[1] ?? '')?.[1];
}
